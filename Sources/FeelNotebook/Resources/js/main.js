// The last script: what tests and curious designers can call (window.feelNotebook), then the
// page starts.
(function (FL) {
  "use strict";

  var castro = FL.skins.castro;

  function explorer(id) {
    var x = FL.explorers[id];
    if (!x) throw new Error("explorer " + id + " is not ready: await feelNotebook.whenReady(id)");
    return x;
  }

  window.feelNotebook = {
    experiments: function () { return FL.page.experiments.map(function (e) { return e.id; }); },
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
    reset: function (id) {
      var x = explorer(id);
      x.selection = x.defaultSelection();
      x.panels = [{ stack: [] }];
      x.refresh();
      return x.point();
    },
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
        x.exp.constantNames.forEach(function (k) { constants[k] = x.exp.constant(k, p.point); });
        var axes = {}, labels = x.exp.labelsOf(p.point);
        x.exp.axes.forEach(function (axis, a) { axes[axis.name] = labels[a]; });
        return {
          stack: p.stack.slice(), point: p.point, constants: constants, axes: axes,
          notes: p.notes.map(function (n) { return n.text; }),
        };
      });
    },
    addPanel: function (id, stack) { explorer(id).addPanel(stack); },
    applyComp: function (id, stack) { var x = explorer(id); x.applyComp(stack); return x.point(); },
    setStack: function (id, panel, stack) { explorer(id).setStack(panel, stack); },
    removePanel: function (id, panel) { explorer(id).removePanel(panel); },
    resolveComps: function (stack) { return FL.comps.resolve(stack); },
    comps: function () {
      return FL.comps.all().map(function (c) { return { name: c.name, values: c.values, builtIn: !!c.builtIn }; });
    },
    saveComp: function (name, values) { FL.comps.add(name, "", values); },
    deleteComp: function (name) { FL.comps.remove(name); },
    exportText: function (id, kind, panel) {
      var x = explorer(id), p = x.shown[panel || 0];
      return FL.exporter.text(kind, x.exp, p.point, p.stack);
    },
    /// Shows a frame (pauses playback).
    showFrame: function (id, frame) {
      var x = explorer(id);
      x.pause();
      x.time = frame / x.fps;
      x.draw();
      return x.frame;
    },
    frame: function (id) { return explorer(id).frame; },
    play: function (id) { explorer(id).play(); },
    pause: function (id) { explorer(id).pause(); },
    setSlowMotion: function (id, on) { explorer(id).setSpeed(on ? FL.playback.SLOW : 1); },
    /// The Castro timeline at a frame: strip height (pt), elapsed time, label text and placement.
    timeline: function (id, frame, panel) {
      var x = explorer(id), m = x.shown[panel || 0].motion;
      var s = castro.timelineState(m, frame / m.fps, x.episode);
      var layout = castro.labelLayout(x.canvases[0].canvas.getContext("2d"), s.elapsed, x.episode.total, m.sw);
      return {
        height: castro.timelineHeight(s.expansion),
        elapsed: s.elapsed, text: layout.text, committed: s.committed,
        label: { inside: layout.inside, x: layout.x, width: layout.width, progress: layout.progress },
      };
    },
    /// The episode the timeline scrubs: total length (s) and the playhead at drag start (s).
    setEpisode: function (id, total, start) {
      var x = explorer(id);
      x.episode = { total: total, start: start };
      x.draw();
    },
    formatElapsed: FL.text.formatElapsed,
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", FL.loader.start);
  else FL.loader.start();
})(window.FeelLab = window.FeelLab || {});
