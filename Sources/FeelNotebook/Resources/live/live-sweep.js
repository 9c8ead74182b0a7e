// The studio's re-sweep around the current constants (docs/live-panel.md): the
// request (every slider's value as `set`, the axes that move a slider's constant re-centred on
// it), the stream of /api/sweep with its progress bar, and the chart: a slice of the swept grid
// through the current values, the metric and the x axis chosen in the chart. Loaded after
// live/live-panel.js, whose LivePanel it extends; the studio only (the static page never loads it).
(function (FL) {
  "use strict";

  var el = FL.el;

  /// A current value this close to a swept value of its axis (relative to the larger of 1 and
  /// its size) is that value: the slice takes that row as it is, not an interpolation. It
  /// absorbs the last bits in which the page's centre and the sweep's printed grid value may
  /// differ (the re-centred axis holds the centre when its point count is odd).
  var SLICE_SNAP = 1e-9;

  /// The complete lines of a sweep's CSV so far that are not comments: its header, then rows.
  function rowsOf(text) {
    return text.slice(0, text.lastIndexOf("\n") + 1).split("\n").filter(function (l) {
      return l.length && l.charAt(0) !== "#";
    });
  }

  /// How axis `a` moves the constant of slider `entry`: {scale, offset} with constant =
  /// offset + scale × axis value, or null when the axis does not move it. A constant held by a
  /// path is moved by an axis that sets that one path (value = offset + scale × axis value, as
  /// the sweep sets it). A gap constant is moved by an axis that sets only boundaries it names;
  /// the relation is read off two stored points that differ along that axis alone (the gap is
  /// linear in a boundary's coordinate).
  FL.LivePanel.prototype.axisRelation = function (a, entry) {
    var exp = this.exp, targets = (exp.data.live && exp.data.live.axes[a]) || [], axis = exp.axes[a];
    if (!targets.length || axis.numbers.length < 2 || typeof axis.numbers[0] !== "number") return null;
    if (!entry.gap) {
      if (targets.length !== 1 || targets[0].path !== entry.path || targets[0].scale === 0) return null;
      return { scale: targets[0].scale, offset: targets[0].offset };
    }
    var c = FL.constants.byName(exp.control, entry.name);
    var ids = (c && c.gapTo) || [];
    var ours = targets.every(function (t) {
      return ids.some(function (id) { return t.path.indexOf("boundary." + id + ".") === 0; });
    });
    if (!ours) return null;
    var positions = exp.positionsOf(this.point), p0 = positions.slice(), p1 = positions.slice();
    p0[a] = 0;
    p1[a] = axis.numbers.length - 1;
    var g0 = exp.constant(entry.name, exp.indexOf(p0)), g1 = exp.constant(entry.name, exp.indexOf(p1));
    var v0 = axis.numbers[0], v1 = axis.numbers[axis.numbers.length - 1];
    if (g0 === null || g1 === null || v1 === v0 || g1 === g0) return null;
    var scale = (g1 - g0) / (v1 - v0);
    return { scale: scale, offset: g0 - scale * v0 };
  };

  /// The re-sweep's request (docs/live-panel.md, "Re-sweep around the current constants"): every
  /// slider's value as `set` (a gap constant by the boundary coordinates it set), and each axis
  /// that moves a slider's constant re-centred on the slider's value: the same number of points
  /// and the same width as the experiment's grid, centred on the axis value that gives the
  /// slider's value, shifted (never shrunk) to stay within the slider's span.
  FL.LivePanel.prototype.sweepRequest = function () {
    var self = this, exp = this.exp, set = {}, axes = {}, centres = {};
    (this.entries || []).forEach(function (entry) {
      if (!entry.gap) set[entry.path] = Number(self.sliderInputs[entry.name].value);
    });
    for (var k in this.set) set[k] = this.set[k];
    if (!exp.control) return { experiment: exp.data.file, set: set, axes: axes, centres: centres };
    exp.axes.forEach(function (axis, a) {
      (self.entries || []).forEach(function (entry) {
        if (axes[axis.name]) return;
        var r = self.axisRelation(a, entry);
        if (!r) return;
        var value = Number(self.sliderInputs[entry.name].value);
        var centre = (value - r.offset) / r.scale;
        var ends = [(entry.span.min - r.offset) / r.scale, (entry.span.max - r.offset) / r.scale];
        axes[axis.name] = recentred(axis.numbers, axis.count, centre, ends);
        centres[axis.name] = centre;
      });
    });
    return { experiment: exp.data.file, set: set, axes: axes, centres: centres };
  };

  /// An axis re-centred on `centre` (axis units): the grid's width (of `numbers`) and point
  /// count, centred on it, shifted (never shrunk) to stay within `ends` (the slider's span in
  /// axis units; null: no span), as /api/sweep's `axes` takes it.
  function recentred(numbers, count, centre, ends) {
    var width = Math.max.apply(null, numbers) - Math.min.apply(null, numbers);
    var from = centre - width / 2, to = centre + width / 2;
    if (ends) {
      var lo = Math.min(ends[0], ends[1]), hi = Math.max(ends[0], ends[1]);
      if (width <= hi - lo) {
        if (from < lo) { from = lo; to = lo + width; }
        if (to > hi) { to = hi; from = hi - width; }
      }
    }
    return { from: from, to: to, count: count };
  }

  /// Re-sweeps the experiment around the current constants (`sweepRequest`), streaming its
  /// rows: the progress bar counts them, the chart draws the slice through the current values
  /// (the chosen metric along the chosen axis) as they come, and marks where the current motion is.
  FL.LivePanel.prototype.resweep = function () {
    var request = this.sweepRequest();
    this.sweepSent = { experiment: request.experiment, set: request.set, axes: request.axes };
    this.sweepCentres = request.centres;
    stream(this, this.exp.data.gridPoints);
  };

  /// Streams /api/sweep of `o.sweepSent` into `o` (the live panel, or the studio's re-sweep):
  /// `o.progress` (a progress element) and `o.progressSeen` count the rows of `total`,
  /// `o.sweepStatus` says how far, `o.sweepText` holds the CSV so far and `o.sweepCSV` the
  /// whole of it at the end; `o.drawSweep()` redraws the chart after each chunk. A newer
  /// stream into `o` cancels this one.
  function stream(o, total) {
    var self = o;
    self.progress.value = 0;
    self.progressSeen = [0];
    self.sweepStatus.textContent = "Sweeping…";
    var text = "", rows = 0;
    if (self.sweepReader) self.sweepReader.cancel();
    var seq = self.sweepSeq = (self.sweepSeq || 0) + 1;
    fetch("/api/sweep", {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(self.sweepSent),
    }).then(function (r) {
      if (!r.ok) return r.json().then(function (j) { throw new Error(j.error); });
      var reader = r.body.getReader(), decoder = new TextDecoder();
      self.sweepReader = reader;
      function next() {
        return reader.read().then(function (chunk) {
          if (seq !== self.sweepSeq) return;
          if (chunk.done) return;
          text += decoder.decode(chunk.value, { stream: true });
          rows = Math.max(0, rowsOf(text).length - 1);
          self.progress.value = Math.min(1, rows / total);
          self.progressSeen.push(self.progress.value);
          self.sweepStatus.textContent = rows + " of " + total + " points";
          self.sweepText = text;
          self.drawSweep();
          return next();
        });
      }
      return next();
    }).then(function () {
      if (seq !== self.sweepSeq) return;
      self.sweepReader = null;
      self.progress.value = 1;
      self.progressSeen.push(1);
      self.sweepStatus.textContent = "Swept " + total + " points around the current constants.";
      self.sweepCSV = text;
      self.sweepText = text;
      self.drawSweep();
    }, function (error) {
      if (seq === self.sweepSeq) self.sweepStatus.textContent = "Sweep failed: " + error.message;
    });
  }

  /// The slice of swept rows through the current values (docs/studio.md, "The re-sweep's
  /// chart"). `lines`: the CSV's header and rows (comment lines left out); `axes`: every axis of
  /// the sweep, {name, current} (a number, or a string for an axis of strings); `x`: the name
  /// of the numeric axis along which the chart runs; `metric`: the column charted. For each
  /// value of `x`, every other axis is read at its current value: the row of that value when
  /// the sweep has it (within SLICE_SNAP), else the linear interpolation between the rows of
  /// the two swept values around it (the nearest below and above, weights by distance; with
  /// several such axes, multilinear). Only rows are read: nothing is simulated. A value of `x`
  /// some needed row of which has not arrived yet, or whose metric is empty in a row with a
  /// weight, has no point. Returns [[x, metric], …] in increasing x.
  function slice(lines, axes, x, metric) {
    if (lines.length < 2) return [];
    var header = lines[0].split(","), xc = header.indexOf(x), mc = header.indexOf(metric);
    if (xc < 0 || mc < 0) return [];
    var others = axes.filter(function (a) { return a.name !== x; }).map(function (a) {
      return { name: a.name, current: a.current, column: header.indexOf(a.name), seen: {} };
    });
    if (others.some(function (o) { return o.column < 0; })) return [];
    function key(cell, numeric) { return numeric ? String(Number(cell)) : cell; }
    var cells = {}, xs = {}, i, o;
    for (i = 1; i < lines.length; i++) {
      var row = lines[i].split(","), k = key(row[xc], true);
      xs[k] = Number(row[xc]);
      for (var n = 0; n < others.length; n++) {
        o = others[n];
        o.seen[key(row[o.column], typeof o.current === "number")] = row[o.column];
        k += "," + key(row[o.column], typeof o.current === "number");
      }
      cells[k] = row[mc];
    }
    // each other axis at its current value: one swept value (weight 1) or the two around it
    var corners = [{ key: "", weight: 1 }];
    for (n = 0; n < others.length; n++) {
      var weights = bracket(others[n]);
      if (!weights) return [];
      var next = [];
      corners.forEach(function (c) {
        weights.forEach(function (w) { next.push({ key: c.key + "," + w.key, weight: c.weight * w.weight }); });
      });
      corners = next;
    }
    var out = [];
    Object.keys(xs).forEach(function (xk) {
      var y = 0, complete = true;
      corners.forEach(function (c) {
        if (c.weight === 0) return;
        var cell = cells[xk + c.key];
        if (cell === undefined || cell === "" || !isFinite(Number(cell))) { complete = false; return; }
        y += c.weight * Number(cell);
      });
      if (complete && corners.length) out.push([xs[xk], y]);
    });
    out.sort(function (a, b) { return a[0] - b[0]; });
    return out;
  }

  /// An axis at its current value, among the values swept so far: [{key, weight}] (one swept
  /// value with weight 1, or the nearest below and above with linear weights), or null when no
  /// swept value is at it or on both sides of it yet.
  function bracket(axis) {
    var c = axis.current, keys = Object.keys(axis.seen);
    if (typeof c !== "number") return keys.indexOf(c) >= 0 ? [{ key: c, weight: 1 }] : null;
    var below = null, above = null;
    for (var i = 0; i < keys.length; i++) {
      var v = Number(keys[i]);
      if (Math.abs(v - c) <= SLICE_SNAP * Math.max(1, Math.abs(c))) return [{ key: keys[i], weight: 1 }];
      if (v < c && (below === null || v > Number(below))) below = keys[i];
      if (v > c && (above === null || v < Number(above))) above = keys[i];
    }
    if (below === null || above === null) return null;
    var lo = Number(below), hi = Number(above), t = (c - lo) / (hi - lo);
    return [{ key: below, weight: 1 - t }, { key: above, weight: t }];
  }

  /// The re-sweep's row of the panel: the button, the progress bar, and the chart with its
  /// choices of metric (the experiment's metrics) and x axis (its numeric axes).
  FL.LivePanel.prototype.buildSweep = function () {
    var self = this, exp = this.exp;
    this.progress = el("progress", { className: "live-progress", max: "1", value: "0" });
    this.sweepStatus = el("span", { className: "hint live-sweep-status" });
    this.sweepChart = el("canvas", { className: "live-sweep-chart" });
    this.sweepMetric = el("select", { className: "live-sweep-metric", "aria-label": "Metric charted",
      onchange: function () { self.drawSweep(); } },
    exp.data.metrics.map(function (m) { return el("option", { value: m.name, text: m.name }); }));
    var numeric = exp.axes.filter(function (a) {
      return a.numbers.every(function (v) { return typeof v === "number"; });
    });
    this.sweepAxis = el("select", { className: "live-sweep-axis", "aria-label": "Axis along the chart",
      onchange: function () { self.drawSweep(); } },
    numeric.map(function (a) { return el("option", { value: a.name, text: a.name }); }));
    this.box.appendChild(el("div", { className: "row" }, [
      el("button", { type: "button", className: "live-resweep", onclick: function () { self.resweep(); } },
        ["Re-sweep around the current constants"]),
      " ", this.progress, " ", this.sweepStatus,
    ]));
    this.box.appendChild(el("div", { className: "row live-sweep-choice" }, [
      "Chart ", this.sweepMetric, " along ", this.sweepAxis,
      el("span", { className: "hint", text: " (the other axes at their current values)" }),
    ]));
    this.box.appendChild(this.sweepChart);
  };

  /// Every axis of the re-sweep at its current value: a re-centred axis at its centre (the
  /// slider's value, as the axis gives it), any other at the selected grid point's value.
  FL.LivePanel.prototype.sweepCurrent = function () {
    var exp = this.exp, centres = this.sweepCentres || {}, positions = exp.positionsOf(this.point);
    return exp.axes.map(function (axis, a) {
      var p = positions[a];
      var current = centres[axis.name] !== undefined ? centres[axis.name]
        : typeof axis.numbers[p] === "number" ? axis.numbers[p] : axis.labels[p];
      return { name: axis.name, current: current };
    });
  };

  /// The chart of the swept rows so far (`drawSweep`), at the panel's current values.
  FL.LivePanel.prototype.drawSweep = function () {
    drawSweep(this, this.sweepCurrent(), this.lastMetrics);
  };

  /// The chart of `o`'s swept rows so far (`o.sweepText`): the metric chosen in
  /// `o.sweepMetric` along the axis chosen in `o.sweepAxis`, on the slice through the current
  /// values (`axes`: [{name, current}], `slice`), drawn on `o.sweepChart` (`o.sweepWidth` CSS px
  /// wide, 480 by default); the current constants marked: a red line at the chosen axis's
  /// current value, and a ring at the current motion's value of that metric (`metrics`: the
  /// last `feel metrics --json` of the motion) when it has one.
  function drawSweep(o, axes, metrics) {
    var lines = rowsOf(o.sweepText || "");
    if (lines.length < 2) return;
    var metric = o.sweepMetric.value, x = o.sweepAxis.value;
    var pts = slice(lines, axes, x, metric);
    o.sweepPoints = pts;
    o.sweepSlice = { x: x, metric: metric, axes: axes };
    var current = axes.filter(function (a) { return a.name === x; })[0];
    var live = metrics && metrics.metrics ? metrics.metrics[metric] : null;
    o.sweepMark = { x: current && typeof current.current === "number" ? current.current : null,
      y: typeof live === "number" ? live : null };
    var held = axes.filter(function (a) { return a.name !== x; }).map(function (a) {
      return a.name + " = " + (typeof a.current === "number" ? FL.text.numberText(a.current) : a.current);
    });
    o.sweepTicks = chart(o.sweepChart, o.sweepWidth || 480, 200, pts, o.sweepMark, x, metric, held);
  }

  /// Round tick values over [lo, hi]: about `n` multiples of 1, 2 or 5 × 10^k.
  function ticks(lo, hi, n) {
    var raw = (hi - lo) / n, mag = Math.pow(10, Math.floor(Math.log10(raw))), step = mag;
    [1, 2, 5, 10].some(function (m) { step = m * mag; return m * mag >= raw; });
    var out = [];
    for (var v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) {
      out.push(Math.abs(v) < step * 1e-9 ? 0 : Number(v.toPrecision(12)));
    }
    return out;
  }

  /// A tick's text: the tick value to at most 4 significant digits.
  function tickText(v) { return String(Number(v.toPrecision(4))); }

  /// Draws the re-sweep's chart on `canvas` (w × h CSS px): the points `pts` ([x, metric]),
  /// the current constants marked (`mark`: {x, y}, a red line at x and a ring at y), both axes
  /// with round ticks and their values, the x axis named `x` and the y axis `metric`, and a
  /// title saying what the other axes are held at (`held`). Returns the ticks drawn,
  /// {x: [value, …], y: [value, …]}.
  function chart(canvas, w, h, pts, mark, x, metric, held) {
    canvas.width = w;
    canvas.height = h;
    var ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, w, h);
    if (!pts.length) return { x: [], y: [] };
    var x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    pts.forEach(function (p) {
      x0 = Math.min(x0, p[0]);
      x1 = Math.max(x1, p[0]);
      y0 = Math.min(y0, p[1]);
      y1 = Math.max(y1, p[1]);
    });
    if (mark.x !== null) { x0 = Math.min(x0, mark.x); x1 = Math.max(x1, mark.x); }
    if (mark.y !== null) { y0 = Math.min(y0, mark.y); y1 = Math.max(y1, mark.y); }
    if (x1 === x0) x1 = x0 + 1;
    if (y1 === y0) y1 = y0 + 1;
    var L = 52, R = 12, T = 20, B = 34;
    function px(v) { return L + (v - x0) / (x1 - x0) * (w - L - R); }
    function py(v) { return h - B - (v - y0) / (y1 - y0) * (h - T - B); }
    var xt = ticks(x0, x1, 5), yt = ticks(y0, y1, 4);
    ctx.font = "11px sans-serif";
    ctx.strokeStyle = "#d1d1d6";
    ctx.fillStyle = "#6e6e73";
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(L, T);
    ctx.lineTo(L, h - B);
    ctx.lineTo(w - R, h - B);
    ctx.stroke();
    ctx.textAlign = "center";
    xt.forEach(function (v) {
      ctx.beginPath();
      ctx.moveTo(px(v), h - B);
      ctx.lineTo(px(v), h - B + 4);
      ctx.stroke();
      ctx.fillText(tickText(v), px(v), h - B + 15);
    });
    ctx.fillText(x, L + (w - L - R) / 2, h - 3);
    ctx.textAlign = "right";
    yt.forEach(function (v) {
      ctx.beginPath();
      ctx.moveTo(L - 4, py(v));
      ctx.lineTo(L, py(v));
      ctx.stroke();
      ctx.fillText(tickText(v), L - 6, py(v) + 4);
    });
    ctx.save();
    ctx.translate(11, T + (h - T - B) / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = "center";
    ctx.fillText(metric, 0, 0);
    ctx.restore();
    ctx.textAlign = "left";
    ctx.strokeStyle = "#0a84ff";
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    pts.forEach(function (p, i) { if (i) ctx.lineTo(px(p[0]), py(p[1])); else ctx.moveTo(px(p[0]), py(p[1])); });
    ctx.stroke();
    ctx.fillStyle = "#0a84ff";
    pts.forEach(function (p) { ctx.fillRect(px(p[0]) - 1.5, py(p[1]) - 1.5, 3, 3); });
    if (mark.x !== null) {
      ctx.strokeStyle = "#ff3b30";
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(px(mark.x), T);
      ctx.lineTo(px(mark.x), h - B);
      ctx.stroke();
      if (mark.y !== null) {
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(px(mark.x), py(mark.y), 5, 0, 2 * Math.PI);
        ctx.stroke();
      }
    }
    ctx.fillStyle = "#6e6e73";
    ctx.fillText(metric + " against " + x + (held.length ? " at " + held.join(", ") : "") +
      " (red: the current constants)", L, 12);
    return { x: xt, y: yt };
  }

  FL.live.slice = slice;
  FL.live.rowsOf = rowsOf;
  FL.live.recentred = recentred;
  FL.live.streamSweep = stream;
  FL.live.drawSweep = drawSweep;
})(window.FeelLab = window.FeelLab || {});
