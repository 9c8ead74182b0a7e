// The explorer's controls: one per axis (stepping through the stored values only), the comp to
// apply to the selection, the playback row, and the keyboard. (A skin may add a row of its own:
// the Castro skin's episode, skin-castro.js.)
(function (FL) {
  "use strict";

  var Explorer = FL.Explorer, Comps = FL.comps, el = FL.el;

  /// "every 2nd of 9 values", or "9 values" when every value is stored.
  function axisNote(axis) {
    if (axis.stride <= 1) return axis.count + " values";
    var suffix = axis.stride === 2 ? "nd" : axis.stride === 3 ? "rd" : "th";
    return "every " + axis.stride + suffix + " of " + axis.count + " values";
  }

  /// One control per axis: a menu for few or non-numeric values, else a slider.
  Explorer.prototype.buildAxisControls = function () {
    var self = this, exp = this.exp;
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
            self.step(a, event.key === "ArrowRight" ? 1 : -1);
          }
        });
      } else {
        input = el("input", { id: id, type: "range", min: 0, max: axis.kept.length - 1, step: 1, "data-axis": a });
      }
      input.addEventListener("input", function () {
        self.selection[a] = Number(input.value);
        self.refresh();
      });
      controls.appendChild(el("div", { className: "control" }, [
        el("label", { for: id, text: axis.name }), input, output,
        el("span", { className: "axis-note", text: axisNote(axis) }),
      ]));
      return { input: input, output: output };
    });
    return controls;
  };

  /// Apply a comp to the selection, as clicking a layer comp restores a document's state.
  Explorer.prototype.buildApplyComp = function () {
    var self = this;
    this.applySelect = el("select", { className: "apply-comp", "aria-label": "Apply a comp to the selection" });
    this.applySelect.addEventListener("change", function () {
      var name = self.applySelect.value;
      self.applySelect.value = "";
      if (name) self.applyComp([name]);
    });
    return el("div", { className: "control apply" }, [el("label", { text: "apply a comp" }), this.applySelect]);
  };

  /// Play, slow motion, loop, the frame scrubber and the time readout.
  Explorer.prototype.buildPlayback = function () {
    var self = this;
    this.playButton = el("button", {
      type: "button", className: "play", onclick: function () { self.toggle(); },
    }, ["Play"]);
    this.slowButton = el("button", {
      type: "button", className: "slow", "aria-pressed": "false",
      onclick: function () { self.setSpeed(self.speed === 1 ? FL.playback.SLOW : 1); },
    }, ["0.25× slow motion"]);
    this.loopBox = el("input", {
      type: "checkbox", checked: true, onchange: function () { self.loop = self.loopBox.checked; },
    });
    this.scrubber = el("input", { type: "range", className: "scrubber", step: 1, "aria-label": "Frame" });
    this.scrubber.addEventListener("input", function () {
      self.pause();
      self.time = Number(self.scrubber.value) / self.fps;
      self.draw();
    });
    this.readout = el("span", { className: "readout", "aria-live": "off" });
    return el("div", { className: "playback" }, [
      this.playButton, this.slowButton,
      el("label", { className: "loop" }, [this.loopBox, " loop"]),
      this.scrubber, this.readout,
    ]);
  };

  /// Space plays or pauses, "," and "." step a frame (not while typing).
  Explorer.prototype.listenToKeys = function () {
    var self = this;
    this.root.addEventListener("keydown", function (event) {
      var tag = event.target.tagName;
      if (tag === "TEXTAREA" || (tag === "INPUT" && (event.target.type === "text" || event.target.type === "number"))) {
        return;
      }
      if (event.key === " " && tag !== "BUTTON" && tag !== "SELECT") {
        event.preventDefault();
        self.toggle();
      } else if (event.key === "," || event.key === ".") {
        event.preventDefault();
        self.stepFrame(event.key === "." ? 1 : -1);
      }
    });
  };

  /// The comps to apply, and each axis control at the selection.
  Explorer.prototype.refreshControls = function () {
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
      control.input.value = String(self.selection[a]);
      var label = axis.labels[self.selection[a]];
      control.output.textContent = label;
      if (control.input.type === "range") control.input.setAttribute("aria-valuetext", axis.name + " " + label);
    });
  };
})(window.FeelLab = window.FeelLab || {});
