// A chart of one metric over the grid, drawn from the grid's values (grid.js) on a canvas: a
// heatmap over two axes, or a line chart over one (one line per value of a third). The axes it
// does not show are held at a slice (the explorer's selection). Over it: the targets panel's
// infeasible points hatched, its Pareto front and best point, the selection and the base scene's
// point. It maps the pointer to a grid point (`hit`) and a grid point to where it is drawn
// (`place`). The gnuplot charts stay the printable artefact; this one answers "what is here?".
(function (FL) {
  "use strict";

  var numberText = FL.text.numberText;
  /// gnuplot's palette in the experiments' charts (plots/*.gp), low to high.
  var PALETTE = ["#0d0887", "#6a00a8", "#b12a90", "#e16462", "#fca636", "#f0f921"];
  var EMPTY = "#d9d9d9";
  var LINE_COLORS = ["#0a84ff", "#ff6b00", "#30a46c", "#bf5af2", "#e5484d", "#8e8e93", "#00a0c0"];
  /// The chart's size in its own pixels; the page scales it to the width it has (CSS), so
  /// drawing never reads the layout.
  var WIDTH = 540, HEIGHT = 300;
  var PAD = { left: 64, right: 70, top: 26, bottom: 40 };
  var FONT = "11px -apple-system, 'Helvetica Neue', Arial, sans-serif";

  function hex(c) { return [1, 3, 5].map(function (k) { return parseInt(c.slice(k, k + 2), 16); }); }
  var RGB = PALETTE.map(hex);

  /// The palette's colour at t in [0, 1].
  function colorAt(t) { return "rgb(" + rgbAt(t).join(",") + ")"; }

  /// The palette's colour at t in [0, 1] as [r, g, b].
  function rgbAt(t) {
    t = Math.max(0, Math.min(1, t)) * (RGB.length - 1);
    var k = Math.min(RGB.length - 2, Math.floor(t)), u = t - k;
    return RGB[k].map(function (v, j) { return Math.round(v + (RGB[k + 1][j] - v) * u); });
  }
  var EMPTY_RGB = hex(EMPTY);
  /// Infeasible cells: washed towards white (this much), with dark diagonal lines every 8 pixels.
  var WASH = 0.62, HATCH_RGB = [60, 60, 67], HATCH_ALPHA = 0.55;

  /// `spec`: the data's chart ({metric, x, y, lines, range, log}); `grid`: FL.Grid; `axes`: the
  /// experiment's axes (names); `preferred`: each axis's base-scene grid position or null.
  function GridChart(canvas, grid, axes, spec, preferred) {
    this.canvas = canvas;
    this.grid = grid;
    this.axes = axes;
    this.spec = spec;
    this.preferred = preferred;
    this.metric = grid.metrics[spec.metric];
    var r = spec.range ? { min: spec.range[0], max: spec.range[1] } : grid.ranges[spec.metric];
    this.scale = r ? { min: r.min, max: r.max > r.min ? r.max : r.min + 1 } : { min: 0, max: 1 };
    // A log scale without a range spans three decades below the largest value.
    if (spec.log && !spec.range) this.scale.min = Math.max(this.scale.min, this.scale.max / 1000);
    this.heat = spec.y !== null;
    this.series = spec.lines;
    // its size before it is first drawn (the page lays it out by its aspect)
    var ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(WIDTH * ratio);
    canvas.height = Math.round(HEIGHT * ratio);
  }

  /// Where value v sits on the scale, 0 to 1.
  GridChart.prototype.unit = function (v) {
    var s = this.scale;
    if (this.spec.log) {
      var lo = Math.log(s.min), hi = Math.log(Math.max(s.max, s.min * 10));
      return (Math.log(Math.max(v, s.min)) - lo) / (hi - lo);
    }
    return (v - s.min) / (s.max - s.min);
  };

  /// The grid point drawn at (column i, row j) of the slice: x at i, y or the series at j.
  GridChart.prototype.pointAt = function (slice, i, j) {
    var positions = slice.slice();
    positions[this.spec.x] = i;
    if (this.heat) positions[this.spec.y] = j;
    else if (this.series !== null) positions[this.series] = j;
    return this.grid.index(positions);
  };

  /// Rows of the chart: the heatmap's y values, the line chart's series (1 without one).
  GridChart.prototype.rows = function () {
    if (this.heat) return this.grid.sizes[this.spec.y];
    return this.series !== null ? this.grid.sizes[this.series] : 1;
  };

  /// The plot area, in the chart's pixels.
  GridChart.prototype.layout = function () {
    var W = WIDTH;
    return {
      W: W, H: HEIGHT, x0: PAD.left, y0: PAD.top, w: W - PAD.left - PAD.right, h: HEIGHT - PAD.top - PAD.bottom,
    };
  };

  /// x of column i (pixels): cells side by side, or a numeric axis's values to scale.
  GridChart.prototype.columnX = function (L, i) {
    var n = this.grid.sizes[this.spec.x];
    if (this.heat) return L.x0 + L.w * (i + 0.5) / n;
    var numbers = this.grid.numbers[this.spec.x];
    if (n > 1 && numbers.every(function (v) { return v !== null; })) {
      return L.x0 + L.w * (numbers[i] - numbers[0]) / (numbers[n - 1] - numbers[0] || 1);
    }
    return L.x0 + L.w * (n > 1 ? i / (n - 1) : 0.5);
  };

  /// y of value v on a line chart (pixels).
  GridChart.prototype.valueY = function (L, v) {
    return L.y0 + L.h * (1 - Math.max(0, Math.min(1, this.unit(v))));
  };

  /// Where grid point p is drawn ({x, y} in the chart's pixels from its top-left), or null when
  /// it is not in the slice or has no value on a line chart.
  GridChart.prototype.place = function (p, slice) {
    var L = this.layout(), positions = this.grid.positionsOf(p), spec = this.spec;
    for (var a = 0; a < positions.length; a++) {
      if (a !== spec.x && a !== spec.y && a !== spec.lines && positions[a] !== slice[a]) return null;
    }
    var x = this.columnX(L, positions[spec.x]);
    if (this.heat) {
      var ny = this.grid.sizes[spec.y];
      return { x: x, y: L.y0 + L.h * (1 - (positions[spec.y] + 0.5) / ny), width: L.W, height: L.H };
    }
    var v = this.grid.value(spec.metric, p);
    return v === null ? null : { x: x, y: this.valueY(L, v), width: L.W, height: L.H };
  };

  /// The grid point at (px, py) in the chart's pixels, or null outside the plot.
  GridChart.prototype.hit = function (px, py, slice) {
    var L = this.layout(), spec = this.spec, n = this.grid.sizes[spec.x];
    if (px < L.x0 - 6 || px > L.x0 + L.w + 6 || py < L.y0 - 6 || py > L.y0 + L.h + 6) return null;
    var i = 0, best = Infinity;
    for (var k = 0; k < n; k++) {
      var d = Math.abs(this.columnX(L, k) - px);
      if (d < best) { best = d; i = k; }
    }
    if (this.heat) {
      var ny = this.grid.sizes[spec.y];
      var j = Math.max(0, Math.min(ny - 1, Math.floor((1 - (py - L.y0) / L.h) * ny)));
      return this.pointAt(slice, i, j);
    }
    var row = 0, nearest = Infinity;
    for (var s = 0; s < this.rows(); s++) {
      var v = this.grid.value(spec.metric, this.pointAt(slice, i, s));
      if (v === null) continue;
      var dy = Math.abs(this.valueY(L, v) - py);
      if (dy < nearest) { nearest = dy; row = s; }
    }
    return this.pointAt(slice, i, row);
  };

  /// Draws the chart at `slice` (grid positions of the held axes) with `marks`: {solution (or
  /// null), selected (a grid point)}. Everything but the selection is drawn once per slice and
  /// solution into an offscreen canvas, so moving the selection only copies it.
  GridChart.prototype.draw = function (slice, marks) {
    var canvas = this.canvas, L = this.layout(), ratio = window.devicePixelRatio || 1;
    var width = Math.round(L.W * ratio), height = Math.round(L.H * ratio);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    var spec = this.spec, held = slice.filter(function (q, a) {
      return a !== spec.x && a !== spec.y && a !== spec.lines;
    });
    var key = [width, height, held.join(",")].join("|");
    if (!this.base || this.baseKey !== key || this.baseSolution !== marks.solution) {
      this.base = this.base || document.createElement("canvas");
      this.base.width = width;
      this.base.height = height;
      var b = this.base.getContext("2d");
      b.setTransform(ratio, 0, 0, ratio, 0, 0);
      b.font = FONT;
      if (this.heat) this.drawCells(b, L, slice, marks);
      else this.drawLines(b, L, slice, marks);
      this.drawAxes(b, L, slice);
      this.drawScale(b, L);
      this.drawMarks(b, slice, marks.solution);
      this.baseKey = key;
      this.baseSolution = marks.solution;
    }
    var ctx = canvas.getContext("2d");
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.drawImage(this.base, 0, 0);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.drawSelection(ctx, slice, marks.selected);
  };

  /// The heatmap's cells, pixel by pixel (device pixels): each cell's colour, washed and
  /// hatched where the targets' solution finds the point infeasible, grey where empty.
  GridChart.prototype.drawCells = function (ctx, L, slice, marks) {
    var spec = this.spec, nx = this.grid.sizes[spec.x], ny = this.grid.sizes[spec.y];
    var values = this.grid.values[spec.metric], sol = marks.solution;
    var ratio = ctx.getTransform().a;
    var X0 = Math.round(L.x0 * ratio), Y0 = Math.round(L.y0 * ratio);
    var W = Math.round((L.x0 + L.w) * ratio) - X0, H = Math.round((L.y0 + L.h) * ratio) - Y0;
    // each cell's colour (row j from the bottom) and whether it is hatched
    var colors = new Uint8ClampedArray(nx * ny * 3), hatched = new Uint8Array(nx * ny);
    for (var i = 0; i < nx; i++) {
      for (var j = 0; j < ny; j++) {
        var p = this.pointAt(slice, i, j), v = values[p], c = v === v ? rgbAt(this.unit(v)) : EMPTY_RGB;
        var k = (j * nx + i) * 3;
        colors[k] = c[0]; colors[k + 1] = c[1]; colors[k + 2] = c[2];
        hatched[j * nx + i] = sol && !sol.feasible[p] ? 1 : 0;
      }
    }
    var image = ctx.createImageData(W, H), px = image.data;
    var columns = new Int32Array(W);
    for (var x = 0; x < W; x++) columns[x] = Math.min(nx - 1, Math.floor(x * nx / W));
    for (var y = 0; y < H; y++) {
      var row = Math.min(ny - 1, Math.floor((H - 1 - y) * ny / H));
      for (x = 0; x < W; x++) {
        var cell = row * nx + columns[x], q = cell * 3, o = (y * W + x) * 4;
        var r = colors[q], g = colors[q + 1], b = colors[q + 2];
        if (hatched[cell]) {
          r += (255 - r) * WASH; g += (255 - g) * WASH; b += (255 - b) * WASH;
          if ((X0 + x + Y0 + y) % 8 === 0) {
            r += (HATCH_RGB[0] - r) * HATCH_ALPHA;
            g += (HATCH_RGB[1] - g) * HATCH_ALPHA;
            b += (HATCH_RGB[2] - b) * HATCH_ALPHA;
          }
        }
        px[o] = r; px[o + 1] = g; px[o + 2] = b; px[o + 3] = 255;
      }
    }
    ctx.putImageData(image, X0, Y0);
    ctx.strokeStyle = "#c7c7cc";
    ctx.strokeRect(L.x0 - 0.5, L.y0 - 0.5, L.w + 1, L.h + 1);
  };

  GridChart.prototype.drawLines = function (ctx, L, slice, marks) {
    var spec = this.spec, n = this.grid.sizes[spec.x], sol = marks.solution, labels = [];
    ctx.strokeStyle = "#e5e5ea";
    ctx.strokeRect(L.x0 - 0.5, L.y0 - 0.5, L.w + 1, L.h + 1);
    for (var s = 0; s < this.rows(); s++) {
      var color = LINE_COLORS[s % LINE_COLORS.length], open = false;
      ctx.strokeStyle = color;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      for (var i = 0; i < n; i++) {
        var v = this.grid.value(spec.metric, this.pointAt(slice, i, s));
        if (v === null) { open = false; continue; }
        var x = this.columnX(L, i), y = this.valueY(L, v);
        if (open) ctx.lineTo(x, y); else ctx.moveTo(x, y);
        open = true;
      }
      ctx.stroke();
      for (i = 0; i < n; i++) {
        var p = this.pointAt(slice, i, s), w = this.grid.value(spec.metric, p);
        if (w === null) continue;
        var infeasible = sol && !sol.feasible[p];
        ctx.fillStyle = infeasible ? "#ffffff" : color;
        ctx.strokeStyle = infeasible ? "#aeaeb2" : color;
        ctx.lineWidth = 1;
        ctx.beginPath(); ctx.arc(this.columnX(L, i), this.valueY(L, w), 2.5, 0, Math.PI * 2); ctx.fill(); ctx.stroke();
      }
      if (this.series !== null) {
        var last = this.grid.value(spec.metric, this.pointAt(slice, n - 1, s));
        if (last !== null) {
          labels.push({ text: this.grid.labels[this.series][s], color: color, y: this.valueY(L, last) });
        }
      }
    }
    // Each line's label beside its last value, moved apart where lines end close together.
    spreadLabels(labels, LABEL_GAP, L.y0, L.y0 + L.h);
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    labels.forEach(function (label) {
      ctx.fillStyle = label.color;
      ctx.fillText(label.text, L.x0 + L.w + 4, label.y);
    });
    this.lineLabels = labels;
  };

  /// The least distance between two line labels (CSS pixels): an 11 px font's line.
  var LABEL_GAP = 12;

  /// Moves the labels' y apart to at least `gap`, each as near its own y as it can be, within
  /// [top, bottom] when they fit there.
  function spreadLabels(labels, gap, top, bottom) {
    labels.sort(function (a, b) { return a.y - b.y; });
    for (var i = 1; i < labels.length; i++) {
      labels[i].y = Math.max(labels[i].y, labels[i - 1].y + gap);
    }
    var over = labels.length ? labels[labels.length - 1].y - bottom : 0;
    if (over > 0) {
      labels[labels.length - 1].y -= over;
      for (var j = labels.length - 2; j >= 0; j--) {
        labels[j].y = Math.min(labels[j].y, labels[j + 1].y - gap);
      }
      if (labels[0].y < top - gap) {
        // More labels than fit: keep the spacing from the top.
        labels.forEach(function (label, k) { label.y = top + k * gap; });
      }
    }
  }
  GridChart.spreadLabels = spreadLabels;

  /// Tick labels: up to six of the x axis's values, and the y axis's (or the value scale's).
  GridChart.prototype.drawAxes = function (ctx, L, slice) {
    var spec = this.spec, grid = this.grid, nx = grid.sizes[spec.x];
    ctx.fillStyle = "#6e6e73";
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    var every = Math.max(1, Math.ceil(nx / 6));
    for (var i = 0; i < nx; i += every) ctx.fillText(grid.labels[spec.x][i], this.columnX(L, i), L.y0 + L.h + 4);
    ctx.fillText(this.axes[spec.x].name, L.x0 + L.w / 2, L.H - 14);
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    if (this.heat) {
      var ny = grid.sizes[spec.y], step = Math.max(1, Math.ceil(ny / 6));
      for (var j = 0; j < ny; j += step) {
        ctx.fillText(grid.labels[spec.y][j], L.x0 - 5, L.y0 + L.h * (1 - (j + 0.5) / ny));
      }
    } else {
      for (var k = 0; k <= 4; k++) {
        var v = this.valueAt(k / 4);
        ctx.fillText(numberText(v, 2), L.x0 - 5, L.y0 + L.h * (1 - k / 4));
      }
    }
    ctx.save();
    ctx.translate(10, L.y0 + L.h / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = "center";
    ctx.fillText(this.heat ? this.axes[spec.y].name : this.title(), 0, 0);
    ctx.restore();
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    ctx.fillStyle = "#1c1c1e";
    ctx.fillText(this.title() + (this.spec.log ? " (log scale)" : "") + this.heldText(slice), L.x0, 6);
  };

  /// " at profile = modern": the axes the chart holds at the slice (those of several values).
  GridChart.prototype.heldText = function (slice) {
    var spec = this.spec, grid = this.grid, held = [];
    this.axes.forEach(function (axis, a) {
      if (a === spec.x || a === spec.y || a === spec.lines || grid.sizes[a] < 2) return;
      held.push(axis.name + " = " + grid.labels[a][slice[a]]);
    });
    return held.length ? " at " + held.join(", ") : "";
  };

  /// The value at u in [0, 1] of the scale.
  GridChart.prototype.valueAt = function (u) {
    var s = this.scale;
    if (this.spec.log) {
      var lo = Math.log(s.min), hi = Math.log(Math.max(s.max, s.min * 10));
      return Math.exp(lo + u * (hi - lo));
    }
    return s.min + u * (s.max - s.min);
  };

  GridChart.prototype.title = function () {
    return FL.text.metricLabel(this.metric);
  };

  /// The heatmap's colour bar, with its ends and the grey of empty cells.
  GridChart.prototype.drawScale = function (ctx, L) {
    if (!this.heat) return;
    var x = L.x0 + L.w + 10, w = 12;
    for (var k = 0; k < L.h; k++) {
      ctx.fillStyle = colorAt(1 - k / L.h);
      ctx.fillRect(x, L.y0 + k, w, 1);
    }
    ctx.fillStyle = "#6e6e73";
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillText(numberText(this.valueAt(1), 3), x + w + 3, L.y0 + 4);
    ctx.fillText(numberText(this.valueAt(0), 3), x + w + 3, L.y0 + L.h - 4);
    ctx.fillStyle = EMPTY;
    ctx.fillRect(x, L.y0 + L.h + 8, w, 8);
    ctx.fillStyle = "#6e6e73";
    ctx.fillText("empty", x + w + 3, L.y0 + L.h + 12);
  };

  /// The front (dots) and the best point (a ring) of `sol`, and the base scene's point (a cyan
  /// diamond).
  GridChart.prototype.drawMarks = function (ctx, slice, sol) {
    var self = this;
    function at(p, draw) { var q = self.place(p, slice); if (q) draw(q.x, q.y); }
    if (sol) {
      sol.front.forEach(function (p) {
        at(p, function (x, y) {
          ctx.fillStyle = "#000000"; ctx.strokeStyle = "#ffffff"; ctx.lineWidth = 1;
          ctx.beginPath(); ctx.arc(x, y, 2.6, 0, Math.PI * 2); ctx.fill(); ctx.stroke();
        });
      });
      if (sol.best !== null) {
        at(sol.best, function (x, y) {
          ctx.lineWidth = 3; ctx.strokeStyle = "#ffffff";
          ctx.beginPath(); ctx.arc(x, y, 7, 0, Math.PI * 2); ctx.stroke();
          ctx.lineWidth = 1.6; ctx.strokeStyle = "#000000";
          ctx.beginPath(); ctx.arc(x, y, 7, 0, Math.PI * 2); ctx.stroke();
        });
      }
    }
    var spec = this.spec, base = slice.slice(), known = true;
    [spec.x, spec.y, spec.lines].forEach(function (a) {
      if (a === null) return;
      if (self.preferred[a] === null) known = false;
      else base[a] = self.preferred[a];
    });
    if (known) {
      at(this.grid.index(base), function (x, y) {
        ctx.strokeStyle = "#00e0ff"; ctx.lineWidth = 2;
        ctx.beginPath(); ctx.moveTo(x, y - 6); ctx.lineTo(x + 6, y); ctx.lineTo(x, y + 6); ctx.lineTo(x - 6, y);
        ctx.closePath(); ctx.stroke();
      });
    }
  };

  /// The selection: a square in the selection's colour.
  GridChart.prototype.drawSelection = function (ctx, slice, selected) {
    var q = this.place(selected, slice);
    if (!q) return;
    ctx.lineWidth = 2; ctx.strokeStyle = "#ffffff"; ctx.strokeRect(q.x - 6, q.y - 6, 12, 12);
    ctx.lineWidth = 1.5; ctx.strokeStyle = FL.COLORS[0]; ctx.strokeRect(q.x - 5, q.y - 5, 10, 10);
  };

  FL.GridChart = GridChart;
})(window.FeelLab = window.FeelLab || {});
