// The x(t) chart under the panels: each shown point's x over the common clock, its settle
// band, where its animator pauses, and a cursor at the time shown; for a 2-D motion, the same
// chart of y(t) beside it (`coord` "y").
(function (FL) {
  "use strict";

  var COLORS = FL.COLORS;
  var numberText = FL.text.numberText;

  /// A round grid step near `raw`: 1, 2 or 5 times a power of ten.
  function niceStep(raw) {
    if (!(raw > 0)) return 1;
    var p = Math.pow(10, Math.floor(Math.log10(raw)));
    var n = raw / p;
    return (n < 1.5 ? 1 : n < 3 ? 2 : n < 7 ? 5 : 10) * p;
  }

  /// Draws the chart of `panels` (resolved panels: {motion}) at `time` (s) on `clock`
  /// ({start, end} in s); `band`: the settle band's half-width (pt); `coord`: "x" (default)
  /// or "y", the coordinate drawn.
  function draw(canvas, panels, time, band, clock, coord) {
    var c = coord === "y" ? "y" : "x";
    var target = c === "y" ? "ty" : "tx";
    /// The smallest and largest value of the coordinate over a motion's frames.
    function range(m) {
      if (c === "x") return [m.minX, m.maxX];
      var lo = Infinity, hi = -Infinity;
      for (var k = 0; k < m.frames; k++) { if (m.y[k] < lo) lo = m.y[k]; if (m.y[k] > hi) hi = m.y[k]; }
      return [lo, hi];
    }
    var ctx = canvas.getContext("2d");
    var ratio = window.devicePixelRatio || 1;
    var W = canvas.clientWidth || 600, H = 220;
    if (canvas.width !== Math.round(W * ratio) || canvas.height !== Math.round(H * ratio)) {
      canvas.width = Math.round(W * ratio);
      canvas.height = Math.round(H * ratio);
      canvas.style.height = H + "px";
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, W, H);
    var left = 56, right = 12, topPad = 10, bottomPad = 30;
    var t0 = clock.start, t1 = clock.end;
    var lo = Infinity, hi = -Infinity;
    panels.forEach(function (p) {
      var r = range(p.motion);
      lo = Math.min(lo, r[0]);
      hi = Math.max(hi, r[1]);
      var tv = p.motion[target];
      if (tv !== null) { lo = Math.min(lo, tv - band); hi = Math.max(hi, tv + band); }
    });
    if (!(hi > lo)) { lo -= 1; hi += 1; }
    var pad = (hi - lo) * 0.06;
    lo -= pad; hi += pad;
    var X = function (t) { return left + (W - left - right) * (t - t0) / Math.max(1e-9, t1 - t0); };
    var Y = function (v) { return topPad + (H - topPad - bottomPad) * (hi - v) / (hi - lo); };

    // grid and axes
    ctx.font = "11px -apple-system, 'Helvetica Neue', Arial, sans-serif";
    ctx.fillStyle = "#6e6e73";
    ctx.strokeStyle = "#e5e5ea";
    ctx.lineWidth = 1;
    var step = niceStep((t1 - t0) / 8);
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    // the simulated finger's drag (the selection's), from drag-began to drag-ended
    var sel = panels[0].motion;
    if (sel.drag) {
      var from = sel.drag.began / sel.fps;
      var to = (sel.drag.ended === null ? sel.frames - 1 : sel.drag.ended) / sel.fps;
      ctx.fillStyle = "rgba(10,132,255,0.07)";
      ctx.fillRect(X(from), topPad, X(to) - X(from), H - topPad - bottomPad);
      ctx.fillStyle = "#6e6e73";
      ctx.textAlign = "left";
      ctx.textBaseline = "top";
      ctx.fillText("drag", X(from) + 4, topPad + 2);
    }
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    for (var s = Math.ceil(t0 / step - 1e-9) * step; s <= t1 + 1e-9; s += step) {
      var gx = X(s);
      ctx.beginPath(); ctx.moveTo(gx, topPad); ctx.lineTo(gx, H - bottomPad); ctx.stroke();
      ctx.fillText(numberText(s, 2), gx, H - bottomPad + 4);
    }
    ctx.fillText("t (s) from the scene's start", left + (W - left - right) / 2, H - 13);
    var ystep = niceStep((hi - lo) / 5);
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    for (var v = Math.ceil(lo / ystep) * ystep; v <= hi; v += ystep) {
      var gy = Y(v);
      ctx.beginPath(); ctx.moveTo(left, gy); ctx.lineTo(W - right, gy); ctx.stroke();
      ctx.fillText(numberText(v, 1), left - 6, gy);
    }
    ctx.save();
    ctx.translate(12, topPad + (H - topPad - bottomPad) / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = "center";
    ctx.fillText(c + " (pt)", 0, 0);
    ctx.restore();

    // settle bands
    panels.forEach(function (p, n) {
      var tv = p.motion[target];
      if (tv === null) return;
      ctx.fillStyle = n === 0 ? "rgba(48,164,108,0.18)" : "rgba(48,164,108,0.08)";
      var top = Y(tv + band);
      ctx.fillRect(left, top, W - left - right, Math.max(1, Y(tv - band) - top));
    });

    // curves
    panels.forEach(function (p, n) {
      var m = p.motion;
      ctx.strokeStyle = COLORS[n % COLORS.length];
      ctx.lineWidth = n === 0 ? 2 : 1.5;
      ctx.beginPath();
      var first = Math.floor(t0 * m.fps + 1e-6), last = Math.ceil(t1 * m.fps - 1e-6);
      for (var f = first; f <= last; f++) {
        var k = Math.max(0, Math.min(m.frames - 1, f));
        var px = X(f / m.fps), py = Y(m[c][k]);
        if (f === first) ctx.moveTo(px, py); else ctx.lineTo(px, py);
      }
      ctx.stroke();
      if (m.pause !== null) {
        // where the animator pauses
        ctx.fillStyle = COLORS[n % COLORS.length];
        var kp = Math.min(m.frames - 1, m.pause);
        ctx.fillRect(X(m.pause / m.fps) - 1, Y(m[c][kp]) - 6, 2, 12);
        if (n === 0) {
          ctx.textAlign = "center";
          ctx.textBaseline = "bottom";
          ctx.fillStyle = "#6e6e73";
          ctx.fillText("paused", X(m.pause / m.fps), Y(m[c][kp]) - 8);
        }
      }
    });

    // cursor
    var cx = X(time);
    ctx.strokeStyle = "#1c1c1e";
    ctx.lineWidth = 1;
    ctx.beginPath(); ctx.moveTo(cx, topPad); ctx.lineTo(cx, H - bottomPad); ctx.stroke();
    panels.forEach(function (p, n) {
      var m = p.motion;
      var k = Math.max(0, Math.min(m.frames - 1, Math.floor(time * m.fps + 1e-6)));
      ctx.fillStyle = COLORS[n % COLORS.length];
      ctx.beginPath(); ctx.arc(cx, Y(m[c][k]), 4, 0, Math.PI * 2); ctx.fill();
    });
  }

  /// Whether a motion moves in y too (more than a hundredth of a point): a 2-D motion, whose
  /// readout and chart show y beside x.
  function isPlanar(m) {
    if (m.planar !== undefined) return m.planar;
    var lo = Infinity, hi = -Infinity;
    for (var k = 0; k < m.frames; k++) { if (m.y[k] < lo) lo = m.y[k]; if (m.y[k] > hi) hi = m.y[k]; }
    m.planar = hi - lo > 0.01;
    return m.planar;
  }

  FL.chart = { draw: draw, isPlanar: isPlanar };
})(window.FeelLab = window.FeelLab || {});
