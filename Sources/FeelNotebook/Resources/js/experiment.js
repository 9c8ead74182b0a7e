// One experiment's data (data/ID.js, written by NotebookBuilder.swift): its axes, the stored
// grid points, their constants and decoded motion, the grid's metrics (grid.js), and matching
// comps on the grid.
(function (FL) {
  "use strict";

  var numberText = FL.text.numberText;
  var decodeChannel = FL.codec.decodeChannel;
  var CONSTANT_BY_NAME = FL.constants.byName;

  function Experiment(data) {
    this.data = data;
    this.id = data.id;
    this.axes = data.axes;
    this.points = data.points;
    this.count = data.storedPoints;
    this.cache = {};
    /// Every grid point's metrics (the stored points are among them).
    this.grid = new FL.Grid(data);
    var sizes = this.axes.map(function (a) { return a.kept.length; });
    this.sizes = sizes;
    // Constants present in this experiment and their spread (for matching comps).
    this.constantNames = Object.keys(data.points.constants);
    var self = this;
    this.spread = {};
    this.constantNames.forEach(function (name) {
      var lo = Infinity, hi = -Infinity;
      for (var i = 0; i < self.count; i++) {
        var v = self.constant(name, i);
        if (v === null) continue;
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      self.spread[name] = { min: lo, max: hi, range: hi > lo ? hi - lo : 1 };
    });
  }

  /// A per-point column's value: `{all: value}` when every point has it, else an array.
  Experiment.prototype.col = function (name, i) {
    var c = this.points[name];
    return Array.isArray(c) ? c[i] : c.all;
  };
  Experiment.prototype.constant = function (name, i) {
    var c = this.points.constants[name];
    if (!c) return null;
    var v = Array.isArray(c) ? c[i] : c.all;
    return v === null || v === undefined ? null : v;
  };
  /// Metric m of stored point i, as the sweep's CSV prints it; null when empty.
  Experiment.prototype.metric = function (m, i) {
    return this.grid.value(m, this.gridPoint(i));
  };
  /// Why metric m of stored point i is empty (null when it has a value).
  Experiment.prototype.reason = function (m, i) {
    return this.grid.reason(m, this.gridPoint(i));
  };
  /// The grid point of stored point i.
  Experiment.prototype.gridPoint = function (i) {
    return this.grid.fromStored(this.positionsOf(i));
  };
  /// Stored point index of the kept positions (one per axis; last axis fastest).
  Experiment.prototype.indexOf = function (positions) {
    var index = 0;
    for (var a = 0; a < this.sizes.length; a++) index = index * this.sizes[a] + positions[a];
    return index;
  };
  Experiment.prototype.positionsOf = function (index) {
    var out = new Array(this.sizes.length);
    for (var a = this.sizes.length - 1; a >= 0; a--) {
      out[a] = index % this.sizes[a];
      index = Math.floor(index / this.sizes[a]);
    }
    return out;
  };
  /// Axis values of a stored point, as labels.
  Experiment.prototype.labelsOf = function (index) {
    var positions = this.positionsOf(index);
    return this.axes.map(function (axis, a) { return axis.labels[positions[a]]; });
  };
  Experiment.prototype.describe = function (index) {
    var labels = this.labelsOf(index);
    return this.axes.map(function (axis, a) { return axis.name + " = " + labels[a]; }).join(", ");
  };
  /// A stored point from {axisName: label or number}; missing axes take `fallback`'s values.
  Experiment.prototype.find = function (spec, fallback) {
    var base = fallback === undefined ? this.positionsOf(0) : this.positionsOf(fallback);
    for (var a = 0; a < this.axes.length; a++) {
      var axis = this.axes[a];
      if (!spec || !Object.prototype.hasOwnProperty.call(spec, axis.name)) continue;
      var want = spec[axis.name];
      var found = -1;
      for (var p = 0; p < axis.kept.length; p++) {
        if (axis.labels[p] === String(want) || (typeof want === "number" && axis.numbers[p] === want)) {
          found = p;
          break;
        }
      }
      if (found < 0) throw new Error("no stored point has " + axis.name + " = " + want);
      base[a] = found;
    }
    return this.indexOf(base);
  };
  /// The decoded motion of a stored point: x, y (pt) and angle (rad) from frame −pre, and the
  /// point's per-point columns (frame numbers, sizes, rest, start, target, walls).
  Experiment.prototype.motion = function (i) {
    var hit = this.cache[i];
    if (hit) return hit;
    var pre = this.col("pre", i), frames = this.col("frames", i), fps = this.col("fps", i);
    var n = pre + frames;
    var t = this.points.trajectories[i];
    var x = decodeChannel(t[0], n), y = decodeChannel(t[1], n), a = decodeChannel(t[2], n);
    var ps = FL.codec.positionScale, as = FL.codec.angleScale;
    for (var k = 0; k < n; k++) { x[k] /= ps; y[k] /= ps; a[k] /= as; }
    var minX = Infinity, maxX = -Infinity;
    for (k = 0; k < n; k++) { if (x[k] < minX) minX = x[k]; if (x[k] > maxX) maxX = x[k]; }
    var motion = {
      x: x, y: y, angle: a, pre: pre, frames: frames, fps: fps, minX: minX, maxX: maxX,
      drag: this.col("drag", i), gesture: this.col("gesture", i),
      pause: this.col("pause", i), contact: this.col("contact", i), swap: this.col("swap", i),
      w: this.col("w", i), h: this.col("h", i), sw: this.col("sw", i), sh: this.col("sh", i),
      rx: this.col("rx", i), ry: this.col("ry", i), x0: this.col("x0", i), y0: this.col("y0", i),
      tx: this.col("tx", i), ty: this.col("ty", i), walls: this.col("walls", i),
    };
    var keys = Object.keys(this.cache);
    if (keys.length > 64) delete this.cache[keys[0]];
    this.cache[i] = motion;
    return motion;
  };
  /// The state at a frame (0: the scene as written; negative: before the gesture ends).
  Experiment.prototype.positionAt = function (i, frame) {
    var m = this.motion(i);
    var k = Math.max(0, Math.min(m.pre + m.frames - 1, m.pre + Math.floor(frame)));
    return { x: m.x[k], y: m.y[k], angle: m.angle[k] };
  };
  /// The scene file of a stored point, after `header` as comment lines.
  Experiment.prototype.sceneText = function (i, header) {
    var t = this.data.toml;
    var body;
    if (t === null) {
      body = this.col("slots", i);
    } else {
      var slots = this.col("slots", i);
      body = t.map(function (piece) { return typeof piece === "number" ? slots[piece] : piece; }).join("");
    }
    var lines = (header || []).map(function (line) {
      return "# " + String(line).replace(/[\r\n\u2028\u2029]+/g, " ") + "\n";
    });
    return lines.join("") + body;
  };
  /// The stored point closest to the wanted constants; ties go to the point nearest `from`.
  Experiment.prototype.match = function (wanted, from) {
    var names = Object.keys(wanted).filter(function (k) {
      return this.spread[k] && this.spread[k].max > this.spread[k].min;
    }, this);
    var origin = this.positionsOf(from);
    var best = from, bestScore = Infinity, bestDistance = Infinity;
    for (var i = 0; i < this.count; i++) {
      var score = 0;
      for (var n = 0; n < names.length; n++) {
        var v = this.constant(names[n], i);
        score += v === null ? 1e9 : Math.abs(v - wanted[names[n]]) / this.spread[names[n]].range;
      }
      if (score > bestScore + 1e-12) continue;
      var p = this.positionsOf(i), distance = 0;
      for (var a = 0; a < p.length; a++) distance += Math.abs(p[a] - origin[a]);
      if (score < bestScore - 1e-12 || distance < bestDistance) {
        best = i;
        bestScore = score;
        bestDistance = distance;
      }
    }
    return best;
  };
  /// What the shown point leaves out of the wanted constants.
  Experiment.prototype.mismatches = function (wanted, i) {
    var notes = [];
    for (var k in wanted) {
      var have = this.constant(k, i);
      var label = CONSTANT_BY_NAME[k].label;
      if (have === null) notes.push({ absent: true, text: label + " " + numberText(wanted[k], 4) });
      else if (Math.abs(have - wanted[k]) > 1e-9) {
        var s = this.spread[k];
        notes.push({
          absent: false,
          text: label + " " + numberText(wanted[k], 4) +
            (s.max > s.min ? ": nearest stored is " : ": this experiment has only ") + numberText(have, 4),
        });
      }
    }
    return notes;
  };

  FL.Experiment = Experiment;
})(window.FeelLab = window.FeelLab || {});
