// The studio page's live plot (docs/studio.md, "The studio page"): the measured item's
// coordinates that move, against scene time, over the last seconds, with the target and its
// settle band as they were at each time. Reads the page's state (studio/studio.js's
// FeelStudio); draws only.
(function (FL) {
  "use strict";

  /// A coordinate "moves" when its range over the session passes this (pt; angle: 0.5°).
  var MOVE_PT = 0.5, MOVE_RAD = 0.5 * Math.PI / 180;

  /// A number with 3 significant digits, as the plot's range shows it.
  function sig3(x) {
    return x === 0 ? "0" : String(Number(x.toPrecision(3)));
  }

  /// The measured item's coordinates that moved during the session: "x", "y", "a" (angle).
  function moving(S) {
    var r = S.range;
    if (!r) return [];
    var out = [];
    if (r.x[1] - r.x[0] > MOVE_PT) out.push("x");
    if (r.y[1] - r.y[0] > MOVE_PT) out.push("y");
    if (r.a[1] - r.a[0] > MOVE_RAD) out.push("a");
    return out;
  }

  /// The moving coordinates over the last PLOT_S s of S.plot, one strip each, with the
  /// target and its settle band as they were at each time (a release that picks a new target
  /// draws a step); S.plotGoal and S.plotDrawn say what was drawn.
  function draw(S, canvas, PLOT_S) {
    var ctx = canvas.getContext("2d"), p = S.plot, coords = moving(S);
    var W = canvas.width, H = canvas.height, left = 56;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, W, H);
    ctx.font = "11px sans-serif";
    ctx.fillStyle = "#6c6c70";
    S.plotGoal = [];
    if (!coords.length || !p.t.length) {
      ctx.fillText("Grab the control: its moving coordinates are drawn here.", left, H / 2);
      S.plotDrawn = 0;
      return;
    }
    var t1 = p.t[p.t.length - 1], t0 = t1 - PLOT_S, strip = H / coords.length, band = S.info.band_pt;
    var X = function (t) { return left + (t - t0) / PLOT_S * (W - left - 8); };
    coords.forEach(function (c, n) {
      var data = c === "x" ? p.x : c === "y" ? p.y : p.a.map(function (a) { return a * 180 / Math.PI; });
      var goals = p.g.map(function (g) { return g && c !== "a" ? g[c === "x" ? 0 : 1] : null; });
      var lo = Infinity, hi = -Infinity;
      data.forEach(function (v) { if (v < lo) lo = v; if (v > hi) hi = v; });
      goals.forEach(function (g) { if (g !== null) { lo = Math.min(lo, g - band); hi = Math.max(hi, g + band); } });
      if (hi - lo < 1) { lo -= 0.5; hi += 0.5; }
      var top = n * strip + 8, h = strip - 20;
      var Y = function (v) { return top + (hi - v) / (hi - lo) * h; };
      ctx.fillStyle = "#6c6c70";
      ctx.fillText((c === "a" ? "angle °" : c + " pt"), 4, top + h / 2);
      ctx.fillText(sig3(hi), 4, top + 8);
      ctx.fillText(sig3(lo), 4, top + h);
      // the target and its band, one run per value it held
      var runs = [];
      goals.forEach(function (g, i) {
        var last = runs[runs.length - 1];
        if (last && last.g === g) last.to = p.t[i + 1] !== undefined ? p.t[i + 1] : p.t[i];
        else runs.push({ g: g, from: p.t[i], to: p.t[i + 1] !== undefined ? p.t[i + 1] : p.t[i] });
      });
      runs = runs.filter(function (r) { return r.g !== null; });
      ctx.fillStyle = "rgba(52,199,89,0.25)";
      runs.forEach(function (r) {
        ctx.fillRect(X(r.from), Y(r.g + band), Math.max(1, X(r.to) - X(r.from)),
          Math.max(1, Y(r.g - band) - Y(r.g + band)));
      });
      ctx.strokeStyle = "#34c759";
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      runs.forEach(function (r, i) {
        if (i && runs[i - 1].to >= r.from - 1e-9) ctx.lineTo(X(r.from), Y(r.g));
        else ctx.moveTo(X(r.from), Y(r.g));
        ctx.lineTo(X(r.to), Y(r.g));
        S.plotGoal.push([c, r.from, r.to, r.g]);
      });
      ctx.stroke();
      ctx.strokeStyle = "#007aff";
      ctx.beginPath();
      data.forEach(function (v, i) { if (i) ctx.lineTo(X(p.t[i]), Y(v)); else ctx.moveTo(X(p.t[i]), Y(v)); });
      ctx.stroke();
    });
    ctx.fillStyle = "#6c6c70";
    ctx.fillText("last " + PLOT_S + " s, to t = " + t1.toFixed(2) + " s", left, H - 2);
    S.plotDrawn = p.t.length;
  }

  FL.studioPlot = { draw: draw, moving: moving };
})(window.FeelLab = window.FeelLab || {});
