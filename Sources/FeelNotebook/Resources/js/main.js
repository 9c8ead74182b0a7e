// The last script: what tests and curious designers can call (window.feelNotebook), then the
// page starts.
(function (FL) {
  "use strict";

  function explorer(id) {
    var x = FL.explorers[id];
    if (!x) throw new Error("explorer " + id + " is not ready: await feelNotebook.whenReady(id)");
    return x;
  }

  window.feelNotebook = {
    /// The experiments with an explorer of motion (not those shown as a summary).
    experiments: function () {
      return FL.page.experiments.filter(function (e) { return !e.summary; }).map(function (e) { return e.id; });
    },
    /// The experiments shown as a summary, with a grid explorer (charts, selection, targets).
    summaries: function () {
      return FL.page.experiments.filter(function (e) { return e.summary; }).map(function (e) { return e.id; });
    },
    whenReady: FL.loader.whenReady,
    readyAt: FL.loader.readyAt,
    /// x, y (pt) and angle (rad) of a stored point at a frame, as the page draws them. `point`
    /// is a stored index or {axis: value}.
    positionAt: function (id, point, frame) {
      var x = explorer(id);
      var i = typeof point === "number" ? point : x.exp.find(point, x.point());
      return x.exp.positionAt(i, frame);
    },
    /// Selects a grid point in the explorer: {axis: value}; returns its stored index.
    select: function (id, spec) { var x = explorer(id); x.select(spec); return x.point(); },
    /// Back to the first selection (the base scene's values) with no comp panels.
    reset: function (id) { var x = explorer(id); x.reset(); return x.point(); },
    selection: function (id) {
      var x = explorer(id), out = {}, labels = x.exp.labelsOf(x.point());
      x.exp.axes.forEach(function (axis, a) { out[axis.name] = labels[a]; });
      return out;
    },
    /// The panels shown: their comp stacks, stored points, constants and axis values.
    panels: function (id) {
      var x = explorer(id);
      return x.shown.map(function (p) {
        var constants = {};
        x.exp.constantNames.forEach(function (k) {
          constants[k] = x.exp.constant(k, p.exact ? p.exact.point : p.point);
        });
        var axes = {}, labels = x.exp.labelsOf(p.point);
        x.exp.axes.forEach(function (axis, a) { axes[axis.name] = labels[a]; });
        return {
          stack: p.stack.slice(), point: p.point, constants: constants, axes: axes,
          notes: p.notes.map(function (n) { return n.text; }), exact: p.exact ? p.exact.point : null,
        };
      });
    },
    addPanel: function (id, stack) { explorer(id).addPanel(stack); },
    applyComp: function (id, stack) { var x = explorer(id); x.applyComp(stack); return x.point(); },
    setStack: function (id, panel, stack) { explorer(id).setStack(panel, stack); },
    removePanel: function (id, panel) { explorer(id).removePanel(panel); },
    /// A comp stack's constants (of `control` when given, else of any control).
    resolveComps: function (stack, control) { return FL.comps.resolve(stack, control); },
    /// Every comp (of `control` when given): name, constants, built in or not, its control.
    comps: function (control) {
      return FL.comps.all(control).map(function (c) {
        return { name: c.name, values: c.values, builtIn: !!c.builtIn, control: FL.comps.controlOf(c) };
      });
    },
    saveComp: function (name, values, control) { FL.comps.add(name, "", values, control); },
    deleteComp: function (name, control) { FL.comps.remove(name, control); },
    /// The control an experiment tunes (its name) and the skin that draws it.
    control: function (id) { return explorer(id).exp.control; },
    skin: function (id) {
      var x = explorer(id);
      for (var name in FL.skins) if (FL.skins[name] === x.skin) return name;
      return null;
    },
    /// Where the fingers are at a frame of a stored point (`point`: an index or {axis: value}),
    /// as the page draws them: [{id, x, y}] for each touch feel run prints a touch:ID row for.
    fingersAt: function (id, point, frame) {
      var x = explorer(id);
      var i = typeof point === "number" ? point : x.exp.find(point, x.point());
      return FL.Experiment.fingersAt(x.exp.motion(i), frame);
    },
    /// The frames of each finger's events at a stored point: [{id, down, dragBegan, dragEnded,
    /// tap, hold, up}].
    touchEvents: function (id, point) {
      var x = explorer(id);
      var i = typeof point === "number" ? point : x.exp.find(point, x.point());
      return x.exp.motion(i).fingers.map(function (f) {
        return {
          id: f.id, down: f.down, dragBegan: f.dragBegan, dragEnded: f.dragEnded, tap: f.tap, hold: f.hold, up: f.up,
        };
      });
    },
    /// The items of a stored point at a frame, as the generic skin draws them: [{x, y, angle,
    /// w, h, measured}].
    itemsAt: function (id, point, frame) {
      var x = explorer(id);
      var i = typeof point === "number" ? point : x.exp.find(point, x.point());
      var m = x.exp.motion(i), k = Math.max(0, Math.min(m.frames - 1, Math.floor(frame)));
      return m.items.map(function (it) {
        return { x: it.x[k], y: it.y[k], angle: it.angle[k], w: it.w, h: it.h, measured: it.measured };
      });
    },
    exportText: function (id, kind, panel) {
      var x = explorer(id), p = x.shown[panel || 0];
      return FL.exporter.text(kind, x.exp, p.point, p.stack);
    },
    /// The note under the export box for a feel export target (its error and the fit's summary).
    exportNote: function (id, kind, panel) {
      var x = explorer(id), p = x.shown[panel || 0];
      return FL.springExport.note(x.exp, p.point, kind);
    },
    /// Shows a frame (pauses playback).
    showFrame: function (id, frame) {
      var x = explorer(id);
      x.playback.show(frame);
      return x.frame;
    },
    /// What the skin drew in a panel (default 0) at a frame (shown first, playback paused): the
    /// object its draw returned (the dial skin's: the disc, its labels, the pointer, the comp).
    drawn: function (id, frame, panel) {
      window.feelNotebook.showFrame(id, frame);
      return explorer(id).panelGrid.canvases[panel || 0].drawn;
    },
    frame: function (id) { return explorer(id).frame; },
    play: function (id) { explorer(id).playback.play(); },
    pause: function (id) { explorer(id).playback.pause(); },
    setSlowMotion: function (id, on) { explorer(id).playback.setSpeed(on ? FL.Playback.SLOW : 1); },
    /// The Castro skin's timeline at a frame: strip height (pt), elapsed time, label text and
    /// placement, whether the scrub was committed (null before the drag ends).
    timeline: function (id, frame, panel) {
      var x = explorer(id), m = x.shown[panel || 0].motion;
      if (!x.skin.timeline) throw new Error("the skin of " + id + " has no timeline");
      return x.skin.timeline(x.panelGrid.canvases[0].canvas.getContext("2d"), m, frame, x.skinState);
    },
    /// The glyphs a panel's skin drew at its last drawing ([{role, x, y, w, h} in the item's
    /// frame (pt), and the item's pose cx, cy (pt) and angle (rad)]), and the canvas's transform
    /// from points to its pixels ([a, b, c, d, e, f]).
    glyphsDrawn: function (id, panel) {
      var c = explorer(id).panelGrid.canvases[panel || 0], t = c.canvas.getContext("2d").getTransform();
      return { glyphs: (c.drawn && c.drawn.glyphs) || [], transform: [t.a, t.b, t.c, t.d, t.e, t.f] };
    },
    /// The episode the Castro timeline scrubs: total length (s) and the playhead at drag start (s).
    setEpisode: function (id, total, start) {
      var x = explorer(id);
      x.skinState.episode = { total: total, start: start };
      x.draw();
    },
    formatElapsed: FL.text.formatElapsed,

    // ---- the grid's charts and the targets panel (explorers and grid explorers) ----
    /// The charts: the metric, the axes (names; y null for a line chart) and the series axis.
    charts: function (id) {
      var x = explorer(id), axes = x.exp.axes, name = function (a) { return a === null ? null : axes[a].name; };
      return x.exp.grid.charts.map(function (c) {
        return { metric: x.exp.grid.metrics[c.metric].name, x: name(c.x), y: name(c.y), lines: name(c.lines) };
      });
    },
    /// The grid point with these labels ({axis: label}; missing axes: the selection's).
    gridPoint: function (id, spec) {
      var x = explorer(id);
      return x.exp.grid.find(spec, x.exp.axes, x.exp.grid.fromStored(x.selection));
    },
    gridAxes: function (id, point) { var x = explorer(id); return x.exp.grid.axesOf(point, x.exp.axes); },
    /// Metric `name` at grid point `point`, as the CSV prints it; null when empty.
    gridValue: function (id, name, point) {
      var grid = explorer(id).exp.grid;
      return grid.value(grid.metrics.map(function (m) { return m.name; }).indexOf(name), point);
    },
    /// Where grid point `point` is drawn in chart c: {x, y} in CSS pixels from the canvas's
    /// content box, and its size (null when not in the chart's slice).
    chartPlace: function (id, c, point) { return explorer(id).charts.chartPlace(c, point); },
    /// Chart c's readout: its text, the grid point it reads and the value's text.
    chartReadout: function (id, c) {
      var r = explorer(id).charts.views[c].readout;
      return { text: r.textContent, point: Number(r.getAttribute("data-point")), value: r.getAttribute("data-value") };
    },
    /// Sets the targets panel: {where: [{metric, op, bound}], objective: {metric, direction} or
    /// null, fixed: {axis: label}}; returns solveResult.
    setTargets: function (id, spec) {
      explorer(id).targets.setTargets(spec);
      return window.feelNotebook.solveResult(id);
    },
    targets: function (id) { return explorer(id).targets.targetsSpec(); },
    /// The targets panel's answer: points covered, feasible, on the front, and the best point's
    /// axis values (null when none).
    solveResult: function (id) {
      var x = explorer(id), sol = x.targets.solution;
      if (!sol) return null;
      return {
        points: sol.points.length, feasible: sol.feasibleCount, front: sol.front.length,
        best: sol.best === null ? null : x.exp.grid.axesOf(sol.best, x.exp.axes), bestPoint: sol.best,
      };
    },
    questions: function (id) { return explorer(id).exp.data.questions; },
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", FL.loader.start);
  else FL.loader.start();
})(window.FeelLab = window.FeelLab || {});
