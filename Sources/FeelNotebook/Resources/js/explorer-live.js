// The explorer's live panel (docs/live-panel.md). The notebook opened from disk
// has no server, so the panel only says how to start one. Served by `feel serve`, the page also
// loads live/live-panel.js (the server adds it: this static page neither fetches nor opens
// sockets), which sets FL.livePanel; the panel is then built by it.
(function (FL) {
  "use strict";

  var Explorer = FL.Explorer;
  var el = FL.el;

  /// The live panel's section: FL.livePanel's when the page is served, else the hint.
  Explorer.prototype.buildLive = function () {
    var box = el("section", { className: "live", "aria-label": "Live" });
    box.appendChild(el("h4", { text: "Live" }));
    if (FL.livePanel) {
      this.live = FL.livePanel(this, box);
      return box;
    }
    box.appendChild(el("p", {
      className: "hint live-offline",
      text: "Drag the control yourself, move any constant and watch the engine answer: start the " +
        "studio with `make studio` (or `feel serve`) in the repository and open the URL it prints.",
    }));
    return box;
  };

  /// The selection changed: the live panel follows it.
  Explorer.prototype.refreshLive = function () {
    if (this.live && this.live.selectionChanged) this.live.selectionChanged();
  };
})(window.FeelLab = window.FeelLab || {});
