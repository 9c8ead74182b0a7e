// One experiment's data (data/ID.js, written by NotebookBuilder.swift): its axes, the stored
// grid points, their constants and decoded motion (every item, the fingers, the walls), the
// grid's metrics (grid.js), and matching comps on the grid.
(function (FL) {
  "use strict";

  var numberText = FL.text.numberText;
  var decodeChannel = FL.codec.decodeChannel;

  function Experiment(data) {
    this.data = data;
    this.id = data.id;
    this.axes = data.axes;
    this.points = data.points;
    /// The control the experiment tunes (a name of FL.controls), or null.
    this.control = data.control;
    this.count = data.storedPoints;
    this.cache = {};
    /// Every grid point's metrics (the stored points are among them).
    this.grid = new FL.Grid(data);
    var sizes = this.axes.map(function (a) { return a.kept.length; });
    this.sizes = sizes;
    // Constants present in this experiment and their spread (for matching comps).
    // (none in an experiment shown as a summary, whose data has no points: grid-view.js)
    this.constantNames = data.points ? Object.keys(data.points.constants) : [];
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
  /// A channel of the trajectory codec as numbers (divided by `scale`).
  function decode(text, n, scale) {
    var out = decodeChannel(text, n);
    for (var k = 0; k < n; k++) out[k] /= scale;
    return out;
  }

  /// The decoded motion of a stored point: the measured item's x, y (pt) and angle (rad) by
  /// frame from frame 0, every item's (`items`, in scene order), the fingers (`fingers`: each
  /// one's `touch:ID` rows and event frames), and the point's per-point columns (frame numbers,
  /// sizes, start, target, walls with the frames they act, snap points, attachments, the
  /// measured item's value labels: {count, diameter, labelHeight, pointer, transforms} or null,
  /// and a scroll's content offset).
  Experiment.prototype.motion = function (i) {
    var hit = this.cache[i];
    if (hit) return hit;
    var n = this.col("frames", i), fps = this.col("fps", i);
    var t = this.points.trajectories[i];
    var ps = FL.codec.positionScale, as = FL.codec.angleScale;
    var sizes = this.col("sizes", i), measured = this.data.item;
    var shapes = this.points.shapes ? this.col("shapes", i) : null;
    var channels = [];
    for (var c = 0; c + 2 < t.length; c += 3) {
      channels.push({ x: decode(t[c], n, ps), y: decode(t[c + 1], n, ps), angle: decode(t[c + 2], n, as) });
    }
    // channels: the measured item first, then the others in scene order
    var items = [];
    for (var j = 0, other = 1; j < sizes.length; j++) {
      var ch = j === measured ? channels[0] : channels[other++];
      items.push({
        x: ch.x, y: ch.y, angle: ch.angle, w: sizes[j][0], h: sizes[j][1], measured: j === measured,
        shape: shapes ? shapes[j] : null,
      });
    }
    var x = channels[0].x;
    var minX = Infinity, maxX = -Infinity;
    for (var k = 0; k < n; k++) { if (x[k] < minX) minX = x[k]; if (x[k] > maxX) maxX = x[k]; }
    var fingers = this.points.fingers[i].map(function (f) {
      return {
        id: f.id, first: f.first, n: f.n, x: decode(f.x, f.n, ps), y: decode(f.y, f.n, ps),
        down: f.down, dragBegan: f.dragBegan, dragEnded: f.dragEnded, tap: f.tap, hold: f.hold, up: f.up,
      };
    });
    var tx = this.col("tx", i), ty = this.col("ty", i), x0 = this.col("x0", i), y0 = this.col("y0", i);
    // the measured item's value labels, when its control's skin asked for them (else null)
    var labels = this.points.labels, layout = null;
    if (labels) {
      var at = Array.isArray(labels.of) ? labels.of[i] : labels.of.all;
      if (at !== null && at !== undefined) layout = labels.layouts[at];
    }
    var motion = {
      x: x, y: channels[0].y, angle: channels[0].angle, frames: n, fps: fps,
      minX: minX, maxX: maxX, items: items, fingers: fingers, drag: firstDrag(fingers),
      pause: this.col("pause", i), contact: this.col("contact", i),
      w: this.col("w", i), h: this.col("h", i), sw: this.col("sw", i), sh: this.col("sh", i),
      x0: x0, y0: y0, tx: tx, ty: ty,
      // where the item rests: its target (snap point, given, or where it came to rest), else its start
      rx: tx !== null ? tx : x0, ry: ty !== null ? ty : y0,
      walls: this.col("walls", i), snaps: this.col("snaps", i), links: this.col("links", i),
      commitAfter: this.data.commitAfter, labels: layout,
      // the field behaviors: [x, y, shape, inverse, operation, operand] (FieldDrawing), or null
      fields: this.points.fields ? this.col("fields", i) : null,
      // a target the release picks: the candidates, and the snap's point before the pick
      candidates: this.points.candidates ? this.col("candidates", i) : null,
      unpicked: this.points.candidates ? this.col("unpicked", i) : null,
      // a scroll's content offset by frame ({x, y}, pt; the list skin's window), or null
      scroll: scrollOf(this.points.scroll ? this.points.scroll[i] : null, n, ps),
    };
    var keys = Object.keys(this.cache);
    if (keys.length > 64) delete this.cache[keys[0]];
    this.cache[i] = motion;
    return motion;
  };

  /// A point's `scroll` entry ([x, y] channels, held past their end) decoded: {x, y} by frame.
  function scrollOf(channels, n, scale) {
    return channels ? { x: decode(channels[0], n, scale), y: decode(channels[1], n, scale) } : null;
  }

  /// The first finger that dragged: {finger, began, ended} (frames; ended null if it had not
  /// ended), or null.
  function firstDrag(fingers) {
    for (var f = 0; f < fingers.length; f++) {
      if (fingers[f].dragBegan !== null) {
        return { finger: fingers[f], began: fingers[f].dragBegan, ended: fingers[f].dragEnded };
      }
    }
    return null;
  }

  /// Where each finger is at a frame: [{id, x, y}] for the fingers `feel run` prints a
  /// `touch:ID` row for at that frame.
  Experiment.fingersAt = function (m, frame) {
    var out = [];
    m.fingers.forEach(function (f) {
      var k = Math.floor(frame) - f.first;
      if (f.n > 0 && k >= 0 && k < f.n) out.push({ id: f.id, x: f.x[k], y: f.y[k] });
    });
    return out;
  };

  /// The state of the measured item at a frame (0: the scene as written).
  Experiment.prototype.positionAt = function (i, frame) {
    var m = this.motion(i);
    var k = Math.max(0, Math.min(m.frames - 1, Math.floor(frame)));
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
      var constant = FL.constants.byName(this.control, k);
      var label = constant ? constant.label : k;
      if (have === null) notes.push({ absent: true, text: label + " " + numberText(wanted[k], 4) });
      else if (Math.abs(have - wanted[k]) > 1e-9) {
        var s = this.spread[k];
        if (s.max > s.min) {
          notes.push({ absent: false, text: label + " " + numberText(wanted[k], 4) + ": nearest stored is " +
            numberText(have, 4) });
        } else {
          // not a sweep axis: no stored point has it; feel notebook computes a built-in comp's
          // exact motion at the first selection only (exactComp)
          var path = (this.data.livePaths || {})[k];
          notes.push({
            absent: false, missing: true,
            text: label + " " + numberText(wanted[k], 4) + " is missing here: no axis of this experiment " +
              "moves it, so this panel shows " + numberText(have, 4) + " (a built-in comp's exact motion is " +
              "computed at the first selection; " + (path ? "feel run --set " + path + "=" + wanted[k] +
              " runs it here)" : "the studio sets it)"),
          });
        }
      }
    }
    return notes;
  };

  /// The exact motion `feel notebook` computed for built-in comp `name` from stored point
  /// `base` (a comp whose constants the grid does not sweep): {name, base, point (its
  /// motion's index, after the stored points), values, metrics, reasons}; null when none.
  Experiment.prototype.exactComp = function (name, base) {
    var all = this.data.exactComps || [];
    for (var i = 0; i < all.length; i++) if (all[i].name === name && all[i].base === base) return all[i];
    return null;
  };

  FL.Experiment = Experiment;
})(window.FeelLab = window.FeelLab || {});
