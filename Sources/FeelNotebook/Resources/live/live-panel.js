// The studio's live panel (docs/live-panel.md): loaded only when `feel serve`
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
// sliders' values with a progress bar. This file builds the panel and holds its constants,
// metrics and saving; live/live-session.js (loaded after it) adds the session, the pointer and
// the drawing; live/live-sweep.js the re-sweep and its chart, a slice through the current values.
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

  /// The time the server takes a sample sent at `t` (s) at (docs/live-protocol.md, late samples):
  /// not before the last frame stepped by an `advance` to `lastAdvance` (−1: none yet) at
  /// `fps`, nor before its touch's previous sample taken at `previous` (null: none), 1 µs after
  /// each. A request that replays the session's touches (metrics, export) uses these times.
  function takenTime(t, previous, lastAdvance, fps) {
    var frameT = lastAdvance >= 0 ? Math.floor(lastAdvance * fps + 1e-9) / fps : -Infinity;
    return Math.max(t, frameT + LATE_S, previous === null ? -Infinity : previous + LATE_S);
  }

  /// The sample-time floor the server applies after the last stepped frame (the late rule), s.
  var LATE_S = 1e-6;

  /// `feel export`'s report (every target) of the motion `request` describes (/api/run's body),
  /// into the element `pre`.
  function exportReport(request, pre) {
    pre.textContent = "Fitting…";
    return post("/api/export", request).then(function (answer) {
      pre.textContent = answer.text;
    }, function (error) { pre.textContent = error.message; });
  }

  /// "Save as comp" (/api/comp): `body` ({control, name, note, values}) previewed, shown to the
  /// user, then written into the control file; what happened goes into `status`.
  function saveComp(body, status) {
    body.preview = true;
    return post("/api/comp", body).then(function (answer) {
      if (!window.confirm("Add to " + answer.control + ":\n\n" + answer.section)) {
        status.textContent = "Not saved.";
        return null;
      }
      body.preview = false;
      return post("/api/comp", body).then(function (saved) {
        status.textContent = "Comp \u201c" + saved.name + "\u201d saved into " + saved.control + ".";
      });
    }).catch(function (error) { status.textContent = "Not saved: " + error.message; });
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
    this.buildSweep();
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
    exportReport(this.request(), this.report);
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
    if (!this.exp.control) { this.saveStatus.textContent = "This experiment tunes no control."; return; }
    saveComp({ control: this.controlPath(), name: this.compName.value.trim(), note: "saved from the studio",
      values: this.values() }, this.saveStatus);
  };

  FL.LivePanel = LivePanel;
  FL.livePanel = function (explorer, box) { return new LivePanel(explorer, box); };
  FL.live = { liveScene: liveScene, span: span, post: post, takenTime: takenTime, exportReport: exportReport,
    saveComp: saveComp, panels: function () {
    var out = {};
    for (var id in FL.explorers) if (FL.explorers[id].live) out[id] = FL.explorers[id].live;
    return out;
  } };
})(window.FeelLab = window.FeelLab || {});
