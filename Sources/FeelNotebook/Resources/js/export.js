// The export: a point's constants as Swift or Objective-C, with the names, types and lines its
// control file gives (and its skin adds), or its scene file; and copying text to the clipboard.
(function (FL) {
  "use strict";

  var NOT_SIMULATED = " // from the comps; not simulated in this experiment";

  /// The constants to export, by name: the point's own (simulated), else the comps' (not
  /// simulated); each with its definition (the control file's) and `ref`, the name code uses.
  function exportConstants(exp, point, stack, kind) {
    var control = FL.controls[exp.control];
    var wanted = FL.comps.resolve(stack, exp.control);
    var out = {};
    FL.constants.list(exp.control).forEach(function (c) {
      var have = exp.constant(c.name, point), entry = null;
      if (have !== null) entry = { value: have, simulated: true };
      else if (Object.prototype.hasOwnProperty.call(wanted, c.name)) {
        entry = { value: wanted[c.name], simulated: false };
      }
      if (!entry) return;
      entry.def = c;
      entry.ref = kind === "swift" ? (c.swift ? control.swiftType + "." + c.swift : null) : c.objc;
      out[c.name] = entry;
    });
    return out;
  }

  function num(v) { return String(v); }

  /// The two comment lines every export starts with: the experiment, the point and its comps.
  function header(exp, point, stack) {
    return [
      "// FeelLab notebook: " + exp.data.title.replace(/[\r\n\u2028\u2029]+/g, " "),
      "// Grid point: " + exp.describe(point) + (stack.length ? " (comps: " + stack.join(" + ") + ")" : ""),
    ];
  }

  /// The constants as code, from the control file (docs/controls.md): comment lines for the
  /// constants without a name in `kind`'s language, the declarations, then the lines that use
  /// them (the control file's, then its skin's).
  function code(kind, exp, point, stack) {
    var swift = kind === "swift";
    var lines = header(exp, point, stack);
    var control = FL.controls[exp.control];
    if (!control) {
      lines.push("// No control: this experiment names none (docs/controls.md), so there are no constants to",
        "// export. The scene file holds every value.");
      return lines.join("\n") + "\n";
    }
    var c = exportConstants(exp, point, stack, kind);
    var names = Object.keys(c);
    var note = function (k) { return c[k].simulated ? "" : NOT_SIMULATED; };
    names.forEach(function (k) {
      if (!c[k].ref && c[k].def.comment) lines.push("// " + c[k].def.comment.replace("{value}", num(c[k].value)));
    });
    if (swift) lines.push("import UIKit", "", "enum " + control.swiftType + " {");
    names.forEach(function (k) {
      var d = c[k].def;
      if (!c[k].ref) return;
      if (swift) {
        if (d.doc) lines.push("  /// " + d.doc);
        lines.push("  static let " + d.swift + ": " + d.type + " = " + num(c[k].value) + note(k));
      } else {
        lines.push("static const " + d.type + " " + d.objc + " = " + num(c[k].value) + ";" + note(k));
      }
    });
    if (swift) lines.push("}");
    lines.push("");
    names.forEach(function (k) {
      var use = swift ? c[k].def.swiftUse : c[k].def.objcUse;
      if (use && c[k].ref) lines.push(use.replace("{}", c[k].ref));
    });
    var skin = FL.skins[control.skin];
    if (skin && skin.exportLines) lines = lines.concat(skin.exportLines(kind, c, exp.motion(point)));
    return lines.join("\n") + "\n";
  }

  function sceneCode(exp, point, stack) {
    return exp.sceneText(point, [
      "Exported from the FeelLab notebook: " + exp.data.title,
      "Grid point of " + exp.data.file + ": " + exp.describe(point) +
        (stack.length ? " (comps: " + stack.join(" + ") + ")" : ""),
      "Run it: feel run THIS_FILE.toml",
    ]);
  }

  /// The export of `kind` ("swift", "objc", a feel export target of `FL.springExport`, else
  /// the scene file) of a point and its comp stack (the feel export targets: of the point).
  function text(kind, exp, point, stack) {
    if (kind === "swift" || kind === "objc") return code(kind, exp, point, stack);
    if (FL.springExport && Object.prototype.hasOwnProperty.call(FL.springExport.LABELS, kind)) {
      return FL.springExport.text(exp, point, kind);
    }
    return sceneCode(exp, point, stack);
  }

  /// Copies `text`, saying in `status` whether it worked.
  function copyText(text, status) {
    function fallback() {
      var area = FL.el("textarea", { className: "offscreen", "aria-hidden": "true" });
      area.value = text;
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(area);
      status.textContent = ok ? "Copied." : "Select the text and copy it (this browser blocked copying).";
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { status.textContent = "Copied."; }, fallback);
    } else {
      fallback();
    }
  }

  FL.exporter = { text: text, copyText: copyText };
})(window.FeelLab = window.FeelLab || {});
