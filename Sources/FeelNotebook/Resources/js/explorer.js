// The explorer of one experiment: the grid point selected with the controls, up to three comp
// panels beside it on one clock, the x(t) chart, the grid's charts and targets, the metrics, the
// export and saving comps. This file holds its state and what changes it; its parts are added to
// Explorer.prototype by explorer-controls.js (building the controls), explorer-panels.js (the
// panels), explorer-charts.js (the grid's charts), explorer-solve.js (the targets panel),
// explorer-metrics.js (the table), explorer-export.js (export and save) and playback.js (the
// clock).
(function (FL) {
  "use strict";

  var Comps = FL.comps;
  var MAX_PANELS = 4;

  /// Built explorers by experiment id.
  FL.explorers = {};

  function Explorer(root, exp) {
    this.root = root;
    this.exp = exp;
    /// The control the experiment tunes (its page entry: constants, comps, skin), or null.
    this.control = exp.control ? FL.controls[exp.control] : null;
    /// How the control is drawn (see stage.js): the skin its control file names, else the
    /// generic drawing of the scene.
    this.skin = (this.control && FL.skins[this.control.skin]) || FL.skins.generic;
    this.skinSettings = this.control ? this.control.settings : {};
    /// The skin's own state (the Castro skin's episode), from its settings.
    this.skinState = this.skin.setup ? this.skin.setup(this.skinSettings) : null;
    this.selection = this.defaultSelection();
    this.panels = [{ stack: [] }];
    this.playing = false;
    this.speed = 1;
    this.loop = true;
    this.time = 0;
    this.visible = true;
    this.exportPanel = 0;
    this.exportKind = this.control ? "swift" : "toml";
    /// The targets panel's answer (solve.js), null while no target is set.
    this.solution = null;
    this.build();
    this.refresh();
  }

  Explorer.MAX_PANELS = MAX_PANELS;

  Explorer.prototype.point = function () { return this.exp.indexOf(this.selection); };

  /// The first selection: the base scene's value on each axis (Castro's), else the middle.
  Explorer.prototype.defaultSelection = function () {
    return this.exp.axes.map(function (axis) {
      var p = axis.preferred !== null ? axis.kept.indexOf(axis.preferred) : -1;
      return p >= 0 ? p : Math.floor((axis.kept.length - 1) / 2);
    });
  };

  /// The stored point each panel shows: the selection, or its comp stack matched on the grid;
  /// for one built-in comp whose constants the grid does not sweep, at the first selection, the
  /// exact motion `feel notebook` computed for it (`exact`: its metrics, its motion's point).
  Explorer.prototype.resolvedPanels = function () {
    var exp = this.exp, base = this.point();
    var control = this.exp.control;
    return this.panels.map(function (panel, n) {
      var wanted = Comps.resolve(panel.stack, control);
      var exact = n > 0 && panel.stack.length === 1 ? exp.exactComp(panel.stack[0], base) : null;
      if (exact) {
        return {
          stack: panel.stack, wanted: wanted, point: base, exact: exact, motion: exp.motion(exact.point),
          notes: [{ absent: false, text: "the comp's exact motion at this selection, computed by feel notebook" }],
        };
      }
      var point = n === 0 ? base : exp.match(wanted, base);
      return {
        stack: panel.stack, wanted: wanted, point: point, motion: exp.motion(point),
        notes: n === 0 ? [] : exp.mismatches(wanted, point),
      };
    });
  };

  /// Builds the explorer's elements, in the order the page shows them.
  Explorer.prototype.build = function () {
    var self = this, exp = this.exp, el = FL.el;
    this.root.textContent = "";
    this.root.setAttribute("tabindex", "-1");
    var controls = this.buildAxisControls();
    controls.appendChild(this.buildApplyComp());
    var playback = this.buildPlayback();
    var skinRow = this.skin.controls ? this.skin.controls(this) : null;
    this.panelGrid = el("div", { className: "panels" });
    this.addPanelButton = el("button", {
      type: "button", className: "add-panel", onclick: function () { self.addPanel(); },
    }, ["+ Compare a comp"]);
    this.curve = el("canvas", {
      className: "curve", role: "img", "aria-label": "x(t) of the shown points with the settle band",
    });
    // y(t) beside x(t), shown for a 2-D motion (a tile flicked to a corner).
    this.curveY = el("canvas", {
      className: "curve curve-y", role: "img", "aria-label": "y(t) of the shown points with the settle band",
    });
    this.curves = el("div", { className: "curves" }, [this.curve, this.curveY]);
    this.metricsTable = el("table", { className: "metrics" });
    this.notes = el("p", { className: "hint" });

    var stored = exp.data.storedPoints < exp.data.gridPoints
      ? "Motion is stored for " + exp.data.storedPoints + " of the " + exp.data.gridPoints +
        " grid points: the controls step through those."
      : "";
    this.root.appendChild(el("h3", { text: "Explorer" }));
    this.root.appendChild(el("p", {
      className: "hint",
      text: "Pick a grid point (arrow keys step along a focused axis). Space plays or pauses, “,” and “.” " +
        "step a frame. " + stored,
    }));
    this.root.appendChild(controls);
    this.root.appendChild(playback);
    if (skinRow) this.root.appendChild(skinRow);
    this.root.appendChild(this.panelGrid);
    this.root.appendChild(this.addPanelButton);
    this.root.appendChild(this.notes);
    this.root.appendChild(this.buildLive());
    this.root.appendChild(this.curves);
    this.root.appendChild(el("h4", { text: "Charts" }));
    this.root.appendChild(this.buildCharts());
    this.root.appendChild(el("h4", { text: "Targets" }));
    this.root.appendChild(this.buildTargets());
    this.targetResult.textContent = "Set a bound or an objective.";
    this.jumpButton.disabled = true;
    this.root.appendChild(el("h4", { text: "Metrics" }));
    this.root.appendChild(this.metricsTable);
    this.root.appendChild(el("h4", { text: "Export" }));
    this.root.appendChild(this.buildExport());
    this.root.appendChild(this.buildSave());
    this.listenToKeys();
    Comps.listeners.push(function () { self.refresh(); });
  };

  Explorer.prototype.step = function (axis, by) {
    var n = this.exp.axes[axis].kept.length;
    this.selection[axis] = Math.max(0, Math.min(n - 1, this.selection[axis] + by));
    this.refresh();
  };

  Explorer.prototype.select = function (spec) {
    this.selection = this.exp.positionsOf(this.exp.find(spec, this.point()));
    this.refresh();
  };

  /// Moves the selection to the stored point nearest to a comp stack's constants.
  Explorer.prototype.applyComp = function (stack) {
    this.selection = this.exp.positionsOf(this.exp.match(Comps.resolve(stack, this.exp.control), this.point()));
    this.refresh();
  };

  /// A new comp panel: with `stack`, unless a panel shows that stack already; without, an empty
  /// one whose menu asks which comp to show (no comp is stacked for you).
  Explorer.prototype.addPanel = function (stack) {
    if (this.panels.length >= MAX_PANELS) return;
    if (Comps.all(this.exp.control).length === 0) return;
    var wanted = stack ? unique(stack) : [];
    var shown = this.panels.some(function (p, n) {
      return n > 0 && wanted.length > 0 && p.stack.join("\n") === wanted.join("\n");
    });
    if (shown) return;
    this.panels.push({ stack: wanted });
    this.refresh();
  };

  /// The names of a stack, each once (its first place).
  function unique(stack) {
    return stack.filter(function (name, i) { return stack.indexOf(name) === i; });
  }

  Explorer.prototype.removePanel = function (n) {
    if (n === 0) return;
    this.panels.splice(n, 1);
    if (this.exportPanel >= this.panels.length) this.exportPanel = 0;
    this.refresh();
  };

  Explorer.prototype.setStack = function (n, stack) {
    if (n === 0) throw new Error("panel 0 is the selection; comps stack in panels 1–3");
    this.panels[n].stack = unique(stack);
    this.refresh();
  };

  /// Everything after the selection, the panels or the comps changed.
  Explorer.prototype.refresh = function () {
    this.shown = this.resolvedPanels();
    this.setClock();
    this.refreshControls();
    // common view of every panel: the screen, the walls and every position shown
    this.view = FL.stage.view(this.skin, this.shown.map(function (p) { return p.motion; }), this.surface());
    this.refreshPanels();
    this.refreshMetrics();
    this.refreshCharts();
    this.refreshExportPanels();
    this.refreshExport();
    this.refreshSave();
    this.refreshLive();
    this.draw();
  };

  /// What the skin draws with: the control's page entry, its skin settings, the skin's state.
  Explorer.prototype.surface = function () {
    return { control: this.control, settings: this.skinSettings, state: this.skinState };
  };

  /// What is happening at frame `own` of m, in words: the simulated finger, else the motion.
  function phaseOf(m, own) {
    var fingers = FL.Experiment.fingersAt(m, own);
    if (fingers.length) {
      return m.drag && own >= m.drag.began && (m.drag.ended === null || own <= m.drag.ended)
        ? "dragging" : "finger down";
    }
    if (m.pause !== null && own >= m.pause) return "paused";
    return own === 0 ? "at the start" : "moving";
  }

  /// Draws every panel, its status line, the playback readout and the chart at the clock's time.
  Explorer.prototype.draw = function () {
    var self = this;
    var frame = Math.max(this.clock.startFrame, Math.min(this.clock.endFrame, this.frameOf(this.time)));
    this.frame = frame;
    var time = frame / this.fps, surface = this.surface();
    this.shown.forEach(function (p, n) {
      var m = p.motion;
      var own = Math.max(0, Math.min(m.frames - 1, Math.floor(time * m.fps + 1e-6)));
      var label = n === 0 ? "Selection" : "Comp " + n;
      var drawn = FL.stage.draw(self.canvases[n].canvas, self.view, m, own, label, self.skin, surface);
      self.canvases[n].drawn = drawn;
      var where = FL.chart.isPlanar(m)
        ? "x = " + m.x[own].toFixed(2) + " pt, y = " + m.y[own].toFixed(2) + " pt"
        : "x = " + m.x[own].toFixed(2) + " pt";
      self.canvases[n].status.textContent = where + " · " + phaseOf(m, own) + self.skin.status(drawn);
    });
    this.scrubber.value = String(frame);
    this.readout.textContent = "t = " + (frame / this.fps).toFixed(3) + " s · frame " + frame + " of " +
      this.clock.endFrame + (this.speed !== 1 ? " · 0.25×" : "");
    FL.chart.draw(this.curve, this.shown, time, this.exp.data.band, this.clock, "x");
    var planar = FL.chart.isPlanar(this.shown[0].motion);
    this.curves.className = planar ? "curves curves-2" : "curves";
    this.curveY.hidden = !planar;
    if (planar) FL.chart.draw(this.curveY, this.shown, time, this.exp.data.band, this.clock, "y");
  };

  FL.Explorer = Explorer;
})(window.FeelLab = window.FeelLab || {});
