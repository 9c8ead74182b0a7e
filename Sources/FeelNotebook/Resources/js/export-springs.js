// The export's spring and CSS targets: `feel export`'s report of a stored point, which Swift
// computed (PointExport.swift) and wrote as TextTemplateCodec text (shapes and numbers); this
// file only rebuilds the texts.
(function (FL) {
  "use strict";

  /// The targets, as the data names them, with their tab labels.
  var LABELS = { swiftui: "SwiftUI", caspring: "Core Animation", compose: "Compose", css: "CSS linear()" };

  /// Text `k` of an entry: shape pieces with the numbers between them.
  function field(shapes, entry, k) {
    var pieces = shapes[entry[2 * k]], numbers = entry[2 * k + 1] === "" ? [] : entry[2 * k + 1].split(" ");
    var out = pieces[0];
    for (var n = 0; n < numbers.length; n++) out += numbers[n] + pieces[n + 1];
    return out;
  }

  /// Stored point `i`'s report for `target`: {code, error, summary}, or {message} when feel
  /// export has nothing to fit (its own words), or {missing} when no report was computed.
  function report(exp, i, target) {
    var data = exp.data.export;
    if (!data) return { missing: "This notebook has no feel export reports." };
    var entry = Array.isArray(data.points) ? data.points[i] : data.points.all;
    if (!entry && data.count === 0) {
      return { missing: "No precomputed feel export: this notebook was written with --max-export-points 0." };
    }
    if (!entry) {
      return {
        missing: "No precomputed feel export for this point: the notebook computes it for " + data.count +
          " of the " + exp.data.storedPoints + " stored points (every " + data.strides.join("×") +
          " stored value on each axis). Run `feel export` on this point's scene file (the TOML tab).",
      };
    }
    if (entry.length === 2) return { message: field(data.shapes, entry, 0) };
    var t = data.targets.indexOf(target);
    return {
      summary: field(data.shapes, entry, 0),
      code: field(data.shapes, entry, 1 + 2 * t),
      error: field(data.shapes, entry, 2 + 2 * t),
    };
  }

  /// The text box's text: the code to paste, or why there is none.
  function text(exp, i, target) {
    var r = report(exp, i, target);
    if (r.code !== undefined) return r.code + "\n";
    return "// " + (r.missing || "feel export: " + r.message) + "\n";
  }

  /// The note under the box: the fit's error as feel export states it, and its summary (the
  /// approach, the best spring, whether a single spring can match).
  function note(exp, i, target) {
    var r = report(exp, i, target);
    if (r.code === undefined) return r.missing || "feel export: " + r.message;
    return LABELS[target] + " error: " + r.error + "\n" + r.summary.replace(/^ {2}/gm, "");
  }

  FL.springExport = { LABELS: LABELS, report: report, text: text, note: note };
})(window.FeelLab = window.FeelLab || {});
