// FeelLab notebook: draws what `feel notebook` computed. No physics here: every position comes
// from the data scripts (data/*.js), written by FeelLab's engine; these scripts decode, pick
// frames by time and draw. No network, no fetch: data scripts are <script> elements.
//
// The page's scripts are classic scripts (a file:// page cannot load ES modules), loaded in the
// order of NotebookAssets.files. Each adds its part to one namespace, window.FeelLab (FL here);
// this first one holds what the others share: the page's configuration, the codes the data
// uses, text formatting and the DOM helper.
//
// Text from experiment files and comp names is only ever set with textContent, option text,
// attribute values or canvas fillText, never parsed as HTML.
(function (FL) {
  "use strict";

  /// What `feel notebook` wrote into data/notebook.js: the codec, the skins, the controls the
  /// experiments name (their constants, comps, export names and skin settings, from their
  /// control files: docs/controls.md) and the experiments.
  FL.page = window.FEEL_NOTEBOOK;
  /// Each experiment's data by id, as its data script (data/ID.js) adds it.
  FL.data = window.FEEL_NOTEBOOK_DATA = window.FEEL_NOTEBOOK_DATA || {};
  /// One colour per panel: the selection's, then the comps'.
  FL.COLORS = ["#0a84ff", "#ff6b00", "#30a46c", "#bf5af2"];

  // ---- Text ----------------------------------------------------------------------------------

  function pad2(n) { return n < 10 ? "0" + n : String(n); }

  /// m:ss under an hour, h:mm:ss from an hour on (docs/castro-scrubber.md's label).
  function formatElapsed(seconds) {
    var s = Math.max(0, Math.floor(seconds + 1e-9));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return h > 0 ? h + ":" + pad2(m) + ":" + pad2(r) : m + ":" + pad2(r);
  }

  /// A number for reading: `digits` decimals at most (3 by default), exponents when tiny or
  /// huge, a dash when absent.
  function numberText(x, digits) {
    if (x === null || x === undefined || !isFinite(x)) return "—";
    if (Math.abs(x) >= 1e5 || (x !== 0 && Math.abs(x) < 1e-3)) return x.toExponential(2);
    return String(Number(x.toFixed(digits === undefined ? 3 : digits)));
  }

  /// A metric as the page shows it: its label and unit ("settle time (s)"), the CSV column in
  /// the tooltips and the CSV; the column name when the data has no label.
  function metricLabel(metric) {
    var name = metric.label || metric.name;
    return name + (metric.unit ? " (" + metric.unit + ")" : "");
  }

  FL.text = { formatElapsed: formatElapsed, numberText: numberText, metricLabel: metricLabel };

  // ---- DOM -----------------------------------------------------------------------------------

  /// A new element: `attrs` sets text, className, style, on* listeners or attributes; children
  /// are nodes or strings (set as text).
  FL.el = function (tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      for (var key in attrs) {
        if (!Object.prototype.hasOwnProperty.call(attrs, key)) continue;
        var v = attrs[key];
        if (v === null || v === undefined || v === false) continue;
        if (key === "text") node.textContent = v;
        else if (key === "className") node.className = v;
        else if (key === "style") node.style.cssText = v; // CSSOM: allowed by the page's CSP
        else if (key.slice(0, 2) === "on") node.addEventListener(key.slice(2), v);
        else node.setAttribute(key, v === true ? "" : String(v));
      }
    }
    (children || []).forEach(function (c) {
      if (c === null || c === undefined) return;
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  };
})(window.FeelLab = window.FeelLab || {});
