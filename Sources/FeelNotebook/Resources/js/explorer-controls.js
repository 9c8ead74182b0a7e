// The explorer's grid-point controls: one per axis (stepping through the stored values only),
// and the comp to apply to the selection. The explorer owns the selection: the controls show it
// (`refresh`) and ask the explorer to change it (`host.setAxis`, `host.step`, `host.applyComp`).
// (A skin may add a row of its own: the Castro skin's episode, skin-castro.js.)
(function (FL) {
  "use strict";

  var Comps = FL.comps, el = FL.el;

  function AxisControls(exp, host) {
    this.exp = exp;
    this.host = host;
    this.row = this.buildAxisControls();
    this.row.appendChild(this.buildApplyComp());
  }

  /// "every 2nd of 9 values", or "9 values" when every value is stored.
  function axisNote(axis) {
    if (axis.stride <= 1) return axis.count + " values";
    var suffix = axis.stride === 2 ? "nd" : axis.stride === 3 ? "rd" : "th";
    return "every " + axis.stride + suffix + " of " + axis.count + " values";
  }

  /// One control per axis: a menu for few or non-numeric values, else a slider.
  AxisControls.prototype.buildAxisControls = function () {
    var host = this.host, exp = this.exp;
    var controls = el("div", { className: "controls", role: "group", "aria-label": "Grid point" });
    this.inputs = exp.axes.map(function (axis, a) {
      var id = "ctl-" + exp.id + "-" + a;
      var output = el("output", { className: "value", for: id });
      var input;
      var numeric = axis.numbers.every(function (v) { return v !== null; });
      if (!numeric || axis.kept.length <= 6) {
        input = el("select", { id: id, "data-axis": a });
        axis.labels.forEach(function (label, p) { input.appendChild(new Option(label, String(p))); });
        input.addEventListener("keydown", function (event) {
          if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
            event.preventDefault();
            host.step(a, event.key === "ArrowRight" ? 1 : -1);
          }
        });
      } else {
        input = el("input", { id: id, type: "range", min: 0, max: axis.kept.length - 1, step: 1, "data-axis": a });
      }
      input.addEventListener("input", function () { host.setAxis(a, Number(input.value)); });
      controls.appendChild(el("div", { className: "control" }, [
        el("label", { for: id, text: axis.name }), input, output,
        el("span", { className: "axis-note", text: axisNote(axis) }),
      ]));
      return { input: input, output: output };
    });
    return controls;
  };

  /// Apply a comp to the selection, as clicking a layer comp restores a document's state.
  AxisControls.prototype.buildApplyComp = function () {
    var self = this;
    this.applySelect = el("select", { className: "apply-comp", "aria-label": "Apply a comp to the selection" });
    this.applySelect.addEventListener("change", function () {
      var name = self.applySelect.value;
      self.applySelect.value = "";
      if (name) self.host.applyComp([name]);
    });
    return el("div", { className: "control apply" }, [el("label", { text: "apply a comp" }), this.applySelect]);
  };

  /// The comps to apply, and each axis control at `selection`.
  AxisControls.prototype.refresh = function (selection) {
    var self = this, exp = this.exp;
    this.applySelect.textContent = "";
    this.applySelect.appendChild(new Option("choose…", ""));
    var comps = Comps.all(exp.control);
    comps.forEach(function (c) { self.applySelect.appendChild(new Option(c.name, c.name)); });
    this.applySelect.value = "";
    // an experiment without a control, or a control without comps, has none to apply
    this.applySelect.parentNode.hidden = comps.length === 0;

    this.inputs.forEach(function (control, a) {
      var axis = exp.axes[a];
      control.input.value = String(selection[a]);
      var label = axis.labels[selection[a]];
      control.output.textContent = label;
      if (control.input.type === "range") control.input.setAttribute("aria-valuetext", axis.name + " " + label);
    });
  };

  FL.AxisControls = AxisControls;
})(window.FeelLab = window.FeelLab || {});
