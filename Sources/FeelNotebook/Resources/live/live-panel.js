// The studio's live panel (docs/studio.md, "The live panel"): loaded only when `feel serve`
// serves the page (the server adds this script; the static notebook never loads it). It sets
// FL.livePanel, which js/explorer-live.js calls for every explorer.
//
// One live session (WebSocket /api/live) per explorer, opened on the selected grid point's
// scene with the fingers that drive its drags taken out, so that the session waits for the
// designer's own finger. The pointer (mouse, touch, pen: Pointer Events with pointer capture)
// becomes `touch` samples, timed by the page's clock from the touch-down (scene time 0 at the
// first touch-down); each animation frame sends `advance` to the display clock and draws the
// frames that came back with the control's skin. Sliders `set` the control's constants (the
// session re-runs at once); the metrics of the current motion come from /api/metrics; "Save as
// scene" and "Save as comp" keep what was felt; "Re-sweep" streams /api/sweep around the
// sliders' values with a progress bar. This file builds the panel and holds its constants, metrics, saving and sweep;
// live/live-session.js (loaded after it) adds the session, the pointer and the drawing.
(function (FL) {
  "use strict";

  var el = FL.el;

  function post(path, body) {
    return fetch(path, {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }).then(function (r) {
      return r.json().then(function (j) {
        if (!r.ok) throw new Error(j.error || "HTTP " + r.status);
        return j;
      });
    });
  }

  /// The scene for a live session: the stored point's scene file without the [[touch]]
  /// sections of the touches its drag behaviors and rules name (those wait for the live
  /// fingers). {toml, touches: those ids in the order the file names them, touch: the first,
  /// or null}.
  function liveScene(text) {
    var lines = text.split("\n"), named = [], section = null;
    lines.forEach(function (line) {
      var header = /^\s*\[\[?([a-z_]+)\]?\]/.exec(line);
      if (header) { section = header[1]; return; }
      var touch = /^\s*touch\s*=\s*"([^"]+)"/.exec(line);
      if (touch && (section === "rule" || section === "behavior")) {
        if (named.indexOf(touch[1]) < 0) named.push(touch[1]);
      }
    });
    var out = [], skipping = false;
    for (var i = 0; i < lines.length; i++) {
      var line = lines[i];
      if (/^\s*\[/.test(line)) {
        skipping = false;
        if (/^\s*\[\[touch\]\]/.test(line)) {
          var id = null;
          for (var j = i + 1; j < lines.length && !/^\s*\[/.test(lines[j]); j++) {
            var m = /^\s*id\s*=\s*"([^"]+)"/.exec(lines[j]);
            if (m) { id = m[1]; break; }
          }
          if (id !== null && named.indexOf(id) >= 0) { skipping = true; continue; }
        }
      }
      if (!skipping) out.push(line);
    }
    return { toml: out.join("\n"), touches: named, touch: named.length ? named[0] : null };
  }

  /// A slider's span (docs/studio.md): the constant's `range` from the control file, else half
  /// to twice the value (−1 to 1 around 0); widened to the experiment's grid values.
  function span(constant, value, spread) {
    var lo, hi;
    if (constant && constant.range) { lo = constant.range[0]; hi = constant.range[1]; }
    else if (value > 0) { lo = value / 2; hi = value * 2; }
    else if (value < 0) { lo = value * 2; hi = value / 2; }
    else { lo = -1; hi = 1; }
    if (spread && isFinite(spread.min)) { lo = Math.min(lo, spread.min); hi = Math.max(hi, spread.max); }
    return { min: lo, max: hi };
  }

  function numberText(x) { return FL.text && FL.text.numberText ? FL.text.numberText(x) : String(x); }

  function LivePanel(explorer, box) {
    this.explorer = explorer;
    this.exp = explorer.exp;
    this.box = box;
    this.socket = null;
    this.set = {};
    this.drawnFrames = [];
    this.errors = [];
    this.build();
  }

  LivePanel.prototype.build = function () {
    var self = this;
    this.status = el("p", { className: "live-status", role: "status", text: "Connecting…" });
    this.notice = el("p", { className: "live-notice", role: "alert" });
    this.fingerHint = el("p", { className: "hint live-finger-hint" });
    this.how = el("p", { className: "hint live-how" });
    this.canvas = el("canvas", { className: "live-canvas", "aria-label": "The control, live: drag it" });
    this.canvas.style.touchAction = "none";
    this.canvas.addEventListener("pointerdown", function (e) { self.pointer(e, "down"); });
    this.canvas.addEventListener("pointermove", function (e) { self.pointer(e, "move"); });
    this.canvas.addEventListener("pointerup", function (e) { self.pointer(e, "up"); });
    this.canvas.addEventListener("pointercancel", function (e) { self.pointer(e, "up"); });
    this.resetButton = el("button", { type: "button", onclick: function () { self.open(); } }, ["Reset"]);
    this.playButton = el("button", { type: "button", onclick: function () { self.play(); } }, ["Play the scene live"]);
    this.sliders = el("div", { className: "live-sliders" });
    this.metrics = el("table", { className: "metrics live-metrics" });
    this.scenePath = el("input", { type: "text", className: "live-scene-path", size: "44",
      value: "experiments/scenes/" + this.exp.id + "-live.toml", "aria-label": "Scene file to save" });
    this.compName = el("input", { type: "text", className: "live-comp-name", size: "20",
      value: "Live", "aria-label": "Comp name" });
    this.saveStatus = el("span", { className: "hint live-save-status" });
    this.progress = el("progress", { className: "live-progress", max: "1", value: "0" });
    this.sweepStatus = el("span", { className: "hint live-sweep-status" });
    this.sweepChart = el("canvas", { className: "live-sweep-chart" });
    this.box.appendChild(el("p", {
      className: "hint",
      text: "Drag the control with the mouse, a finger or a pen: FeelLab's engine answers frame by " +
        "frame. Move a constant and the motion re-runs at once, between grid values too.",
    }));
    this.box.appendChild(this.status);
    this.box.appendChild(this.how);
    this.box.appendChild(this.notice);
    this.box.appendChild(this.canvas);
    this.box.appendChild(this.fingerHint);
    this.box.appendChild(el("div", { className: "row" }, [this.resetButton, " ", this.playButton]));
    this.box.appendChild(this.sliders);
    this.box.appendChild(el("h5", { text: "Metrics of the live motion" }));
    this.box.appendChild(this.metrics);
    this.box.appendChild(el("div", { className: "row" }, [
      this.scenePath, " ",
      el("button", { type: "button", className: "live-save-scene", onclick: function () { self.saveScene(false); } },
        ["Save as scene"]),
      " ", this.compName, " ",
      el("button", { type: "button", className: "live-save-comp", onclick: function () { self.saveComp(); } },
        ["Save as comp"]),
      " ", this.saveStatus,
    ]));
    this.report = el("pre", { className: "live-report" });
    this.box.appendChild(el("div", { className: "row" }, [
      el("button", { type: "button", className: "live-export", onclick: function () { self.exportReport(); } },
        ["Report (feel export)"]),
    ]));
    this.box.appendChild(this.report);
    this.box.appendChild(el("div", { className: "row" }, [
      el("button", { type: "button", className: "live-resweep", onclick: function () { self.resweep(); } },
        ["Re-sweep around the current constants"]),
      " ", this.progress, " ", this.sweepStatus,
    ]));
    this.box.appendChild(this.sweepChart);
  };

  // ---- Constants ----------------------------------------------------------------------------

  /// A slider for every constant of the control that a scene path holds here (else for every
  /// numeric axis of an experiment without a control).
  LivePanel.prototype.buildSliders = function () {
    var self = this, exp = this.exp, point = this.point;
    this.sliders.textContent = "";
    this.sliderInputs = {};
    var entries = [];
    var paths = exp.data.livePaths || {};
    FL.constants.list(exp.control).forEach(function (c) {
      var value = exp.constant(c.name, point);
      if (value === null) return;
      // a constant given by gap_to (a wall's offset) has no one path: /api/gap answers the
      // boundary coordinates a value stands for
      var gap = !!(c.gapTo && c.gapTo.length);
      if (!gap && paths[c.name] === undefined) return;
      entries.push({ name: c.name, label: c.label, unit: c.unit, path: gap ? null : paths[c.name], gap: gap,
        value: value, span: span(c, value, exp.spread[c.name]) });
    });
    if (!exp.control) {
      var positions = exp.positionsOf(point);
      exp.axes.forEach(function (axis, a) {
        var value = axis.numbers[positions[a]];
        if (typeof value !== "number" || axis.paths.length !== 1) return;
        var lo = Math.min.apply(null, axis.numbers), hi = Math.max.apply(null, axis.numbers);
        entries.push({ name: axis.name, label: axis.name, unit: "", path: axis.paths[0], value: value,
          span: span(null, value, { min: lo, max: hi }) });
      });
    }
    this.entries = entries;
    entries.forEach(function (entry) {
      var input = el("input", { type: "range", min: String(entry.span.min), max: String(entry.span.max),
        step: "any", value: String(entry.value), "data-constant": entry.name, "aria-label": entry.label });
      var unit = entry.unit ? " " + entry.unit : "";
      var shown = el("span", { className: "live-value", text: numberText(entry.value) + unit });
      input.addEventListener("input", function () {
        var v = Number(input.value);
        shown.textContent = numberText(v) + unit;
        self.slid(entry, v);
      });
      self.sliderInputs[entry.name] = input;
      self.sliders.appendChild(el("label", { className: "live-slider" }, [entry.label + " ", input, " ", shown]));
    });
    if (!entries.length) {
      this.sliders.appendChild(el("p", {
        className: "hint", text: "No constant of this experiment is held by a scene path.",
      }));
    }
  };

  /// A slider moved to `value`. Without a gap constant, its path is set at once. With one,
  /// every gap constant's boundary coordinates are asked of the server for the values as they
  /// now stand (a wider bar moves its walls with its edges, so the wall offset stays what its
  /// slider says), and the changes go in one `set`. Changes made while the server answers wait
  /// for the newest answer and go with it.
  LivePanel.prototype.slid = function (entry, value) {
    var self = this;
    var gaps = (this.entries || []).filter(function (e) { return e.gap; });
    this.pendingSet = this.pendingSet || {};
    if (!entry.gap) this.pendingSet[entry.path] = value;
    if (!gaps.length) {
      var change = this.pendingSet;
      this.pendingSet = null;
      this.setValues(change);
      return;
    }
    var seq = this.gapSeq = (this.gapSeq || 0) + 1;
    Promise.all(gaps.map(function (g) { return post("/api/gap", self.gapRequest(g)); })).then(function (answers) {
      if (seq !== self.gapSeq) return;
      var change = self.pendingSet || {};
      self.pendingSet = null;
      self.gapAnswers = answers;
      answers.forEach(function (answer) { for (var k in answer.set) change[k] = answer.set[k]; });
      self.setValues(change);
    }, function (error) {
      if (seq === self.gapSeq) self.notice.textContent = "Error: " + error.message;
    });
  };

  /// The /api/gap request for gap constant `entry` at its slider's value: the session's scene
  /// with every value set so far (and those waiting to be sent).
  LivePanel.prototype.gapRequest = function (entry) {
    var body = { experiment: this.exp.data.file, constant: entry.name,
      gap_pt: Number(this.sliderInputs[entry.name].value), set: {} }, k;
    for (k in this.openedWith) if (k !== "set") body[k] = this.openedWith[k];
    for (k in this.openedWith.set) body.set[k] = this.openedWith.set[k];
    for (k in this.set) body.set[k] = this.set[k];
    for (k in this.pendingSet) body.set[k] = this.pendingSet[k];
    return body;
  };

  /// Sets a scene path's value in the session (it re-runs to the frame it had reached).
  LivePanel.prototype.setValue = function (path, value) {
    var change = {};
    change[path] = value;
    this.setValues(change);
  };

  /// Sets scene paths' values in the session, in one `set` (it re-runs once).
  LivePanel.prototype.setValues = function (change) {
    for (var path in change) this.set[path] = change[path];
    this.send({ type: "set", set: change });
    var self = this;
    window.clearTimeout(this.measureTimer);
    this.measureTimer = window.setTimeout(function () { self.measure(); }, 250);
    if (!this.looping) window.setTimeout(function () { self.draw(); }, 60);
  };

  /// The constants as the sliders hold them: {name: value}.
  LivePanel.prototype.values = function () {
    var out = {};
    (this.entries || []).forEach(function (entry) {
      out[entry.name] = Number(this.sliderInputs[entry.name].value);
    }, this);
    return out;
  };

  // ---- Metrics, saving, the sweep ----------------------------------------------------------

  /// The request that describes the live motion: the session's scene, its values and touches.
  LivePanel.prototype.request = function () {
    var touches = [];
    for (var id in this.samples) {
      touches.push({ id: id, samples: this.samples[id].map(function (s) { return [s.taken, s.x, s.y]; }) });
    }
    var body = { set: {}, touches: touches }, k;
    for (k in this.openedWith) if (k !== "set") body[k] = this.openedWith[k];
    for (k in this.openedWith.set) body.set[k] = this.openedWith.set[k];
    for (k in this.set) body.set[k] = this.set[k];
    return body;
  };

  LivePanel.prototype.measure = function () {
    var self = this;
    if (this.down !== null) return;
    post("/api/metrics", this.request()).then(function (report) {
      self.lastMetrics = report;
      self.metrics.textContent = "";
      Object.keys(report.metrics).forEach(function (k) {
        var v = report.metrics[k];
        if (v === null) return;
        self.metrics.appendChild(el("tr", {}, [el("th", { text: k }), el("td", { text: String(v) })]));
      });
    }, function (error) {
      self.metrics.textContent = "";
      self.metrics.appendChild(el("tr", {}, [el("td", { text: error.message })]));
    });
  };

  /// feel export's report of the live motion (every target), on demand.
  LivePanel.prototype.exportReport = function () {
    var self = this;
    this.report.textContent = "Fitting…";
    post("/api/export", this.request()).then(function (answer) {
      self.report.textContent = answer.text;
    }, function (error) { self.report.textContent = error.message; });
  };

  LivePanel.prototype.saveScene = function (replace) {
    var path = this.scenePath.value.trim();
    this.pendingSave = path;
    this.saveStatus.textContent = "Saving…";
    this.send({ type: "save", path: path, replace: replace });
  };

  /// The control file of the experiment's control (beside it, in controls/).
  LivePanel.prototype.controlPath = function () {
    var file = this.exp.data.file, slash = file.lastIndexOf("/");
    return (slash >= 0 ? file.slice(0, slash + 1) : "") + "controls/" + this.exp.control + ".toml";
  };

  /// "Save as comp": the sliders' constants, shown to the user, then written into the control file.
  LivePanel.prototype.saveComp = function () {
    var self = this;
    if (!this.exp.control) { this.saveStatus.textContent = "This experiment tunes no control."; return; }
    var body = { control: this.controlPath(), name: this.compName.value.trim(), note: "saved from the studio",
      values: this.values(), preview: true };
    post("/api/comp", body).then(function (answer) {
      if (!window.confirm("Add to " + answer.control + ":\n\n" + answer.section)) {
        self.saveStatus.textContent = "Not saved.";
        return null;
      }
      body.preview = false;
      return post("/api/comp", body).then(function (saved) {
        self.saveStatus.textContent = "Comp \u201c" + saved.name + "\u201d saved into " + saved.control + ".";
      });
    }).catch(function (error) { self.saveStatus.textContent = "Not saved: " + error.message; });
  };

  // ---- The re-sweep around the current constants ---------------------------------------------

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
  LivePanel.prototype.axisRelation = function (a, entry) {
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

  /// The re-sweep's request (docs/studio.md, "Re-sweep around the current constants"): every
  /// slider's value as `set` (a gap constant by the boundary coordinates it set), and each axis
  /// that moves a slider's constant re-centred on the slider's value: the same number of points
  /// and the same width as the experiment's grid, centred on the axis value that gives the
  /// slider's value, shifted (never shrunk) to stay within the slider's span.
  LivePanel.prototype.sweepRequest = function () {
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
        var lo = Math.min(ends[0], ends[1]), hi = Math.max(ends[0], ends[1]);
        var width = Math.max.apply(null, axis.numbers) - Math.min.apply(null, axis.numbers);
        var from = centre - width / 2, to = centre + width / 2;
        if (width <= hi - lo) {
          if (from < lo) { from = lo; to = lo + width; }
          if (to > hi) { to = hi; from = hi - width; }
        }
        axes[axis.name] = { from: from, to: to, count: axis.count };
        centres[axis.name] = centre;
      });
    });
    return { experiment: exp.data.file, set: set, axes: axes, centres: centres };
  };

  /// Re-sweeps the experiment around the current constants (`sweepRequest`), streaming its
  /// rows: the progress bar counts them, the chart draws the first metric along the first axis
  /// as they come, and marks where the current motion is.
  LivePanel.prototype.resweep = function () {
    var self = this, total = this.exp.data.gridPoints;
    var request = this.sweepRequest();
    this.sweepSent = { experiment: request.experiment, set: request.set, axes: request.axes };
    this.sweepCentres = request.centres;
    this.progress.value = 0;
    this.progressSeen = [0];
    this.sweepStatus.textContent = "Sweeping…";
    var text = "", rows = 0;
    if (this.sweepReader) this.sweepReader.cancel();
    var seq = this.sweepSeq = (this.sweepSeq || 0) + 1;
    fetch("/api/sweep", {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(this.sweepSent),
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
          self.drawSweep(text);
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
      self.drawSweep(text);
    }, function (error) {
      if (seq === self.sweepSeq) self.sweepStatus.textContent = "Sweep failed: " + error.message;
    });
  };

  /// The swept rows so far: the first metric column against the first axis, one dot a row,
  /// and the current constants: a line at the first axis's current value, and a ring at the
  /// current motion's value of that metric (from the panel's metrics) when it has one.
  LivePanel.prototype.drawSweep = function (text) {
    var lines = rowsOf(text);
    if (lines.length < 2) return;
    var header = lines[0].split(","), axis = this.exp.axes[0];
    var metric = this.exp.data.metrics.length ? this.exp.data.metrics[0].name : header[this.exp.axes.length];
    var mc = header.indexOf(metric);
    if (mc < 0) return;
    var pts = [];
    for (var i = 1; i < lines.length; i++) {
      var cells = lines[i].split(","), x = Number(cells[0]), y = Number(cells[mc]);
      if (isFinite(x) && isFinite(y) && cells[mc] !== "") pts.push([x, y]);
    }
    this.sweepPoints = pts;
    var current = this.sweepCentres && this.sweepCentres[axis.name] !== undefined
      ? this.sweepCentres[axis.name] : axis.numbers[this.exp.positionsOf(this.point)[0]];
    var live = this.lastMetrics && this.lastMetrics.metrics ? this.lastMetrics.metrics[metric] : null;
    this.sweepMark = { x: typeof current === "number" ? current : null,
      y: typeof live === "number" ? live : null };
    var c = this.sweepChart, w = 480, h = 160;
    c.width = w;
    c.height = h;
    var ctx = c.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, w, h);
    if (!pts.length) return;
    var x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    pts.forEach(function (p) {
      x0 = Math.min(x0, p[0]);
      x1 = Math.max(x1, p[0]);
      y0 = Math.min(y0, p[1]);
      y1 = Math.max(y1, p[1]);
    });
    var mark = this.sweepMark;
    if (mark.x !== null) { x0 = Math.min(x0, mark.x); x1 = Math.max(x1, mark.x); }
    if (mark.y !== null) { y0 = Math.min(y0, mark.y); y1 = Math.max(y1, mark.y); }
    if (x1 === x0) x1 = x0 + 1;
    if (y1 === y0) y1 = y0 + 1;
    function px(x) { return 30 + (x - x0) / (x1 - x0) * (w - 40); }
    function py(y) { return h - 20 - (y - y0) / (y1 - y0) * (h - 30); }
    ctx.fillStyle = "#0a84ff";
    pts.forEach(function (p) { ctx.fillRect(px(p[0]) - 1.5, py(p[1]) - 1.5, 3, 3); });
    if (mark.x !== null) {
      ctx.strokeStyle = "#ff3b30";
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(px(mark.x), 16);
      ctx.lineTo(px(mark.x), h - 20);
      ctx.stroke();
      if (mark.y !== null) {
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(px(mark.x), py(mark.y), 5, 0, 2 * Math.PI);
        ctx.stroke();
      }
    }
    ctx.fillStyle = "#6e6e73";
    ctx.font = "11px sans-serif";
    ctx.fillText(metric + " against " + header[0] + " (red: the current constants)", 34, 12);
  };

  FL.LivePanel = LivePanel;
  FL.livePanel = function (explorer, box) { return new LivePanel(explorer, box); };
  FL.live = { liveScene: liveScene, span: span, panels: function () {
    var out = {};
    for (var id in FL.explorers) if (FL.explorers[id].live) out[id] = FL.explorers[id].live;
    return out;
  } };
})(window.FeelLab = window.FeelLab || {});
