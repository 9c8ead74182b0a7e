// The explorer's panels: the selection, then up to three comp stacks, each with its header
// (the stack's chips, a menu to stack another comp, Close), its canvas, a status line and a
// caption of the point shown and what it leaves out of the comps' constants.
(function (FL) {
  "use strict";

  var Explorer = FL.Explorer, Comps = FL.comps, el = FL.el, COLORS = FL.COLORS;

  /// A comp panel's header: the stack's chips, the menu to stack another comp, Close.
  Explorer.prototype.compHeader = function (header, p, n) {
    var self = this;
    header.appendChild(el("strong", { text: "Comp " + n + ": " }));
    p.stack.forEach(function (name, s) {
      header.appendChild(el("span", { className: "chip" }, [name, el("button", {
        type: "button", className: "chip-remove", "aria-label": "Remove " + name + " from this stack",
        onclick: function () { var stack = p.stack.slice(); stack.splice(s, 1); self.setStack(n, stack); },
      }, ["×"])]));
    });
    var adder = el("select", { className: "stack-add", "aria-label": "Stack a comp on panel " + n });
    adder.appendChild(new Option(p.stack.length ? "+ stack a comp…" : "choose a comp…", ""));
    // Only the comps not in this stack yet: a comp stacked twice would change nothing.
    Comps.all(this.exp.control).forEach(function (c) {
      if (p.stack.indexOf(c.name) < 0) adder.appendChild(new Option(c.name, c.name));
    });
    adder.addEventListener("change", function () {
      if (adder.value) self.setStack(n, p.stack.concat([adder.value]));
    });
    header.appendChild(adder);
    header.appendChild(el("button", {
      type: "button", className: "panel-remove", "aria-label": "Close panel " + n,
      onclick: function () { self.removePanel(n); },
    }, ["Close"]));
  };

  /// The point shown, its constants, and the comps' constants it does not have.
  function caption(exp, p) {
    var node = el("div", { className: "panel-caption" });
    node.appendChild(el("span", { text: exp.describe(p.point) }));
    var constants = exp.constantNames.map(function (k) {
      return FL.constants.text(exp.control, k, exp.constant(k, p.exact ? p.exact.point : p.point));
    });
    node.appendChild(el("span", { className: "constants", text: constants.join(" · ") }));
    var absent = p.notes.filter(function (note) { return note.absent; });
    p.notes.filter(function (note) { return !note.absent; }).forEach(function (note) {
      node.appendChild(el("span", { className: note.missing ? "mismatch missing" : "mismatch", text: note.text }));
    });
    if (absent.length) {
      node.appendChild(el("span", {
        className: "absent",
        text: "Not in this experiment's scenes: " + absent.map(function (n) { return n.text; }).join(", "),
      }));
    }
    return node;
  }

  /// Rebuilds the panels of `this.shown`; keeps each one's canvas and status line.
  Explorer.prototype.refreshPanels = function () {
    var self = this, exp = this.exp;
    this.panelGrid.textContent = "";
    this.panelGrid.className = "panels panels-" + this.shown.length;
    this.canvases = this.shown.map(function (p, n) {
      var canvas = el("canvas", {
        className: "control-canvas", role: "img",
        "aria-label": (self.control ? self.control.title : "The scene") + ", " + exp.describe(p.point),
      });
      var wrap = el("div", { className: "canvas-wrap" }, [canvas]);
      var header = el("div", { className: "panel-head" });
      header.appendChild(el("span", { className: "swatch", style: "background:" + COLORS[n % COLORS.length] }));
      if (n === 0) header.appendChild(el("strong", { text: "Selection" }));
      else self.compHeader(header, p, n);
      var status = el("div", { className: "panel-status" });
      self.panelGrid.appendChild(el("figure", { className: "panel", "data-panel": n }, [
        header, wrap, status, caption(exp, p),
      ]));
      return { canvas: canvas, status: status };
    });
    this.addPanelButton.disabled = this.shown.length >= Explorer.MAX_PANELS;
    this.addPanelButton.hidden = Comps.all(exp.control).length === 0;
    this.notes.textContent = this.shown.length > 1
      ? "Every panel follows the same clock: t = 0 is the start of each one's scene." : "";
  };
})(window.FeelLab = window.FeelLab || {});
