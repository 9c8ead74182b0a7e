// The explorer of one experiment: the grid point selected with the controls, up to three comp
// panels beside it on one clock, the x(t) chart, the grid's charts and targets, the metrics, the
// export and saving comps. It is composed of parts, each an object owning its own state and
// elements: the axis controls (explorer-controls.js), the clock (playback.js), the panels'
// canvases (explorer-panels.js), the grid's charts (explorer-charts.js), the targets panel
// (explorer-solve.js), the metrics table (explorer-metrics.js), the export and save boxes
// (explorer-export.js) and the live panel (explorer-live.js). The explorer owns what they share
// (the selection and the panels' comp stacks), hands each part what it shows when it changes
// (`refresh`), and is each part's `host`: the part asks it to change the selection or the stacks.
(function (FL) {
  "use strict";

  var Comps = FL.comps, el = FL.el;

  /// Built explorers by experiment id.
  FL.explorers = {};

  function Explorer(root, exp) {
    var self = this;
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
    /// The stored point selected (a position per axis), and the panels' comp stacks (panel 0:
    /// the selection itself).
    this.selection = Explorer.defaultSelection(exp);
    this.panels = [{ stack: [] }];
    /// Whether the explorer is in sight (loader.js): a clock out of sight does not draw.
    this.visible = true;
    /// The frame drawn last.
    this.frame = 0;
    this.playback = new FL.Playback({
      draw: function () { self.draw(); },
      visible: function () { return self.visible; },
    });
    this.build();
    this.refresh();
  }

  /// The selection's stored point.
  Explorer.prototype.point = function () { return this.exp.indexOf(this.selection); };

  /// The first selection of `exp`: the base scene's value on each axis (Castro's), else the middle.
  Explorer.defaultSelection = function (exp) {
    return exp.axes.map(function (axis) {
      var p = axis.preferred !== null ? axis.kept.indexOf(axis.preferred) : -1;
      return p >= 0 ? p : Math.floor((axis.kept.length - 1) / 2);
    });
  };

  /// What the charts and the targets panel ask of the explorer or grid view `view` holding them.
  Explorer.gridHost = function (view) {
    return {
      selection: function () { return view.selection; },
      selectGridPoint: function (p) { view.selectGridPoint(p); },
      solution: function () { return view.targets ? view.targets.solution : null; },
      solved: function () { view.charts.refresh(); },
    };
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

  /// Builds the explorer's parts and elements, in the order the page shows them.
  Explorer.prototype.build = function () {
    var self = this, exp = this.exp;
    this.root.textContent = "";
    this.root.setAttribute("tabindex", "-1");
    this.controls = new FL.AxisControls(exp, {
      setAxis: function (a, p) { self.selection[a] = p; self.refresh(); },
      step: function (a, by) { self.step(a, by); },
      applyComp: function (stack) { self.applyComp(stack); },
    });
    var skinRow = this.skin.controls ? this.skin.controls(this) : null;
    this.panelGrid = new FL.PanelGrid(exp, this.control, {
      addPanel: function () { self.addPanel(); },
      setStack: function (n, stack) { self.setStack(n, stack); },
      removePanel: function (n) { self.removePanel(n); },
    });
    this.curve = el("canvas", {
      className: "curve", role: "img", "aria-label": "x(t) of the shown points with the settle band",
    });
    // y(t) beside x(t), shown for a 2-D motion (a tile flicked to a corner).
    this.curveY = el("canvas", {
      className: "curve curve-y", role: "img", "aria-label": "y(t) of the shown points with the settle band",
    });
    this.curves = el("div", { className: "curves" }, [this.curve, this.curveY]);
    var host = Explorer.gridHost(this);
    this.charts = new FL.GridCharts(exp, host, "click to select it above");
    this.targets = new FL.TargetsPanel(exp, host);
    this.metrics = new FL.MetricsTable(exp);
    this.exportBox = new FL.ExportBox(exp, this.control);
    this.saveBox = new FL.SaveBox(exp);
    var live = FL.liveSection(this);
    this.live = live.panel;

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
    this.root.appendChild(this.controls.row);
    this.root.appendChild(this.playback.row);
    if (skinRow) this.root.appendChild(skinRow);
    this.root.appendChild(this.panelGrid.grid);
    this.root.appendChild(this.panelGrid.addButton);
    this.root.appendChild(this.panelGrid.notes);
    this.root.appendChild(live.box);
    this.root.appendChild(this.curves);
    this.root.appendChild(el("h4", { text: "Charts" }));
    this.root.appendChild(this.charts.box);
    this.root.appendChild(el("h4", { text: "Targets" }));
    this.root.appendChild(this.targets.box);
    this.root.appendChild(el("h4", { text: "Metrics" }));
    this.root.appendChild(this.metrics.table);
    this.root.appendChild(el("h4", { text: "Export" }));
    this.root.appendChild(this.exportBox.box);
    this.root.appendChild(this.saveBox.box);
    this.listenToKeys();
    Comps.listeners.push(function () { self.refresh(); });
  };

  /// Space plays or pauses, "," and "." step a frame (not while typing).
  Explorer.prototype.listenToKeys = function () {
    var playback = this.playback;
    this.root.addEventListener("keydown", function (event) {
      var tag = event.target.tagName;
      if (tag === "TEXTAREA" || (tag === "INPUT" && (event.target.type === "text" || event.target.type === "number"))) {
        return;
      }
      if (event.key === " " && tag !== "BUTTON" && tag !== "SELECT") {
        event.preventDefault();
        playback.toggle();
      } else if (event.key === "," || event.key === ".") {
        event.preventDefault();
        playback.stepFrame(event.key === "." ? 1 : -1);
      }
    });
  };

  /// Back to the first selection with no comp panels.
  Explorer.prototype.reset = function () {
    this.selection = Explorer.defaultSelection(this.exp);
    this.panels = [{ stack: [] }];
    this.refresh();
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
    if (this.panels.length >= FL.PanelGrid.MAX_PANELS) return;
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
    this.refresh();
  };

  Explorer.prototype.setStack = function (n, stack) {
    if (n === 0) throw new Error("panel 0 is the selection; comps stack in panels 1–3");
    this.panels[n].stack = unique(stack);
    this.refresh();
  };

  /// Selects grid point p (or the nearest stored point): a chart's click, the targets' jump.
  Explorer.prototype.selectGridPoint = function (p) {
    this.selection = this.exp.grid.nearestStored(p).positions;
    this.refresh();
  };

  /// Everything after the selection, the panels or the comps changed: each part is given what
  /// it shows.
  Explorer.prototype.refresh = function () {
    this.shown = this.resolvedPanels();
    var motions = this.shown.map(function (p) { return p.motion; });
    this.playback.setRange(motions);
    this.controls.refresh(this.selection);
    // common view of every panel: the screen, the walls and every position shown
    this.view = FL.stage.view(this.skin, motions, this.surface());
    this.panelGrid.refresh(this.shown);
    this.metrics.refresh(this.shown);
    this.charts.refresh();
    this.exportBox.refresh(this.shown);
    this.saveBox.refresh(this.point());
    if (this.live && this.live.selectionChanged) this.live.selectionChanged();
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
    var self = this, playback = this.playback, canvases = this.panelGrid.canvases;
    var frame = playback.frame();
    this.frame = frame;
    var time = frame / playback.fps, surface = this.surface();
    this.shown.forEach(function (p, n) {
      var m = p.motion;
      var own = Math.max(0, Math.min(m.frames - 1, Math.floor(time * m.fps + 1e-6)));
      var label = n === 0 ? "Selection" : "Comp " + n;
      var drawn = FL.stage.draw(canvases[n].canvas, self.view, m, own, label, self.skin, surface);
      canvases[n].drawn = drawn;
      var where = FL.chart.isPlanar(m)
        ? "x = " + m.x[own].toFixed(2) + " pt, y = " + m.y[own].toFixed(2) + " pt"
        : "x = " + m.x[own].toFixed(2) + " pt";
      canvases[n].status.textContent = where + " · " + phaseOf(m, own) + self.skin.status(drawn);
    });
    playback.showing(frame);
    FL.chart.draw(this.curve, this.shown, time, this.exp.data.band, playback.clock, "x");
    var planar = FL.chart.isPlanar(this.shown[0].motion);
    this.curves.className = planar ? "curves curves-2" : "curves";
    this.curveY.hidden = !planar;
    if (planar) FL.chart.draw(this.curveY, this.shown, time, this.exp.data.band, playback.clock, "y");
  };

  FL.Explorer = Explorer;
})(window.FeelLab = window.FeelLab || {});
