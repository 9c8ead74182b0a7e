// The studio page's re-sweep (docs/studio.md, "The studio page"): the experiment whose base
// scene the page shows (`/api/studio/scene`'s `sweep`) swept again around the current
// constants, its rows streamed with a progress bar, and the chart of the slice through the
// current values with its axes' numbers. The live panel's own code does the work
// (live/live-sweep.js: the request's re-centred axes, the stream, the slice, the chart); this
// script gives it the studio's values.
(function (FL) {
  "use strict";

  var $ = function (id) { return document.getElementById(id); };

  /// The re-sweep's state on the page (the fields live/live-sweep.js's stream and chart use).
  function state(S) {
    if (!S.sweep) {
      S.sweep = {
        progress: $("sweep-progress"), sweepStatus: $("sweep-status"), sweepChart: $("sweep-chart"),
        sweepMetric: $("sweep-metric"), sweepAxis: $("sweep-axis"), sweepWidth: 560,
        drawSweep: function () { draw(S); },
      };
    }
    return S.sweep;
  }

  /// After a scene is loaded: the re-sweep's choices (the experiment's metrics, its numeric
  /// axes), or a word saying why there is none.
  function setup(S) {
    var o = state(S), sweep = S.info.sweep;
    if (o.sweepReader) o.sweepReader.cancel();
    o.sweepSeq = (o.sweepSeq || 0) + 1;
    o.sweepText = o.sweepCSV = o.sweepSent = o.sweepPoints = undefined;
    o.progress.value = 0;
    o.sweepStatus.textContent = "";
    o.sweepChart.width = 0;
    $("sweep-box").hidden = !sweep;
    $("sweep-none").hidden = !!sweep;
    if (!sweep) return;
    $("sweep-title").textContent = sweep.experiment + ", " + sweep.points + " points";
    [[o.sweepMetric, sweep.metrics], [o.sweepAxis, sweep.axes.filter(function (a) { return a.numbers; })
      .map(function (a) { return a.name; })]].forEach(function (pair) {
      pair[0].textContent = "";
      pair[1].forEach(function (name) { pair[0].add(new Option(name, name)); });
    });
  }

  /// The scene value an axis moves, as the page has it now (a slider's, else the scene's).
  function sceneValue(S, axis) {
    return S.set[axis.path] !== undefined ? Number(S.set[axis.path]) : axis.value;
  }

  /// Every axis at its current value (axis units; an axis of strings at its first value).
  function current(S) {
    return S.info.sweep.axes.map(function (a) {
      var v = sceneValue(S, a);
      var c = !a.numbers ? a.labels[0] : v === null ? a.numbers[Math.floor(a.numbers.length / 2)]
        : (v - a.offset) / a.scale;
      return { name: a.name, current: c };
    });
  }

  /// /api/sweep's body: the page's constants as `set`, and each numeric axis that moves a
  /// slider's path, or a value a slider set (a gap's boundaries), re-centred on its current
  /// value (kept within the slider's span when it has one).
  function request(S) {
    var sweep = S.info.sweep, set = {}, axes = {}, now = current(S);
    Object.keys(S.set).forEach(function (k) { set[k] = S.set[k]; });
    sweep.axes.forEach(function (a, i) {
      if (!a.numbers || a.scale === 0) return;
      var slider = S.info.constants.filter(function (c) { return !c.gap && c.path === a.path && c.value !== null; })[0];
      if (!slider && S.set[a.path] === undefined) return;
      var ends = slider ? [(slider.low - a.offset) / a.scale, (slider.high - a.offset) / a.scale] : null;
      axes[a.name] = FL.live.recentred(a.numbers, a.numbers.length, now[i].current, ends);
    });
    return { experiment: sweep.experiment, set: set, axes: axes };
  }

  function resweep(S) {
    var o = state(S);
    o.sweepSent = request(S);
    FL.live.streamSweep(o, S.info.sweep.points);
  }

  function draw(S) {
    var o = state(S);
    if (S.info && S.info.sweep && o.sweepText) FL.live.drawSweep(o, current(S), S.metrics);
  }

  FL.studioSweep = { setup: setup, resweep: resweep, draw: draw, request: request };
})(window.FeelLab = window.FeelLab || {});
