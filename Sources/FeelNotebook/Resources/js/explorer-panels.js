// The explorer's panels: the selection, then up to three comp stacks, each with its header
// (the stack's chips, a menu to stack another comp, Close), its canvas, a status line and a
// caption of the point shown and what it leaves out of the comps' constants; and the button to
// add a panel. The explorer owns the panels' stacks: the grid draws what it resolved (`refresh`)
// and asks it to change them (`host.setStack`, `host.removePanel`, `host.addPanel`). The grid
// owns the canvases the explorer draws the clock's frame on.
(function (FL) {
  "use strict";

  var Comps = FL.comps, el = FL.el, COLORS = FL.COLORS;
  /// The selection and up to three comp panels.
  var MAX_PANELS = 4;

  /// `control`: the control's page entry (its title labels the canvases), or null.
  function PanelGrid(exp, control, host) {
    this.exp = exp;
    this.control = control;
    this.host = host;
    this.canvases = [];
    this.grid = el("div", { className: "panels" });
    this.addButton = el("button", {
      type: "button", className: "add-panel", onclick: function () { host.addPanel(); },
    }, ["+ Compare a comp"]);
    this.notes = el("p", { className: "hint" });
  }

  PanelGrid.MAX_PANELS = MAX_PANELS;

  /// A comp panel's header: the stack's chips, the menu to stack another comp, Close.
  PanelGrid.prototype.compHeader = function (header, p, n) {
    var host = this.host;
    header.appendChild(el("strong", { text: "Comp " + n + ": " }));
    p.stack.forEach(function (name, s) {
      header.appendChild(el("span", { className: "chip" }, [name, el("button", {
        type: "button", className: "chip-remove", "aria-label": "Remove " + name + " from this stack",
        onclick: function () { var stack = p.stack.slice(); stack.splice(s, 1); host.setStack(n, stack); },
      }, ["×"])]));
    });
    var adder = el("select", { className: "stack-add", "aria-label": "Stack a comp on panel " + n });
    adder.appendChild(new Option(p.stack.length ? "+ stack a comp…" : "choose a comp…", ""));
    // Only the comps not in this stack yet: a comp stacked twice would change nothing.
    Comps.all(this.exp.control).forEach(function (c) {
      if (p.stack.indexOf(c.name) < 0) adder.appendChild(new Option(c.name, c.name));
    });
    adder.addEventListener("change", function () {
      if (adder.value) host.setStack(n, p.stack.concat([adder.value]));
    });
    header.appendChild(adder);
    header.appendChild(el("button", {
      type: "button", className: "panel-remove", "aria-label": "Close panel " + n,
      onclick: function () { host.removePanel(n); },
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

  /// Rebuilds the panels `shown` (the explorer's resolved panels); keeps each one's canvas and
  /// status line.
  PanelGrid.prototype.refresh = function (shown) {
    var self = this, exp = this.exp;
    this.grid.textContent = "";
    this.grid.className = "panels panels-" + shown.length;
    this.canvases = shown.map(function (p, n) {
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
      self.grid.appendChild(el("figure", { className: "panel", "data-panel": n }, [
        header, wrap, status, caption(exp, p),
      ]));
      return { canvas: canvas, status: status };
    });
    this.addButton.disabled = shown.length >= MAX_PANELS;
    this.addButton.hidden = Comps.all(exp.control).length === 0;
    this.notes.textContent = shown.length > 1
      ? "Every panel follows the same clock: t = 0 is the start of each one's scene." : "";
  };

  FL.PanelGrid = PanelGrid;
})(window.FeelLab = window.FeelLab || {});
