// The explorer's live panel (docs/live-panel.md). The notebook opened from disk
// has no server, so the panel only says how to start one. Served by `feel serve`, the page also
// loads live/live-panel.js (the server adds it: this static page neither fetches nor opens
// sockets), which sets FL.livePanel; the panel is then built by it, and owns its session.
(function (FL) {
  "use strict";

  var el = FL.el;

  /// The live section of `explorer`: {box, panel}, the panel FL.livePanel's when the page is
  /// served (it follows the explorer's selection: `selectionChanged`), else null and the hint.
  FL.liveSection = function (explorer) {
    var box = el("section", { className: "live", "aria-label": "Live" });
    box.appendChild(el("h4", { text: "Live" }));
    if (FL.livePanel) return { box: box, panel: FL.livePanel(explorer, box) };
    box.appendChild(el("p", {
      className: "hint live-offline",
      text: "Drag the control yourself, move any constant and watch the engine answer: start the " +
        "studio with `make studio` (or `feel serve`) in the repository and open the URL it prints.",
    }));
    return { box: box, panel: null };
  };
})(window.FeelLab = window.FeelLab || {});
