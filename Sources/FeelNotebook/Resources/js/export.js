// The export: a point's constants as Swift or Objective-C for the sample project's scrubber,
// or its scene file; and copying text to the clipboard.
(function (FL) {
  "use strict";

  var NOT_SIMULATED = " // from the comps; not simulated in this experiment";

  /// The constants to export: the point's own (simulated), else the comps' (not simulated).
  function exportConstants(exp, point, stack) {
    var wanted = FL.comps.resolve(stack);
    var out = {};
    FL.constants.list.forEach(function (c) {
      var have = exp.constant(c.name, point);
      if (have !== null) out[c.name] = { value: have, simulated: true };
      else if (Object.prototype.hasOwnProperty.call(wanted, c.name)) {
        out[c.name] = { value: wanted[c.name], simulated: false };
      }
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

  /// Whether the push goes right (the tap was not on the right half).
  function pushesRight(exp, point) { return exp.motion(point).gesture !== FL.gesture.tapRight; }

  function swiftCode(exp, point, stack) {
    var c = exportConstants(exp, point, stack);
    var lines = header(exp, point, stack);
    if (c.width) lines.push("// Tuned on a " + num(c.width.value) + " pt wide bar.");
    lines.push("import UIKit", "", "enum ScrubberFeel {");
    var note = function (k) { return c[k].simulated ? "" : NOT_SIMULATED; };
    if (c.damping) {
      lines.push("  /// UISnapBehavior.damping of the scrubbing behavior (snap back after a drag).",
        "  static let snapDamping: CGFloat = " + num(c.damping.value) + note("damping"));
    }
    if (c.push) {
      lines.push("  /// UIPushBehavior magnitude of the tap hint (instantaneous push).",
        "  static let pushMagnitude: CGFloat = " + num(c.push.value) + note("push"));
    }
    if (c.gravity) {
      lines.push("  /// UIGravityBehavior magnitude of the tap hint (1 = 1000 pt/s²).",
        "  static let gravityMagnitude: CGFloat = " + num(c.gravity.value) + note("gravity"));
    }
    if (c.wall) {
      lines.push("  /// How far outside the bar's edge the hint's collision boundary stands (pt).",
        "  static let collisionBoundaryOffset: CGFloat = " + num(c.wall.value) + note("wall"));
    }
    lines.push("}", "");
    if (c.damping) lines.push("snapBehavior.damping = ScrubberFeel.snapDamping");
    var left = pushesRight(exp, point);
    if (c.push) {
      lines.push("tapHintBehavior.pushBehavior.setAngle(" + (left ? "0" : ".pi") +
        ", magnitude: ScrubberFeel.pushMagnitude)", "tapHintBehavior.pushBehavior.active = true");
    }
    if (c.gravity) {
      lines.push("tapHintBehavior.gravityBehavior.setAngle(" + (left ? ".pi" : "0") +
        ", magnitude: ScrubberFeel.gravityMagnitude)");
    }
    if (c.wall) {
      var xs = left ? "-ScrubberFeel.collisionBoundaryOffset"
        : "view.bounds.width + ScrubberFeel.collisionBoundaryOffset";
      lines.push("tapHintBehavior.collisionBehavior.addBoundary(",
        "  withIdentifier: \"" + (left ? "leftCollisionPoint" : "rightCollisionPoint") + "\" as NSString,",
        "  from: CGPoint(x: " + xs + ", y: 0),",
        "  to: CGPoint(x: " + xs + ", y: view.bounds.height))");
    }
    return lines.join("\n") + "\n";
  }

  function objcCode(exp, point, stack) {
    var c = exportConstants(exp, point, stack);
    var lines = header(exp, point, stack);
    if (c.width) lines.push("// Tuned on a " + num(c.width.value) + " pt wide bar.");
    var note = function (k) { return c[k].simulated ? "" : NOT_SIMULATED; };
    if (c.damping) lines.push("static const CGFloat kSnapDamping = " + num(c.damping.value) + ";" + note("damping"));
    if (c.push) lines.push("static const CGFloat kPushMagnitude = " + num(c.push.value) + ";" + note("push"));
    if (c.gravity) {
      lines.push("static const CGFloat kGravityMagnitude = " + num(c.gravity.value) + ";" + note("gravity"));
    }
    if (c.wall) {
      lines.push("static const CGFloat kCollisionBoundaryOffset = " + num(c.wall.value) + ";" + note("wall"));
    }
    lines.push("");
    if (c.damping) lines.push("snapBehavior.damping = kSnapDamping;");
    var left = pushesRight(exp, point);
    if (c.push) {
      lines.push("[self.tapHintBehavior.pushBehavior setAngle:" + (left ? "0.f" : "M_PI") +
        " magnitude:kPushMagnitude];", "self.tapHintBehavior.pushBehavior.active = YES;");
    }
    if (c.gravity) {
      lines.push("[self.tapHintBehavior.gravityBehavior setAngle:" + (left ? "M_PI" : "0.f") +
        " magnitude:kGravityMagnitude];");
    }
    if (c.wall) {
      var x = left ? "kCollisionBoundaryOffset * -1" : "CGRectGetWidth(self.view.bounds) + kCollisionBoundaryOffset";
      var id = left ? "leftCollisionPoint" : "rightCollisionPoint";
      lines.push("CGPoint " + id + "Top = CGPointMake(" + x + ", 0.f);",
        "CGPoint " + id + "Bottom = CGPointMake(" + x + ", CGRectGetHeight(self.view.bounds));",
        "[self.tapHintBehavior.collisionBehavior addBoundaryWithIdentifier:@\"" + id + "\" fromPoint:" + id +
          "Top toPoint:" + id + "Bottom];");
    }
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

  /// The export of `kind` ("swift", "objc", else the scene file) of a point and its comp stack.
  function text(kind, exp, point, stack) {
    return kind === "swift" ? swiftCode(exp, point, stack)
      : kind === "objc" ? objcCode(exp, point, stack) : sceneCode(exp, point, stack);
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
