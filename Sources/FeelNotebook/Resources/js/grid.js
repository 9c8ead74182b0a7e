// The grid's metrics (the data's `grid`, NotebookBuilder+Grid.swift): every grid point's value of
// every metric exactly as the sweep's CSV prints it, or why it is empty. The charts, the metrics
// table and the targets panel read them here. A grid point is an index in grid order (the last
// axis fastest) over the grid's kept values (every value unless the grid is very big); the
// stored points (those with motion) are a subset of it.
(function (FL) {
  "use strict";

  var unzigzag = FL.codec.unzigzag;
  /// The codec's characters: each carries log2(PAYLOAD) bits of an integer, low bits first;
  /// MORE says another follows (codec.js, TrajectoryCodec.swift).
  var DIGIT = FL.codec.digit, PAYLOAD = FL.codec.payload, MASK = PAYLOAD - 1, MORE = PAYLOAD;

  /// Powers of ten a double holds exactly: one division or multiplication by them is correctly
  /// rounded, so mantissa × 10^exponent is the double the CSV's text reads to.
  var POW10 = [];
  for (var k = 0; k <= 22; k++) POW10.push(Math.pow(10, k));

  function decimal(mantissa, exponent) {
    if (Math.abs(mantissa) <= 9007199254740992) {
      if (exponent < 0 && -exponent <= 22) return mantissa / POW10[-exponent];
      if (exponent >= 0 && exponent <= 22) return mantissa * POW10[exponent];
    }
    return Number(mantissa + "e" + exponent);
  }

  /// One metric's text (GridMetricCodec.swift) into values (NaN: empty) and reasons (−1: a value),
  /// in one pass over its varints.
  function decodeMetric(text, count) {
    var values = new Float64Array(count), reasons = new Int16Array(count);
    var n = 0, exponent = 0, acc = 0, scale = 1, pendingMantissa = false;
    for (var i = 0; i < text.length; i++) {
      var d = DIGIT[text.charCodeAt(i)];
      if (d === undefined) throw new Error("bad grid metric text");
      acc += (d & MASK) * scale;
      if (d & MORE) { scale *= PAYLOAD; continue; }
      if (pendingMantissa) {
        values[n] = decimal(unzigzag(acc), exponent);
        reasons[n++] = -1;
        pendingMantissa = false;
      } else if (acc % 2 === 0) {
        values[n] = NaN;
        reasons[n++] = acc / 2;
      } else {
        exponent += unzigzag((acc - 1) / 2);
        pendingMantissa = true;
      }
      acc = 0;
      scale = 1;
      if (n > count) break;
    }
    if (n !== count || pendingMantissa) throw new Error("grid metric text holds " + n + " of " + count + " points");
    return { values: values, reasons: reasons };
  }

  /// The grid of an experiment's data; `stored` are the data's axes (the stored values).
  function Grid(data) {
    var g = data.grid;
    this.count = g.points;
    this.kept = g.kept;
    this.labels = g.labels;
    this.numbers = g.numbers;
    this.strides = g.strides;
    this.sizes = g.kept.map(function (k) { return k.length; });
    this.reasonText = g.reasons;
    this.charts = g.charts;
    this.metrics = data.metrics;
    var count = this.count;
    var decoded = g.metrics.map(function (text) { return decodeMetric(text, count); });
    this.values = decoded.map(function (d) { return d.values; });
    this.reasons = decoded.map(function (d) { return d.reasons; });
    this.ranges = this.values.map(function (v) {
      var lo = Infinity, hi = -Infinity;
      for (var i = 0; i < v.length; i++) if (v[i] === v[i]) { if (v[i] < lo) lo = v[i]; if (v[i] > hi) hi = v[i]; }
      return lo <= hi ? { min: lo, max: hi } : null;
    });
    this.thinned = g.strides.some(function (s) { return s > 1; });
    this.mapStored(data.axes);
  }

  /// Stored value positions → grid positions, and each grid position's nearest stored one (by
  /// the axis's number, else by the value's place on the full axis).
  Grid.prototype.mapStored = function (axes) {
    var self = this;
    this.storedToGrid = axes.map(function (axis, a) {
      var at = {};
      self.kept[a].forEach(function (full, q) { at[full] = q; });
      return axis.kept.map(function (full) { return at[full]; });
    });
    this.gridToStored = axes.map(function (axis, a) {
      var numeric = axis.numbers.every(function (x) { return x !== null; });
      return self.kept[a].map(function (full, q) {
        var best = 0, bestDistance = Infinity;
        axis.kept.forEach(function (storedFull, p) {
          var d = numeric ? Math.abs(axis.numbers[p] - self.numbers[a][q]) : Math.abs(storedFull - full);
          if (d < bestDistance) { best = p; bestDistance = d; }
        });
        return best;
      });
    });
  };

  Grid.prototype.index = function (positions) {
    var index = 0;
    for (var a = 0; a < this.sizes.length; a++) index = index * this.sizes[a] + positions[a];
    return index;
  };
  Grid.prototype.positionsOf = function (index) {
    var out = new Array(this.sizes.length);
    for (var a = this.sizes.length - 1; a >= 0; a--) {
      out[a] = index % this.sizes[a];
      index = Math.floor(index / this.sizes[a]);
    }
    return out;
  };
  /// The grid point of stored value positions (one per axis).
  Grid.prototype.fromStored = function (storedPositions) {
    var self = this;
    return this.index(storedPositions.map(function (p, a) { return self.storedToGrid[a][p]; }));
  };
  /// The stored value positions nearest to grid point `index`, and whether it is stored itself.
  Grid.prototype.nearestStored = function (index) {
    var self = this, positions = this.positionsOf(index);
    var stored = positions.map(function (q, a) { return self.gridToStored[a][q]; });
    return { positions: stored, exact: this.fromStored(stored) === index };
  };
  /// The value of metric m at grid point i; null when empty.
  Grid.prototype.value = function (m, i) {
    var v = this.values[m][i];
    return v === v ? v : null;
  };
  /// Why metric m is empty at grid point i (`unsettled: …`); null when it has a value.
  Grid.prototype.reason = function (m, i) {
    var r = this.reasons[m][i];
    return r < 0 ? null : this.reasonText[r];
  };
  /// The value as the CSV prints it (the shortest text that reads back to it).
  Grid.prototype.text = function (m, i) {
    var v = this.value(m, i);
    return v === null ? "" : String(v);
  };
  /// {axis name: label} of grid point i.
  Grid.prototype.axesOf = function (i, axes) {
    var out = {}, positions = this.positionsOf(i), labels = this.labels;
    axes.forEach(function (axis, a) { out[axis.name] = labels[a][positions[a]]; });
    return out;
  };
  /// "damping = 0.55, release_pt = 80".
  Grid.prototype.describe = function (i, axes) {
    var positions = this.positionsOf(i), labels = this.labels;
    return axes.map(function (axis, a) { return axis.name + " = " + labels[a][positions[a]]; }).join(", ");
  };
  /// The grid point with these labels ({axis name: label}); missing axes from `fallback`.
  Grid.prototype.find = function (spec, axes, fallback) {
    var positions = this.positionsOf(fallback || 0), labels = this.labels;
    axes.forEach(function (axis, a) {
      if (!spec || !Object.prototype.hasOwnProperty.call(spec, axis.name)) return;
      var q = labels[a].indexOf(String(spec[axis.name]));
      if (q < 0) throw new Error("the grid has no " + axis.name + " = " + spec[axis.name]);
      positions[a] = q;
    });
    return this.index(positions);
  };

  FL.Grid = Grid;
  FL.gridCodec = { decodeMetric: decodeMetric, decimal: decimal };
})(window.FeelLab = window.FeelLab || {});
