// FeelLab notebook: draws what `feel notebook` computed. No physics here: every position comes
// from the data scripts (data/*.js), written by FeelLab's engine; this file decodes, picks
// frames by time and draws. No network, no fetch: data scripts are <script> elements.
//
// Text from experiment files and comp names is only ever set with textContent, option text,
// attribute values or canvas fillText, never parsed as HTML.
(function () {
  "use strict";

  var NB = window.FEEL_NOTEBOOK;
  var DATA = (window.FEEL_NOTEBOOK_DATA = window.FEEL_NOTEBOOK_DATA || {});
  var CASTRO = NB.castro;
  var MAX_PANELS = 4;
  var STORAGE_KEY = "feelLab.notebook.comps.v1";
  var SLOW = 0.25;
  /// The largest drawing scale of the control, pixels per point.
  var MAX_SCALE = 2;
  var END_HOLD_S = 0.6;
  var COLORS = ["#0a84ff", "#ff6b00", "#30a46c", "#bf5af2"];
  /// Episodes for the timeline: a song, the article's average top-10 podcast, a long one.
  var EPISODES = [
    { total: 3 * 60 + 34, name: "(a song)" },
    { total: CASTRO.episodeTotal, name: "(a podcast)" },
    { total: 72 * 60 + 30, name: "(a long podcast)" },
  ];

  // ---- Trajectory codec (TrajectoryCodec.swift) --------------------------------------------

  var DIGIT = {};
  for (var ci = 0; ci < NB.codec.alphabet.length; ci++) DIGIT[NB.codec.alphabet.charCodeAt(ci)] = ci;

  /// Integers of a channel: base-64 varints of zigzagged deltas, padded with the last value.
  function decodeChannel(text, count) {
    var out = new Float64Array(count);
    var n = 0, previous = 0, acc = 0, scale = 1;
    for (var i = 0; i < text.length && n < count; i++) {
      var d = DIGIT[text.charCodeAt(i)];
      if (d === undefined) throw new Error("bad trajectory text");
      acc += (d & 31) * scale;
      if (d & 32) { scale *= 32; continue; }
      var delta = acc % 2 === 1 ? -(acc + 1) / 2 : acc / 2;
      previous += delta;
      out[n++] = previous;
      acc = 0;
      scale = 1;
    }
    for (; n < count; n++) out[n] = n > 0 ? out[n - 1] : 0;
    return out;
  }

  // ---- Time text (docs/castro-scrubber.md: m:ss under an hour, h:mm:ss from an hour on) -----

  function pad2(n) { return n < 10 ? "0" + n : String(n); }

  function formatElapsed(seconds) {
    var s = Math.max(0, Math.floor(seconds + 1e-9));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return h > 0 ? h + ":" + pad2(m) + ":" + pad2(r) : m + ":" + pad2(r);
  }

  /// UIView's default animation curve, ease-in-ease-out: cubic-bezier(0.42, 0, 0.58, 1).
  function easeInOut(u) {
    if (u <= 0) return 0;
    if (u >= 1) return 1;
    var lo = 0, hi = 1, s = u;
    for (var k = 0; k < 30; k++) {
      s = (lo + hi) / 2;
      var x = 3 * 0.42 * s * (1 - s) * (1 - s) + 3 * 0.58 * s * s * (1 - s) + s * s * s;
      if (x < u) lo = s; else hi = s;
    }
    return 3 * s * s * (1 - s) + s * s * s;
  }

  function numberText(x, digits) {
    if (x === null || x === undefined || !isFinite(x)) return "—";
    if (Math.abs(x) >= 1e5 || (x !== 0 && Math.abs(x) < 1e-3)) return x.toExponential(2);
    return String(Number(x.toFixed(digits === undefined ? 3 : digits)));
  }

  // ---- DOM helpers -----------------------------------------------------------------------

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      for (var key in attrs) {
        if (!Object.prototype.hasOwnProperty.call(attrs, key)) continue;
        var v = attrs[key];
        if (v === null || v === undefined || v === false) continue;
        if (key === "text") node.textContent = v;
        else if (key === "className") node.className = v;
        else if (key === "style") node.style.cssText = v; // CSSOM: allowed by the page's CSP
        else if (key.slice(0, 2) === "on") node.addEventListener(key.slice(2), v);
        else node.setAttribute(key, v === true ? "" : String(v));
      }
    }
    (children || []).forEach(function (c) {
      if (c === null || c === undefined) return;
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  // ---- Comps -----------------------------------------------------------------------------

  var CONSTANTS = NB.constants;
  var CONSTANT_BY_NAME = {};
  CONSTANTS.forEach(function (c) { CONSTANT_BY_NAME[c.name] = c; });

  function constantText(name, value) {
    var c = CONSTANT_BY_NAME[name];
    return c.label + " " + numberText(value, 4) + (c.unit ? " " + c.unit : "");
  }

  var Comps = {
    builtIns: NB.comps.map(function (c) { return { name: c.name, note: c.note, values: c.values, builtIn: true }; }),
    user: [],
    listeners: [],
    load: function () {
      try {
        var raw = window.localStorage.getItem(STORAGE_KEY);
        var list = raw ? JSON.parse(raw) : [];
        this.user = Array.isArray(list) ? list.filter(validComp) : [];
      } catch (e) {
        this.user = [];
      }
    },
    save: function () {
      try { window.localStorage.setItem(STORAGE_KEY, JSON.stringify(this.user)); } catch (e) { /* private mode */ }
      this.listeners.forEach(function (f) { f(); });
    },
    all: function () { return this.builtIns.concat(this.user); },
    find: function (name) {
      var all = this.all();
      for (var i = all.length - 1; i >= 0; i--) if (all[i].name === name) return all[i];
      return null;
    },
    add: function (name, note, values) {
      name = String(name).trim();
      if (!name) throw new Error("a comp needs a name");
      if (this.builtIns.some(function (c) { return c.name === name; })) throw new Error("“" + name + "” is a built-in comp: choose another name");
      if (Object.keys(values).length === 0) throw new Error("a comp needs at least one constant");
      this.user = this.user.filter(function (c) { return c.name !== name; });
      this.user.push({ name: name, note: note || "", values: values });
      this.save();
    },
    remove: function (name) {
      this.user = this.user.filter(function (c) { return c.name !== name; });
      this.save();
    },
    /// Stacked constants: later comps override earlier ones; unset constants stay unset.
    resolve: function (stack) {
      var out = {};
      stack.forEach(function (name) {
        var comp = Comps.find(name);
        if (!comp) return;
        for (var k in comp.values) if (CONSTANT_BY_NAME[k] && isFinite(comp.values[k])) out[k] = comp.values[k];
      });
      return out;
    },
  };

  function validComp(c) {
    if (!c || typeof c.name !== "string" || !c.name || typeof c.values !== "object" || !c.values) return false;
    var keys = Object.keys(c.values).filter(function (k) { return CONSTANT_BY_NAME[k] && typeof c.values[k] === "number" && isFinite(c.values[k]); });
    var clean = {};
    keys.forEach(function (k) { clean[k] = c.values[k]; });
    c.values = clean;
    if (typeof c.note !== "string") c.note = "";
    return keys.length > 0;
  }

  function compSummary(comp) {
    return Object.keys(comp.values).map(function (k) { return constantText(k, comp.values[k]); }).join(", ");
  }

  // ---- Experiment data -------------------------------------------------------------------

  function Experiment(data) {
    this.data = data;
    this.id = data.id;
    this.axes = data.axes;
    this.points = data.points;
    this.count = data.storedPoints;
    this.cache = {};
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
  Experiment.prototype.metric = function (m, i) {
    var c = this.points.metrics[m];
    var v = Array.isArray(c) ? c[i] : c.all;
    return v === null || v === undefined ? null : v;
  };
  /// Why metric m of point i is empty (null when it has a value or no reason is known).
  Experiment.prototype.reason = function (m, i) {
    var c = this.points.reasons && this.points.reasons[m];
    if (!c) return null;
    var v = Array.isArray(c) ? c[i] : c.all;
    return v === null || v === undefined ? null : v;
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
        if (axis.labels[p] === String(want) || (typeof want === "number" && axis.numbers[p] === want)) { found = p; break; }
      }
      if (found < 0) throw new Error("no stored point has " + axis.name + " = " + want);
      base[a] = found;
    }
    return this.indexOf(base);
  };
  /// The decoded motion of a stored point: x, y (pt) and angle (rad) from frame −pre.
  Experiment.prototype.motion = function (i) {
    var hit = this.cache[i];
    if (hit) return hit;
    var pre = this.col("pre", i), frames = this.col("frames", i), fps = this.col("fps", i);
    var n = pre + frames;
    var t = this.points.trajectories[i];
    var x = decodeChannel(t[0], n), y = decodeChannel(t[1], n), a = decodeChannel(t[2], n);
    var ps = NB.codec.positionScale, as = NB.codec.angleScale;
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
  /// The scene file of a stored point.
  Experiment.prototype.sceneText = function (i, header) {
    var t = this.data.toml;
    var body;
    if (t === null) {
      body = this.col("slots", i);
    } else {
      var slots = this.col("slots", i);
      body = t.map(function (piece) { return typeof piece === "number" ? slots[piece] : piece; }).join("");
    }
    var lines = (header || []).map(function (line) { return "# " + String(line).replace(/[\r\n\u2028\u2029]+/g, " ") + "\n"; });
    return lines.join("") + body;
  };
  /// The stored point closest to the wanted constants; ties go to the point nearest `from`.
  Experiment.prototype.match = function (wanted, from) {
    var names = Object.keys(wanted).filter(function (k) { return this.spread[k] && this.spread[k].max > this.spread[k].min; }, this);
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
      if (score < bestScore - 1e-12 || distance < bestDistance) { best = i; bestScore = score; bestDistance = distance; }
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
        notes.push({ absent: false, text: label + " " + numberText(wanted[k], 4) + (s.max > s.min ? ": nearest stored is " : ": this experiment has only ") + numberText(have, 4) });
      }
    }
    return notes;
  };

  // ---- Drawing the Castro control ----------------------------------------------------------

  /// The timeline's expansion (0 collapsed, 1 expanded) and the elapsed time at time t (s).
  function timelineState(m, t, episode) {
    var total = episode.total, start = Math.min(episode.start, episode.total);
    if (m.gesture !== 1 || m.drag === null) return { expansion: 0, elapsed: start, committed: null };
    var dragStart = m.drag / m.fps;
    var expandAt = function (s) { return s < dragStart ? 0 : easeInOut((s - dragStart) / CASTRO.expand); };
    var elapsedAtX = function (x) { return Math.max(0, Math.min(total, start + total * (x - m.rx) / m.w)); };
    var committed = -dragStart >= CASTRO.expand - 1e-9;
    if (t < 0) {
      var k = Math.max(0, Math.min(m.pre - 1, m.pre + Math.floor(t * m.fps + 1e-6)));
      return { expansion: expandAt(t), elapsed: t < dragStart ? start : elapsedAtX(m.x[k]), committed: null };
    }
    var atRelease = expandAt(0);
    var collapse = easeInOut(t / CASTRO.collapse);
    var released = elapsedAtX(m.x[m.pre - 1 >= 0 ? m.pre - 1 : 0]);
    return { expansion: atRelease * (1 - collapse), elapsed: committed ? released : start, committed: committed };
  }

  function roundRect(ctx, x, y, w, h, r) {
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
  }

  function drawButtons(ctx, w, h) {
    var bw = CASTRO.buttonWidth, size = Math.min(14, h * 0.3);
    ctx.fillStyle = "#ffffff";
    function triangle(cx, dir) {
      ctx.beginPath();
      ctx.moveTo(cx - dir * size * 0.5, -size * 0.6);
      ctx.lineTo(cx + dir * size * 0.5, 0);
      ctx.lineTo(cx - dir * size * 0.5, size * 0.6);
      ctx.closePath();
      ctx.fill();
    }
    // rewind, play/pause, forward: three 60 pt buttons centred on the bar
    triangle(-bw - size * 0.35, -1);
    triangle(-bw + size * 0.35, -1);
    ctx.fillRect(-size * 0.45, -size * 0.6, size * 0.3, size * 1.2);
    ctx.fillRect(size * 0.15, -size * 0.6, size * 0.3, size * 1.2);
    triangle(bw - size * 0.35, 1);
    triangle(bw + size * 0.35, 1);
    // grab handles, 10 pt in from each edge
    ctx.fillStyle = "rgba(255,255,255,0.55)";
    [-1, 1].forEach(function (side) {
      var hx = side * (w / 2 - CASTRO.handleInset);
      for (var g = -1; g <= 1; g++) ctx.fillRect(hx + g * 3 - 0.5, -h * 0.22, 1, h * 0.44);
    });
  }

  var LABEL_FONT = "bold " + CASTRO.labelFontSize + "px -apple-system, 'Helvetica Neue', Arial, sans-serif";

  /// docs/castro-scrubber.md: the label (text width + 10 pt) is right-aligned to the playhead inside
  /// the progress when it fits, else it sits just right of the playhead, in white.
  function labelLayout(ctx, elapsed, total, width) {
    var text = formatElapsed(elapsed);
    ctx.save();
    ctx.font = LABEL_FONT;
    var labelWidth = ctx.measureText(text).width + CASTRO.labelPadding;
    ctx.restore();
    var progress = total > 0 ? width * elapsed / total : 0;
    var inside = labelWidth <= progress;
    return { text: text, width: labelWidth, progress: progress, inside: inside, x: inside ? progress - labelWidth : progress };
  }

  /// Draws one panel: screen, timeline, walls, the bar at frame `frame`, the finger.
  function drawControl(canvas, view, m, frame, label, episode) {
    var ctx = canvas.getContext("2d");
    var ratio = window.devicePixelRatio || 1;
    // As wide as the panel, up to MAX_SCALE pixels per point.
    var available = (canvas.parentNode && canvas.parentNode.clientWidth) || 600;
    var scale = Math.min(MAX_SCALE, available / (view.xMax - view.xMin));
    var cssWidth = Math.round((view.xMax - view.xMin) * scale);
    var cssHeight = Math.round((view.yMax - view.yMin) * scale);
    if (canvas.width !== Math.round(cssWidth * ratio) || canvas.height !== Math.round(cssHeight * ratio)) {
      canvas.width = Math.round(cssWidth * ratio);
      canvas.height = Math.round(cssHeight * ratio);
      canvas.style.width = cssWidth + "px";
      canvas.style.height = cssHeight + "px";
    }
    ctx.setTransform(ratio * scale, 0, 0, ratio * scale, -view.xMin * ratio * scale, -view.yMin * ratio * scale);
    var t = frame / m.fps;
    var k = Math.max(0, Math.min(m.pre + m.frames - 1, m.pre + frame));
    var x = m.x[k], y = m.y[k], angle = m.angle[k];
    var px = 1 / scale;

    // the world beyond the screen, then the screen (the player's dark backdrop)
    ctx.fillStyle = "#e9e9ee";
    ctx.fillRect(view.xMin, view.yMin, view.xMax - view.xMin, view.yMax - view.yMin);
    var screenTop = view.yMin + 2 * px, screenBottom = view.yMax;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, screenTop, m.sw, screenBottom - screenTop);
    ctx.fillStyle = "#efeff4";
    for (var row = -CASTRO.timelineExpanded - CASTRO.keyline - 12; row > screenTop; row -= 12) ctx.fillRect(8, row, m.sw - 16, px);

    // rest position
    ctx.save();
    ctx.setLineDash([4 * px, 3 * px]);
    ctx.strokeStyle = "rgba(0,0,0,0.35)";
    ctx.lineWidth = px;
    ctx.strokeRect(m.rx - m.w / 2, m.ry - m.h / 2, m.w, m.h);
    ctx.restore();

    // the bar
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(angle);
    ctx.fillStyle = "#1c1c1e";
    roundRect(ctx, -m.w / 2, -m.h / 2, m.w, m.h, Math.min(4, m.h / 6));
    ctx.fill();
    ctx.fillStyle = "rgba(255,255,255,0.06)";
    ctx.fillRect(-m.w / 2, -m.h / 2, m.w, m.h / 2);
    drawButtons(ctx, m.w, m.h);
    ctx.restore();

    // the timeline: fixed above the bar, a 2 pt strip that expands to 22 pt while dragging
    var state = timelineState(m, t, episode);
    var height = CASTRO.timelineCollapsed + (CASTRO.timelineExpanded - CASTRO.timelineCollapsed) * state.expansion;
    var bottom = -CASTRO.keyline;
    var top = bottom - height;
    ctx.fillStyle = "#000000";
    ctx.fillRect(0, -CASTRO.keyline, m.sw, CASTRO.keyline);
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, top, m.sw, height);
    ctx.clip();
    ctx.fillStyle = "#151517";
    ctx.fillRect(0, top, m.sw, height);
    var layout = labelLayout(ctx, state.elapsed, episode.total, m.sw);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, top, layout.progress, height);
    if (state.expansion > 0.001) {
      // The label grows with the timeline (the sample scales the expanded view by h / 22).
      ctx.translate(0, top);
      ctx.scale(1, height / CASTRO.timelineExpanded);
      ctx.font = LABEL_FONT;
      ctx.fillStyle = layout.inside ? "#000000" : "#ffffff";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(layout.text, layout.x + layout.width / 2, CASTRO.timelineExpanded / 2 + 0.5);
    }
    ctx.restore();

    // the finger: dragging, or the tap
    ctx.save();
    if (m.gesture === 1 && m.drag !== null && frame >= m.drag && frame < 0) {
      ctx.fillStyle = "rgba(10,132,255,0.35)";
      ctx.strokeStyle = "rgba(10,132,255,0.95)";
      ctx.lineWidth = 2 * px;
      ctx.beginPath();
      // the finger holds the bar a quarter of its width behind the drag, so it stays on screen
      var behind = m.x0 >= m.rx ? -1 : 1;
      ctx.arc(x + behind * m.w * 0.25, y + m.h * 0.1, 16, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    } else if ((m.gesture === 2 || m.gesture === 3) && frame >= -12 && frame <= 12) {
      var tapX = m.gesture === 2 ? m.rx - m.w / 4 : m.rx + m.w / 4;
      var u = (frame + 12) / 24;
      ctx.strokeStyle = "rgba(10,132,255," + (1 - u).toFixed(3) + ")";
      ctx.fillStyle = "rgba(10,132,255," + (0.35 * (1 - u)).toFixed(3) + ")";
      ctx.lineWidth = 2.5 * px;
      ctx.beginPath();
      ctx.arc(tapX, m.ry, 8 + 16 * u, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
    ctx.restore();

    // what the device would not show: the world outside the screen, veiled
    ctx.fillStyle = "rgba(233,233,238,0.72)";
    ctx.fillRect(view.xMin, view.yMin, -view.xMin, view.yMax - view.yMin);
    ctx.fillRect(m.sw, view.yMin, view.xMax - m.sw, view.yMax - view.yMin);
    ctx.strokeStyle = "#8e8e93";
    ctx.lineWidth = px;
    ctx.beginPath();
    ctx.moveTo(0, view.yMin); ctx.lineTo(0, view.yMax);
    ctx.moveTo(m.sw, view.yMin); ctx.lineTo(m.sw, view.yMax);
    ctx.stroke();

    // walls (the hint's collision boundaries), dashed once the rule has removed them
    var removed = m.swap !== null && frame >= m.swap;
    (m.walls || []).forEach(function (wall) {
      ctx.save();
      ctx.strokeStyle = removed ? "rgba(230,50,50,0.45)" : "#e5484d";
      ctx.lineWidth = Math.max(2 * px, 1.5);
      if (removed) ctx.setLineDash([3 * px, 3 * px]);
      ctx.beginPath();
      ctx.moveTo(wall[0], wall[1]);
      ctx.lineTo(wall[2], wall[3]);
      ctx.stroke();
      ctx.restore();
    });


    ctx.fillStyle = "#6e6e73";
    ctx.font = 11 * px + "px -apple-system, 'Helvetica Neue', Arial, sans-serif";
    ctx.textBaseline = "top";
    ctx.textAlign = "left";
    if (-view.xMin > 40 * px) ctx.fillText("off screen", view.xMin + 4 * px, view.yMin + 3 * px);
    ctx.textAlign = "right";
    ctx.fillText(label, view.xMax - 4 * px, view.yMin + 3 * px);
    return state;
  }

  // ---- The x(t) chart ----------------------------------------------------------------------

  function drawCurve(canvas, panels, time, band, clock) {
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
      lo = Math.min(lo, p.motion.minX);
      hi = Math.max(hi, p.motion.maxX);
      if (p.motion.tx !== null) { lo = Math.min(lo, p.motion.tx - band); hi = Math.max(hi, p.motion.tx + band); }
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
    // the drag before the release (the selection's)
    var sel = panels[0].motion;
    if (sel.gesture === 1 && sel.drag !== null) {
      ctx.fillStyle = "rgba(10,132,255,0.07)";
      ctx.fillRect(X(sel.drag / sel.fps), topPad, X(0) - X(sel.drag / sel.fps), H - topPad - bottomPad);
      ctx.fillStyle = "#6e6e73";
      ctx.textAlign = "left";
      ctx.textBaseline = "top";
      ctx.fillText("drag", X(sel.drag / sel.fps) + 4, topPad + 2);
    }
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    for (var s = Math.ceil(t0 / step - 1e-9) * step; s <= t1 + 1e-9; s += step) {
      var gx = X(s);
      ctx.beginPath(); ctx.moveTo(gx, topPad); ctx.lineTo(gx, H - bottomPad); ctx.stroke();
      ctx.fillText(numberText(s, 2), gx, H - bottomPad + 4);
    }
    ctx.fillText("t (s), 0 = release or tap", left + (W - left - right) / 2, H - 13);
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
    ctx.fillText("x (pt)", 0, 0);
    ctx.restore();

    // settle bands
    panels.forEach(function (p, n) {
      if (p.motion.tx === null) return;
      ctx.fillStyle = n === 0 ? "rgba(48,164,108,0.18)" : "rgba(48,164,108,0.08)";
      ctx.fillRect(left, Y(p.motion.tx + band), W - left - right, Math.max(1, Y(p.motion.tx - band) - Y(p.motion.tx + band)));
    });

    // curves
    panels.forEach(function (p, n) {
      var m = p.motion;
      ctx.strokeStyle = COLORS[n % COLORS.length];
      ctx.lineWidth = n === 0 ? 2 : 1.5;
      ctx.beginPath();
      var first = Math.floor(t0 * m.fps + 1e-6), last = Math.ceil(t1 * m.fps - 1e-6);
      for (var f = first; f <= last; f++) {
        var k = Math.max(0, Math.min(m.pre + m.frames - 1, m.pre + f));
        var px = X(f / m.fps), py = Y(m.x[k]);
        if (f === first) ctx.moveTo(px, py); else ctx.lineTo(px, py);
      }
      ctx.stroke();
      if (m.pause !== null) {
        // where the animator pauses
        ctx.fillStyle = COLORS[n % COLORS.length];
        var kp = Math.min(m.pre + m.frames - 1, m.pre + m.pause);
        ctx.fillRect(X(m.pause / m.fps) - 1, Y(m.x[kp]) - 6, 2, 12);
        if (n === 0) {
          ctx.textAlign = "center";
          ctx.textBaseline = "bottom";
          ctx.fillStyle = "#6e6e73";
          ctx.fillText("paused", X(m.pause / m.fps), Y(m.x[kp]) - 8);
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
      var k = Math.max(0, Math.min(m.pre + m.frames - 1, m.pre + Math.floor(time * m.fps + 1e-6)));
      ctx.fillStyle = COLORS[n % COLORS.length];
      ctx.beginPath(); ctx.arc(cx, Y(m.x[k]), 4, 0, Math.PI * 2); ctx.fill();
    });
  }

  function niceStep(raw) {
    if (!(raw > 0)) return 1;
    var p = Math.pow(10, Math.floor(Math.log10(raw)));
    var n = raw / p;
    return (n < 1.5 ? 1 : n < 3 ? 2 : n < 7 ? 5 : 10) * p;
  }

  // ---- Export --------------------------------------------------------------------------------

  function exportConstants(exp, point, stack) {
    var wanted = Comps.resolve(stack);
    var out = {};
    CONSTANTS.forEach(function (c) {
      var have = exp.constant(c.name, point);
      if (have !== null) out[c.name] = { value: have, simulated: true };
      else if (Object.prototype.hasOwnProperty.call(wanted, c.name)) out[c.name] = { value: wanted[c.name], simulated: false };
    });
    return out;
  }

  function num(v) { return String(v); }

  function swiftCode(exp, point, stack) {
    var c = exportConstants(exp, point, stack);
    var m = exp.motion(point);
    var lines = ["// FeelLab notebook: " + exp.data.title.replace(/[\r\n\u2028\u2029]+/g, " "),
      "// Grid point: " + exp.describe(point) + (stack.length ? " (comps: " + stack.join(" + ") + ")" : "")];
    if (c.width) lines.push("// Tuned on a " + num(c.width.value) + " pt wide bar.");
    lines.push("import UIKit", "", "enum ScrubberFeel {");
    var note = function (k) { return c[k].simulated ? "" : " // from the comps; not simulated in this experiment"; };
    if (c.damping) lines.push("  /// UISnapBehavior.damping of the scrubbing behavior (snap back after a drag).", "  static let snapDamping: CGFloat = " + num(c.damping.value) + note("damping"));
    if (c.push) lines.push("  /// UIPushBehavior magnitude of the tap hint (instantaneous push).", "  static let pushMagnitude: CGFloat = " + num(c.push.value) + note("push"));
    if (c.gravity) lines.push("  /// UIGravityBehavior magnitude of the tap hint (1 = 1000 pt/s²).", "  static let gravityMagnitude: CGFloat = " + num(c.gravity.value) + note("gravity"));
    if (c.wall) lines.push("  /// How far outside the bar's edge the hint's collision boundary stands (pt).", "  static let collisionBoundaryOffset: CGFloat = " + num(c.wall.value) + note("wall"));
    lines.push("}", "");
    if (c.damping) lines.push("snapBehavior.damping = ScrubberFeel.snapDamping");
    var left = m.gesture !== 3;
    if (c.push) lines.push("tapHintBehavior.pushBehavior.setAngle(" + (left ? "0" : ".pi") + ", magnitude: ScrubberFeel.pushMagnitude)", "tapHintBehavior.pushBehavior.active = true");
    if (c.gravity) lines.push("tapHintBehavior.gravityBehavior.setAngle(" + (left ? ".pi" : "0") + ", magnitude: ScrubberFeel.gravityMagnitude)");
    if (c.wall) {
      var xs = left ? "-ScrubberFeel.collisionBoundaryOffset" : "view.bounds.width + ScrubberFeel.collisionBoundaryOffset";
      lines.push("tapHintBehavior.collisionBehavior.addBoundary(",
        "  withIdentifier: \"" + (left ? "leftCollisionPoint" : "rightCollisionPoint") + "\" as NSString,",
        "  from: CGPoint(x: " + xs + ", y: 0),",
        "  to: CGPoint(x: " + xs + ", y: view.bounds.height))");
    }
    return lines.join("\n") + "\n";
  }

  function objcCode(exp, point, stack) {
    var c = exportConstants(exp, point, stack);
    var m = exp.motion(point);
    var lines = ["// FeelLab notebook: " + exp.data.title.replace(/[\r\n\u2028\u2029]+/g, " "),
      "// Grid point: " + exp.describe(point) + (stack.length ? " (comps: " + stack.join(" + ") + ")" : "")];
    if (c.width) lines.push("// Tuned on a " + num(c.width.value) + " pt wide bar.");
    var note = function (k) { return c[k].simulated ? "" : " // from the comps; not simulated in this experiment"; };
    if (c.damping) lines.push("static const CGFloat kSnapDamping = " + num(c.damping.value) + ";" + note("damping"));
    if (c.push) lines.push("static const CGFloat kPushMagnitude = " + num(c.push.value) + ";" + note("push"));
    if (c.gravity) lines.push("static const CGFloat kGravityMagnitude = " + num(c.gravity.value) + ";" + note("gravity"));
    if (c.wall) lines.push("static const CGFloat kCollisionBoundaryOffset = " + num(c.wall.value) + ";" + note("wall"));
    lines.push("");
    if (c.damping) lines.push("snapBehavior.damping = kSnapDamping;");
    var left = m.gesture !== 3;
    if (c.push) lines.push("[self.tapHintBehavior.pushBehavior setAngle:" + (left ? "0.f" : "M_PI") + " magnitude:kPushMagnitude];", "self.tapHintBehavior.pushBehavior.active = YES;");
    if (c.gravity) lines.push("[self.tapHintBehavior.gravityBehavior setAngle:" + (left ? "M_PI" : "0.f") + " magnitude:kGravityMagnitude];");
    if (c.wall) {
      var x = left ? "kCollisionBoundaryOffset * -1" : "CGRectGetWidth(self.view.bounds) + kCollisionBoundaryOffset";
      var id = left ? "leftCollisionPoint" : "rightCollisionPoint";
      lines.push("CGPoint " + id + "Top = CGPointMake(" + x + ", 0.f);",
        "CGPoint " + id + "Bottom = CGPointMake(" + x + ", CGRectGetHeight(self.view.bounds));",
        "[self.tapHintBehavior.collisionBehavior addBoundaryWithIdentifier:@\"" + id + "\" fromPoint:" + id + "Top toPoint:" + id + "Bottom];");
    }
    return lines.join("\n") + "\n";
  }

  function sceneCode(exp, point, stack) {
    return exp.sceneText(point, [
      "Exported from the FeelLab notebook: " + exp.data.title,
      "Grid point of " + exp.data.file + ": " + exp.describe(point) + (stack.length ? " (comps: " + stack.join(" + ") + ")" : ""),
      "Run it: feel run THIS_FILE.toml",
    ]);
  }

  function copyText(text, status) {
    function fallback() {
      var area = el("textarea", { className: "offscreen", "aria-hidden": "true" });
      area.value = text;
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(area);
      status.textContent = ok ? "Copied." : "Select the text and copy it (this browser blocked copying).";
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { status.textContent = "Copied."; }, fallback);
    } else {
      fallback();
    }
  }

  // ---- The explorer --------------------------------------------------------------------------

  var explorers = {};

  function Explorer(root, exp) {
    this.root = root;
    this.exp = exp;
    this.selection = this.defaultSelection();
    this.panels = [{ stack: [] }];
    this.playing = false;
    this.speed = 1;
    this.loop = true;
    this.time = 0;
    this.visible = true;
    this.exportPanel = 0;
    this.exportKind = "swift";
    this.episode = { total: CASTRO.episodeTotal, start: CASTRO.episodeElapsed };
    this.build();
    this.refresh();
  }

  Explorer.prototype.point = function () { return this.exp.indexOf(this.selection); };

  /// The first selection: the base scene's value on each axis (Castro's), else the middle.
  Explorer.prototype.defaultSelection = function () {
    return this.exp.axes.map(function (axis) {
      var p = axis.preferred !== null ? axis.kept.indexOf(axis.preferred) : -1;
      return p >= 0 ? p : Math.floor((axis.kept.length - 1) / 2);
    });
  };

  /// The stored point each panel shows: the selection, or its comp stack matched on the grid.
  Explorer.prototype.resolvedPanels = function () {
    var exp = this.exp, base = this.point();
    return this.panels.map(function (panel, n) {
      var wanted = Comps.resolve(panel.stack);
      var point = n === 0 ? base : exp.match(wanted, base);
      return { stack: panel.stack, wanted: wanted, point: point, motion: exp.motion(point), notes: n === 0 ? [] : exp.mismatches(wanted, point) };
    });
  };

  Explorer.prototype.build = function () {
    var self = this, exp = this.exp;
    this.root.textContent = "";
    this.root.setAttribute("tabindex", "-1");

    // controls: one per axis, stepping through the stored values only
    var controls = el("div", { className: "controls", role: "group", "aria-label": "Grid point" });
    this.inputs = exp.axes.map(function (axis, a) {
      var id = "ctl-" + exp.id + "-" + a;
      var output = el("output", { className: "value", for: id });
      var input;
      var numeric = axis.numbers.every(function (v) { return v !== null; });
      if (!numeric || axis.kept.length <= 6) {
        input = el("select", { id: id, "data-axis": a });
        axis.labels.forEach(function (label, p) { input.appendChild(new Option(label, String(p))); });
        input.addEventListener("keydown", function (event) {
          if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
            event.preventDefault();
            self.step(a, event.key === "ArrowRight" ? 1 : -1);
          }
        });
      } else {
        input = el("input", { id: id, type: "range", min: 0, max: axis.kept.length - 1, step: 1, "data-axis": a });
      }
      input.addEventListener("input", function () {
        self.selection[a] = Number(input.value);
        self.refresh();
      });
      var note = axis.stride > 1 ? "every " + axis.stride + (axis.stride === 2 ? "nd" : axis.stride === 3 ? "rd" : "th") + " of " + axis.count + " values" : axis.count + " values";
      controls.appendChild(el("div", { className: "control" }, [
        el("label", { for: id, text: axis.name }), input, output,
        el("span", { className: "axis-note", text: note }),
      ]));
      return { input: input, output: output };
    });

    // playback
    this.playButton = el("button", { type: "button", className: "play", onclick: function () { self.toggle(); } }, ["Play"]);
    this.slowButton = el("button", { type: "button", className: "slow", "aria-pressed": "false", onclick: function () { self.setSpeed(self.speed === 1 ? SLOW : 1); } }, ["0.25× slow motion"]);
    this.loopBox = el("input", { type: "checkbox", checked: true, onchange: function () { self.loop = self.loopBox.checked; } });
    this.scrubber = el("input", { type: "range", className: "scrubber", step: 1, "aria-label": "Frame" });
    this.scrubber.addEventListener("input", function () {
      self.pause();
      self.time = Number(self.scrubber.value) / self.fps;
      self.draw();
    });
    this.readout = el("span", { className: "readout", "aria-live": "off" });
    var playback = el("div", { className: "playback" }, [
      this.playButton, this.slowButton,
      el("label", { className: "loop" }, [this.loopBox, " loop"]),
      this.scrubber, this.readout,
    ]);

    // the episode the timeline scrubs: its length and where the playhead is when the drag begins
    this.episodeSelect = el("select", { className: "episode", "aria-label": "Episode length" });
    EPISODES.forEach(function (e) { self.episodeSelect.appendChild(new Option(formatElapsed(e.total) + " " + e.name, String(e.total))); });
    this.episodeSelect.value = String(this.episode.total);
    this.playheadInput = el("input", { type: "range", className: "playhead", min: 0, max: 100, step: 1, "aria-label": "Playhead when the drag begins (% of the episode)" });
    this.playheadInput.value = String(Math.round(100 * this.episode.start / this.episode.total));
    this.playheadOutput = el("output", { className: "value" });
    var setEpisode = function () {
      self.episode = { total: Number(self.episodeSelect.value), start: Math.round(Number(self.episodeSelect.value) * Number(self.playheadInput.value) / 100) };
      self.playheadOutput.textContent = formatElapsed(self.episode.start);
      self.draw();
    };
    this.episodeSelect.addEventListener("change", setEpisode);
    this.playheadInput.addEventListener("input", setEpisode);
    this.playheadOutput.textContent = formatElapsed(this.episode.start);
    var episodeRow = el("div", { className: "episode-row" }, [
      el("span", { text: "Timeline: episode " }), this.episodeSelect,
      el("span", { text: " playhead at drag start " }), this.playheadInput, this.playheadOutput,
    ]);

    // apply a comp to the selection, as clicking a layer comp restores a document's state
    this.applySelect = el("select", { className: "apply-comp", "aria-label": "Apply a comp to the selection" });
    this.applySelect.addEventListener("change", function () {
      var name = self.applySelect.value;
      self.applySelect.value = "";
      if (name) self.applyComp([name]);
    });
    controls.appendChild(el("div", { className: "control apply" }, [el("label", { text: "apply a comp" }), this.applySelect]));

    this.panelGrid = el("div", { className: "panels" });
    this.addPanelButton = el("button", { type: "button", className: "add-panel", onclick: function () { self.addPanel(); } }, ["+ Compare a comp"]);
    this.curve = el("canvas", { className: "curve", role: "img", "aria-label": "x(t) of the shown points with the settle band" });
    this.metricsTable = el("table", { className: "metrics" });
    this.notes = el("p", { className: "hint" });

    // export
    this.exportSelect = el("select", { className: "export-panel", "aria-label": "Panel to export", onchange: function () { self.exportPanel = Number(self.exportSelect.value); self.refreshExport(); } });
    var tabs = el("div", { className: "tabs", role: "tablist" });
    this.tabButtons = {};
    [["swift", "Swift"], ["objc", "Objective-C"], ["toml", "Scene file (TOML)"]].forEach(function (pair) {
      var b = el("button", { type: "button", role: "tab", "data-kind": pair[0], onclick: function () { self.exportKind = pair[0]; self.refreshExport(); } }, [pair[1]]);
      self.tabButtons[pair[0]] = b;
      tabs.appendChild(b);
    });
    this.exportText = el("textarea", { className: "export-text", readonly: true, rows: 14, spellcheck: "false", "aria-label": "Exported text" });
    this.copyStatus = el("span", { className: "copy-status", "aria-live": "polite" });
    var copyButton = el("button", { type: "button", className: "copy", onclick: function () { copyText(self.exportText.value, self.copyStatus); } }, ["Copy"]);

    // save the selection as a comp
    this.saveName = el("input", { type: "text", className: "comp-name", placeholder: "comp name", "aria-label": "Comp name" });
    this.saveChecks = el("span", { className: "save-constants" });
    this.saveStatus = el("span", { className: "save-status", "aria-live": "polite" });
    var saveButton = el("button", { type: "button", className: "save-comp", onclick: function () { self.saveComp(); } }, ["Save as comp"]);

    this.root.appendChild(el("h3", { text: "Explorer" }));
    this.root.appendChild(el("p", { className: "hint", text: "Pick a grid point (arrow keys step along a focused axis). Space plays or pauses, “,” and “.” step a frame. " + (exp.data.storedPoints < exp.data.gridPoints ? "Motion is stored for " + exp.data.storedPoints + " of the " + exp.data.gridPoints + " grid points: the controls step through those." : "") }));
    this.root.appendChild(controls);
    this.root.appendChild(playback);
    this.root.appendChild(episodeRow);
    this.root.appendChild(this.panelGrid);
    this.root.appendChild(this.addPanelButton);
    this.root.appendChild(this.notes);
    this.root.appendChild(this.curve);
    this.root.appendChild(el("h4", { text: "Metrics" }));
    this.root.appendChild(this.metricsTable);
    this.root.appendChild(el("h4", { text: "Export" }));
    this.root.appendChild(el("div", { className: "export" }, [
      el("div", { className: "export-bar" }, [el("label", {}, ["Panel ", this.exportSelect]), tabs, copyButton, this.copyStatus]),
      this.exportText,
    ]));
    this.root.appendChild(el("div", { className: "save" }, [el("strong", { text: "Save the selection as a comp: " }), this.saveName, this.saveChecks, saveButton, this.saveStatus]));

    this.root.addEventListener("keydown", function (event) {
      var tag = event.target.tagName;
      if (tag === "TEXTAREA" || (tag === "INPUT" && event.target.type === "text")) return;
      if (event.key === " " && tag !== "BUTTON" && tag !== "SELECT") { event.preventDefault(); self.toggle(); }
      else if (event.key === "," || event.key === ".") { event.preventDefault(); self.stepFrame(event.key === "." ? 1 : -1); }
    });
    Comps.listeners.push(function () { self.refresh(); });
  };

  Explorer.prototype.step = function (axis, by) {
    var n = this.exp.axes[axis].kept.length;
    this.selection[axis] = Math.max(0, Math.min(n - 1, this.selection[axis] + by));
    this.refresh();
  };

  Explorer.prototype.select = function (spec) {
    this.selection = this.exp.positionsOf(this.exp.find(spec, this.point()));
    this.refresh();
  };

  /// Moves the selection to the stored point nearest to a comp stack's constants.
  Explorer.prototype.applyComp = function (stack) {
    this.selection = this.exp.positionsOf(this.exp.match(Comps.resolve(stack), this.point()));
    this.refresh();
  };

  Explorer.prototype.addPanel = function (stack) {
    if (this.panels.length >= MAX_PANELS) return;
    this.panels.push({ stack: stack ? stack.slice() : [Comps.builtIns[0].name] });
    this.refresh();
  };

  Explorer.prototype.removePanel = function (n) {
    if (n === 0) return;
    this.panels.splice(n, 1);
    if (this.exportPanel >= this.panels.length) this.exportPanel = 0;
    this.refresh();
  };

  Explorer.prototype.setStack = function (n, stack) {
    if (n === 0) throw new Error("panel 0 is the selection; comps stack in panels 1–3");
    this.panels[n].stack = stack.slice();
    this.refresh();
  };

  Explorer.prototype.toggle = function () { if (this.playing) this.pause(); else this.play(); };
  Explorer.prototype.play = function () {
    if (this.frameOf(this.time) >= this.clock.endFrame) this.time = this.clock.startFrame / this.fps;
    this.playing = true;
    this.lastTick = null;
    this.playButton.textContent = "Pause";
    startLoop();
  };
  Explorer.prototype.pause = function () {
    this.playing = false;
    this.playButton.textContent = "Play";
  };
  Explorer.prototype.setSpeed = function (speed) {
    this.speed = speed;
    this.slowButton.setAttribute("aria-pressed", speed !== 1 ? "true" : "false");
  };
  Explorer.prototype.stepFrame = function (by) {
    this.pause();
    var f = Math.max(this.clock.startFrame, Math.min(this.clock.endFrame, this.frameOf(this.time) + by));
    this.time = f / this.fps;
    this.draw();
  };
  Explorer.prototype.frameOf = function (time) { return Math.floor(time * this.fps + 1e-6); };

  /// Advances the clock by real time (ms since the last tick), looping after a short hold.
  Explorer.prototype.tick = function (now) {
    if (!this.playing) return;
    if (this.lastTick === null) { this.lastTick = now; return; }
    var dt = Math.min(0.1, (now - this.lastTick) / 1000);
    this.lastTick = now;
    this.time += dt * this.speed;
    var end = this.clock.endFrame / this.fps;
    if (this.time > end) {
      if (!this.loop) { this.time = end; this.pause(); }
      else if (this.time > end + END_HOLD_S * this.speed) this.time = this.clock.startFrame / this.fps;
    }
    this.draw();
  };

  Explorer.prototype.refresh = function () {
    var self = this, exp = this.exp;
    this.shown = this.resolvedPanels();
    var fps = this.shown[0].motion.fps;
    this.fps = fps;
    // One clock for every panel, in seconds (t = 0: the release or the tap); the scrubber and
    // the frame numbers are the selection's frames.
    var startS = 0, endS = 0;
    this.shown.forEach(function (p) {
      startS = Math.min(startS, -p.motion.pre / p.motion.fps);
      endS = Math.max(endS, (p.motion.frames - 1) / p.motion.fps);
    });
    var start = Math.floor(startS * fps + 1e-6), end = Math.ceil(endS * fps - 1e-6);
    this.clock = { startFrame: start, endFrame: end, start: startS, end: endS };
    this.scrubber.min = String(start);
    this.scrubber.max = String(end);
    if (this.time === undefined || this.frameOf(this.time) < start || this.frameOf(this.time) > end) this.time = start / fps;

    this.applySelect.textContent = "";
    this.applySelect.appendChild(new Option("choose…", ""));
    Comps.all().forEach(function (c) { self.applySelect.appendChild(new Option(c.name, c.name)); });
    this.applySelect.value = "";

    this.inputs.forEach(function (control, a) {
      var axis = exp.axes[a];
      control.input.value = String(self.selection[a]);
      var label = axis.labels[self.selection[a]];
      control.output.textContent = label;
      if (control.input.type === "range") control.input.setAttribute("aria-valuetext", axis.name + " " + label);
    });

    // common view of every panel: the screen, the walls and every position shown
    var view = { xMin: 0, xMax: 0, yMin: -CASTRO.timelineExpanded - CASTRO.keyline - 14, yMax: 0 };
    this.shown.forEach(function (p) {
      var m = p.motion;
      view.xMin = Math.min(view.xMin, m.minX - m.w / 2, 0);
      view.xMax = Math.max(view.xMax, m.maxX + m.w / 2, m.sw);
      (m.walls || []).forEach(function (w) {
        view.xMin = Math.min(view.xMin, w[0], w[2]);
        view.xMax = Math.max(view.xMax, w[0], w[2]);
      });
      view.yMax = Math.max(view.yMax, m.sh, m.ry + m.h / 2);
    });
    var margin = Math.max(12, 0.04 * (view.xMax - view.xMin));
    view.xMin -= margin;
    view.xMax += margin;
    view.yMax += 10;
    this.view = view;

    // panels
    this.panelGrid.textContent = "";
    this.panelGrid.className = "panels panels-" + this.shown.length;
    this.canvases = this.shown.map(function (p, n) {
      var canvas = el("canvas", { className: "control-canvas", role: "img", "aria-label": "The Castro bar, " + exp.describe(p.point) });
      var wrap = el("div", { className: "canvas-wrap" }, [canvas]);
      var header = el("div", { className: "panel-head" });
      header.appendChild(el("span", { className: "swatch", style: "background:" + COLORS[n % COLORS.length] }));
      if (n === 0) {
        header.appendChild(el("strong", { text: "Selection" }));
      } else {
        header.appendChild(el("strong", { text: "Comp " + n + ": " }));
        p.stack.forEach(function (name, s) {
          header.appendChild(el("span", { className: "chip" }, [name, el("button", {
            type: "button", className: "chip-remove", "aria-label": "Remove " + name + " from this stack",
            onclick: function () { var stack = p.stack.slice(); stack.splice(s, 1); self.setStack(n, stack); },
          }, ["×"])]));
        });
        var adder = el("select", { className: "stack-add", "aria-label": "Stack a comp on panel " + n });
        adder.appendChild(new Option(p.stack.length ? "+ stack a comp…" : "choose a comp…", ""));
        Comps.all().forEach(function (c) { adder.appendChild(new Option(c.name, c.name)); });
        adder.addEventListener("change", function () {
          if (adder.value) self.setStack(n, p.stack.concat([adder.value]));
        });
        header.appendChild(adder);
        header.appendChild(el("button", { type: "button", className: "panel-remove", "aria-label": "Close panel " + n, onclick: function () { self.removePanel(n); } }, ["Close"]));
      }
      var caption = el("div", { className: "panel-caption" });
      caption.appendChild(el("span", { text: exp.describe(p.point) }));
      var constants = exp.constantNames.map(function (k) { return constantText(k, exp.constant(k, p.point)); }).join(" · ");
      caption.appendChild(el("span", { className: "constants", text: constants }));
      var absent = p.notes.filter(function (note) { return note.absent; });
      p.notes.filter(function (note) { return !note.absent; }).forEach(function (note) { caption.appendChild(el("span", { className: "mismatch", text: note.text })); });
      if (absent.length) caption.appendChild(el("span", { className: "absent", text: "Not in this experiment's scenes: " + absent.map(function (n) { return n.text; }).join(", ") }));
      var status = el("div", { className: "panel-status" });
      self.panelGrid.appendChild(el("figure", { className: "panel", "data-panel": n }, [header, wrap, status, caption]));
      return { canvas: canvas, status: status };
    });
    this.addPanelButton.disabled = this.shown.length >= MAX_PANELS;
    this.notes.textContent = this.shown.length > 1 ? "Every panel follows the same clock: t = 0 is the release (or the tap) in each." : "";

    this.refreshMetrics();
    this.exportSelect.textContent = "";
    this.shown.forEach(function (p, n) { self.exportSelect.appendChild(new Option(n === 0 ? "Selection" : "Comp " + n + " (" + p.stack.join(" + ") + ")", String(n))); });
    if (this.exportPanel >= this.shown.length) this.exportPanel = 0;
    this.exportSelect.value = String(this.exportPanel);
    this.refreshExport();
    this.refreshSave();
    this.draw();
  };

  Explorer.prototype.refreshMetrics = function () {
    var exp = this.exp, shown = this.shown, table = this.metricsTable;
    table.textContent = "";
    var head = el("tr", {}, [el("th", { scope: "col", text: "" })]);
    shown.forEach(function (p, n) {
      head.appendChild(el("th", { scope: "col" }, [el("span", { className: "swatch", style: "background:" + COLORS[n % COLORS.length] }), n === 0 ? "Selection" : "Comp " + n]));
    });
    table.appendChild(el("thead", {}, [head]));
    var body = el("tbody");
    exp.axes.forEach(function (axis) {
      var row = el("tr", { className: "axis-row" }, [el("th", { scope: "row", text: axis.name })]);
      shown.forEach(function (p) {
        var a = exp.axes.indexOf(axis);
        row.appendChild(el("td", { text: exp.labelsOf(p.point)[a] }));
      });
      body.appendChild(row);
    });
    exp.data.metrics.forEach(function (metric, mi) {
      var row = el("tr", {}, [el("th", { scope: "row", title: metric.definition, text: metric.name })]);
      shown.forEach(function (p) {
        var v = exp.metric(mi, p.point);
        var reason = exp.reason(mi, p.point);
        var cell = v === null
          ? el("td", { className: "empty", title: reason || "no value" }, ["— " + (reason ? reason.split(":")[0] : "")])
          : el("td", { text: metric.count ? String(Math.round(v)) : numberText(v, 4) });
        row.appendChild(cell);
      });
      body.appendChild(row);
    });
    var pauseRow = el("tr", {}, [el("th", { scope: "row", title: "the frame after which the animator paused for good (every body asleep)", text: "animator pauses at" })]);
    shown.forEach(function (p) {
      var m = p.motion;
      pauseRow.appendChild(el("td", { text: m.pause === null ? "still running at " + numberText((m.frames - 1) / m.fps, 3) + " s" : "frame " + m.pause + " (" + numberText(m.pause / m.fps, 3) + " s)" }));
    });
    body.appendChild(pauseRow);
    table.appendChild(body);
  };

  Explorer.prototype.refreshExport = function () {
    var p = this.shown[this.exportPanel];
    var kind = this.exportKind;
    var text = kind === "swift" ? swiftCode(this.exp, p.point, p.stack) : kind === "objc" ? objcCode(this.exp, p.point, p.stack) : sceneCode(this.exp, p.point, p.stack);
    this.exportText.value = text;
    for (var k in this.tabButtons) this.tabButtons[k].setAttribute("aria-selected", k === kind ? "true" : "false");
    this.copyStatus.textContent = "";
  };

  Explorer.prototype.refreshSave = function () {
    var exp = this.exp, self = this;
    var point = this.point();
    var previous = {};
    (this.saveBoxes || []).forEach(function (b) { previous[b.name] = b.box.checked; });
    this.saveChecks.textContent = "";
    this.saveBoxes = exp.constantNames.map(function (name) {
      var varies = exp.spread[name].max > exp.spread[name].min;
      var box = el("input", { type: "checkbox", checked: previous[name] !== undefined ? previous[name] : varies });
      self.saveChecks.appendChild(el("label", { className: "save-constant" }, [box, " " + constantText(name, exp.constant(name, point))]));
      return { name: name, box: box };
    });
  };

  Explorer.prototype.saveComp = function () {
    var exp = this.exp, point = this.point();
    var values = {};
    this.saveBoxes.forEach(function (b) { if (b.box.checked) values[b.name] = exp.constant(b.name, point); });
    try {
      Comps.add(this.saveName.value, "saved from " + exp.data.title + " at " + exp.describe(point), values);
      this.saveStatus.textContent = "Saved “" + this.saveName.value.trim() + "”.";
      this.saveName.value = "";
    } catch (e) {
      this.saveStatus.textContent = e.message;
    }
  };

  Explorer.prototype.draw = function () {
    var self = this;
    var frame = Math.max(this.clock.startFrame, Math.min(this.clock.endFrame, this.frameOf(this.time)));
    this.frame = frame;
    var time = frame / this.fps;
    this.shown.forEach(function (p, n) {
      var m = p.motion;
      var own = Math.max(-m.pre, Math.min(m.frames - 1, Math.floor(time * m.fps + 1e-6)));
      var state = drawControl(self.canvases[n].canvas, self.view, m, own, n === 0 ? "Selection" : "Comp " + n, self.episode);
      var k = m.pre + own;
      var phase = own < 0 ? (m.gesture === 1 && m.drag !== null && own >= m.drag ? "dragging" : "before the gesture")
        : m.pause !== null && own >= m.pause ? "paused" : m.swap !== null && own >= m.swap ? "snapping home" : m.gesture === 1 ? "snapping home" : "moving";
      var commit = state.committed === null ? "" : state.committed ? " · scrub committed" : " · scrub rolled back";
      self.canvases[n].status.textContent = "x = " + m.x[k].toFixed(2) + " pt · " + phase + commit + " · " + formatElapsed(state.elapsed);
    });
    this.scrubber.value = String(frame);
    this.readout.textContent = "t = " + (frame / this.fps).toFixed(3) + " s · frame " + frame + " of " + this.clock.endFrame + (this.speed !== 1 ? " · 0.25×" : "");
    drawCurve(this.curve, this.shown, time, this.exp.data.band, this.clock);
  };

  // ---- Animation loop ------------------------------------------------------------------------

  var looping = false;
  function startLoop() {
    if (looping) return;
    looping = true;
    window.requestAnimationFrame(frameLoop);
  }
  function frameLoop(now) {
    var any = false;
    for (var id in explorers) {
      var x = explorers[id];
      if (x.playing) {
        any = true;
        if (x.visible) x.tick(now);
        else x.lastTick = null;
      }
    }
    if (any) window.requestAnimationFrame(frameLoop);
    else looping = false;
  }

  // ---- The comps library section -------------------------------------------------------------

  function buildLibrary() {
    var root = document.querySelector("[data-role=comps-list]");
    if (!root) return;
    function render() {
      root.textContent = "";
      var list = el("ul", { className: "comps" });
      Comps.all().forEach(function (comp) {
        var item = el("li", { className: comp.builtIn ? "comp built-in" : "comp user" }, [
          el("strong", { text: comp.name }), " ",
          el("span", { className: "comp-values", text: compSummary(comp) }),
          comp.note ? el("span", { className: "comp-note", text: comp.note }) : null,
        ]);
        if (!comp.builtIn) {
          item.appendChild(el("button", { type: "button", className: "comp-delete", onclick: function () { Comps.remove(comp.name); } }, ["Delete"]));
        }
        list.appendChild(item);
      });
      root.appendChild(list);
      // a new comp by hand: any subset of the constants
      var name = el("input", { type: "text", placeholder: "name", "aria-label": "New comp name" });
      var fields = CONSTANTS.map(function (c) {
        var box = el("input", { type: "checkbox" });
        var value = el("input", { type: "number", step: "any", className: "constant-value", "aria-label": c.label });
        value.addEventListener("input", function () { box.checked = value.value !== ""; });
        return { c: c, box: box, value: value, node: el("label", { className: "new-constant" }, [box, " " + c.label + (c.unit ? " (" + c.unit + ")" : "") + " ", value]) };
      });
      var status = el("span", { className: "save-status", "aria-live": "polite" });
      var form = el("div", { className: "new-comp" }, [el("strong", { text: "New comp: " }), name].concat(fields.map(function (f) { return f.node; })).concat([
        el("button", { type: "button", onclick: function () {
          var values = {};
          fields.forEach(function (f) { if (f.box.checked && f.value.value !== "" && isFinite(Number(f.value.value))) values[f.c.name] = Number(f.value.value); });
          try { Comps.add(name.value, "", values); } catch (e) { status.textContent = e.message; }
        } }, ["Save"]), status]));
      root.appendChild(form);
    }
    render();
    Comps.listeners.push(render);
  }

  // ---- Loading -------------------------------------------------------------------------------

  var pending = {};
  var waiters = {};
  var readyAt = {};

  function loadScript(id, done) {
    if (DATA[id]) { done(); return; }
    if (pending[id]) { pending[id].push(done); return; }
    pending[id] = [done];
    var entry = NB.experiments.filter(function (e) { return e.id === id; })[0];
    var script = document.createElement("script");
    script.src = entry.script;
    script.onload = function () { var list = pending[id]; delete pending[id]; list.forEach(function (f) { f(); }); };
    script.onerror = function () {
      var root = document.querySelector(".explorer[data-experiment=\"" + cssString(id) + "\"]");
      if (root) root.textContent = "Could not load " + entry.script + ": run feel notebook again.";
      delete pending[id];
    };
    document.head.appendChild(script);
  }

  function cssString(s) { return String(s).replace(/["\\]/g, "\\$&"); }

  function activate(id) {
    if (explorers[id]) return;
    loadScript(id, function () {
      if (explorers[id]) return;
      var root = document.querySelector(".explorer[data-experiment=\"" + cssString(id) + "\"]");
      if (!root || !DATA[id]) return;
      explorers[id] = new Explorer(root, new Experiment(DATA[id]));
      readyAt[id] = performance.now();
      observe(explorers[id]);
      (waiters[id] || []).forEach(function (f) { f(); });
      delete waiters[id];
    });
  }

  function observe(explorer) {
    if (!("IntersectionObserver" in window)) return;
    new IntersectionObserver(function (entries) {
      entries.forEach(function (e) { explorer.visible = e.isIntersecting; });
    }).observe(explorer.root);
  }

  function whenReady(id) {
    return new Promise(function (resolve) {
      if (explorers[id]) { resolve(); return; }
      (waiters[id] = waiters[id] || []).push(resolve);
      activate(id);
    });
  }

  function start() {
    Comps.load();
    buildLibrary();
    var ids = NB.experiments.map(function (e) { return e.id; });
    if (ids.length === 0) return;
    // The first explorer at once; the others when they come near the viewport, or when idle.
    activate(ids[0]);
    if ("IntersectionObserver" in window) {
      var observer = new IntersectionObserver(function (entries) {
        entries.forEach(function (e) {
          if (e.isIntersecting) { activate(e.target.getAttribute("data-experiment")); observer.unobserve(e.target); }
        });
      }, { rootMargin: "800px 0px" });
      document.querySelectorAll(".explorer[data-experiment]").forEach(function (node) { observer.observe(node); });
    }
    var idle = window.requestIdleCallback || function (f) { return window.setTimeout(f, 300); };
    var next = 1;
    (function loadNext() {
      if (next >= ids.length) return;
      idle(function () { activate(ids[next++]); whenReady(ids[next - 1]).then(loadNext); });
    })();
  }

  // ---- What tests and curious designers can call ---------------------------------------------

  function explorer(id) {
    var x = explorers[id];
    if (!x) throw new Error("explorer " + id + " is not ready: await feelNotebook.whenReady(id)");
    return x;
  }

  window.feelNotebook = {
    experiments: function () { return NB.experiments.map(function (e) { return e.id; }); },
    whenReady: whenReady,
    readyAt: function (id) { return readyAt[id]; },
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
        return { stack: p.stack.slice(), point: p.point, constants: constants, axes: axes, notes: p.notes.map(function (n) { return n.text; }) };
      });
    },
    addPanel: function (id, stack) { explorer(id).addPanel(stack); },
    applyComp: function (id, stack) { var x = explorer(id); x.applyComp(stack); return x.point(); },
    setStack: function (id, panel, stack) { explorer(id).setStack(panel, stack); },
    removePanel: function (id, panel) { explorer(id).removePanel(panel); },
    resolveComps: function (stack) { return Comps.resolve(stack); },
    comps: function () { return Comps.all().map(function (c) { return { name: c.name, values: c.values, builtIn: !!c.builtIn }; }); },
    saveComp: function (name, values) { Comps.add(name, "", values); },
    deleteComp: function (name) { Comps.remove(name); },
    exportText: function (id, kind, panel) {
      var x = explorer(id), p = x.shown[panel || 0];
      return kind === "swift" ? swiftCode(x.exp, p.point, p.stack) : kind === "objc" ? objcCode(x.exp, p.point, p.stack) : sceneCode(x.exp, p.point, p.stack);
    },
    /// Shows a frame (pauses playback).
    showFrame: function (id, frame) { var x = explorer(id); x.pause(); x.time = frame / x.fps; x.draw(); return x.frame; },
    frame: function (id) { return explorer(id).frame; },
    play: function (id) { explorer(id).play(); },
    pause: function (id) { explorer(id).pause(); },
    setSlowMotion: function (id, on) { explorer(id).setSpeed(on ? SLOW : 1); },
    /// The timeline at a frame: strip height (pt), elapsed time, label text and placement.
    timeline: function (id, frame, panel) {
      var x = explorer(id), m = x.shown[panel || 0].motion;
      var s = timelineState(m, frame / m.fps, x.episode);
      var layout = labelLayout(x.canvases[0].canvas.getContext("2d"), s.elapsed, x.episode.total, m.sw);
      return {
        height: CASTRO.timelineCollapsed + (CASTRO.timelineExpanded - CASTRO.timelineCollapsed) * s.expansion,
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
    formatElapsed: formatElapsed,
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
