// The studio's live sessions (docs/live-panel.md): the part of the live panel
// (live/live-panel.js) that talks to /api/live. It opens the session, turns the pointer into
// `touch` samples and the display clock into `advance`, and keeps the frames that come back as
// a motion the control's skin draws (Experiment.motion's form). Loaded only when the studio
// serves the page, after live-panel.js.
(function (FL) {
  "use strict";

  var LivePanel = FL.LivePanel;
  /// How long the session keeps stepping after the last lift, s (the motion settling).
  var AFTER_UP_S = 3;
  /// The sample-time floor the server applies after the last stepped frame (the late rule), s.
  var LATE_S = 1e-6;
  var liveScene = FL.live.liveScene;

  // ---- The session ----------------------------------------------------------------------------

  /// The selection changed (or the explorer was built): a new session on its point.
  LivePanel.prototype.selectionChanged = function () {
    var point = this.explorer.point();
    if (point === this.point && this.socket) return;
    this.point = point;
    this.set = {};
    this.pendingSet = null;
    this.gapSeq = (this.gapSeq || 0) + 1;
    this.buildSliders();
    this.open();
  };

  LivePanel.prototype.connect = function (then) {
    var self = this;
    if (this.socket && this.socket.readyState === 1) { then(); return; }
    if (this.socket && this.socket.readyState === 0) { this.queued = then; return; }
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/live";
    this.socket = new WebSocket(url);
    this.queued = then;
    this.socket.onopen = function () { var f = self.queued; self.queued = null; if (f) f(); };
    this.socket.onmessage = function (e) { self.receive(JSON.parse(e.data)); };
    this.socket.onclose = function () {
      self.notice.textContent = "The studio server closed the connection: reload the page once it runs again.";
      self.socket = null;
    };
  };

  LivePanel.prototype.send = function (message) {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
  };

  /// (Re)opens the session on the selected point with the sliders' values.
  LivePanel.prototype.open = function () {
    var self = this;
    var scene = liveScene(this.exp.sceneText(this.point));
    this.scene = scene;
    this.base = this.exp.motion(this.point);
    this.resetMotion();
    this.touchId = scene.touch;
    this.touchIds = scene.touches;
    this.used = false;
    this.down = null;
    this.fingersDown = {};
    this.ignoredPointers = 0;
    this.fingerHint.textContent = "";
    this.origin = null;
    this.stepUntil = null;
    this.samples = {};
    this.lastAdvance = -1;
    var open = this.opening();
    this.connect(function () { self.send(open); });
    var quoted = scene.touches.map(function (id) { return "\u201c" + id + "\u201d"; });
    this.how.textContent = scene.touches.length > 1
      ? "Drag the control with up to " + scene.touches.length + " fingers at once (touches " +
        quoted.join(", ") + " of the scene are yours, in the order they come down)."
      : scene.touch
        ? "Drag the control (touch " + quoted[0] + " of the scene is yours)."
        : "This scene has no drag: Play runs its own touches live; the sliders re-run it.";
  };

  /// The `open` message: the base scene file with the point's axis values and the experiment's
  /// fixed ones (so that an edit of the file on disk comes back as `changed`), or, for a scene
  /// whose drags wait for the live finger, the point's scene text without those touches.
  LivePanel.prototype.opening = function () {
    var live = this.exp.data.live, set = {}, k;
    if (this.scene.touch || !live || live.scene === null) {
      this.openedWith = { scene_toml: this.scene.toml, set: {} };
    } else {
      for (k in live.fixed) set[k] = live.fixed[k];
      var positions = this.exp.positionsOf(this.point);
      this.exp.axes.forEach(function (axis, a) {
        var p = positions[a], n = axis.numbers[p], label = axis.labels[p];
        var value = typeof n === "number" ? n : label === "true" ? true : label === "false" ? false : label;
        (live.axes[a] || []).forEach(function (target) {
          // as the sweep sets it: offset + scale × value (FeelSweep's AxisTarget.mapped)
          set[target.path] = typeof value === "number" ? target.offset + target.scale * value : value;
        });
      });
      this.openedWith = { scene: live.scene, set: set };
    }
    var message = { type: "open", set: {} };
    for (k in this.openedWith) if (k !== "set") message[k] = this.openedWith[k];
    for (k in this.openedWith.set) message.set[k] = this.openedWith.set[k];
    for (k in this.set) message.set[k] = this.set[k];
    return message;
  };

  /// The live motion: the stored point's drawing data with growing frame arrays
  /// (live/live-motion.js).
  LivePanel.prototype.resetMotion = function () {
    var b = this.base;
    this.motion = FL.liveMotion.create(b);
    this.events = [];
    this.drawnFrames = [];
    this.view = FL.stage.view(this.explorer.skin, [b], this.explorer.surface());
  };

  LivePanel.prototype.receive = function (msg) {
    switch (msg.type) {
      case "opened":
        this.fps = msg.frame_rate;
        this.itemIds = (msg.items || []).map(function (it) { return it.id; });
        break;
      case "restarted":
        this.resetMotion();
        break;
      case "frame":
        this.addFrame(msg);
        this.drawSoon();
        break;
      case "still":
        for (var k = msg.from_frame; k <= msg.to_frame; k++) this.copyFrame(k);
        break;
      case "event":
        this.events.push(msg);
        this.addEvent(msg);
        break;
      case "saved":
        this.saveStatus.textContent = "Saved " + msg.path + ".";
        this.pendingSave = null;
        break;
      case "changed":
        // a file that no longer reads: its error, and the last good motion stays
        if (msg.error) {
          this.notice.textContent = msg.path + " changed on disk and has an error: " + msg.error;
        } else {
          this.open();
          this.notice.textContent = msg.path + " changed on disk: re-opened.";
        }
        break;
      case "error":
        this.errors.push(msg.message);
        if (this.pendingSave && /exist/.test(msg.message)) {
          var path = this.pendingSave;
          this.pendingSave = null;
          if (window.confirm(path + " exists. Replace it?")) this.saveScene(true);
          else this.saveStatus.textContent = "Not saved: " + path + " exists.";
        } else {
          this.notice.textContent = "Error: " + msg.message;
        }
        break;
    }
  };

  LivePanel.prototype.addFrame = function (msg) {
    FL.liveMotion.addFrame(this.motion, msg, this.itemIds);
  };

  /// Frame k as frame k − 1 (a `still` run).
  LivePanel.prototype.copyFrame = function (k) {
    FL.liveMotion.copyFrame(this.motion, k);
  };

  LivePanel.prototype.addEvent = function (msg) {
    FL.liveMotion.addEvent(this.motion, msg);
  };

  // ---- The pointer ------------------------------------------------------------------------

  /// Page point of an event → scene point (pt), through the canvas's drawing of `view`.
  LivePanel.prototype.scenePoint = function (e) {
    var r = this.canvas.getBoundingClientRect(), v = this.view;
    return {
      x: v.xMin + (e.clientX - r.left) * (v.xMax - v.xMin) / r.width,
      y: v.yMin + (e.clientY - r.top) * (v.yMax - v.yMin) / r.height,
    };
  };

  LivePanel.prototype.sample = function (phase, e, id) {
    var p = this.scenePoint(e);
    var t = (e.timeStamp - this.origin) / 1000;
    var list = this.samples[id];
    if (phase !== "down" && list.length && t <= list[list.length - 1].sent) {
      if (phase === "move") return;
      t = list[list.length - 1].sent + LATE_S;
    }
    // the time the server takes it at (the late rule), for the metrics request
    var taken = FL.live.takenTime(t, list.length ? list[list.length - 1].taken : null, this.lastAdvance, this.fps);
    list.push({ sent: t, taken: taken, x: p.x, y: p.y });
    this.send({ type: "touch", id: id, phase: phase, t_s: t, x_pt: p.x, y_pt: p.y });
  };

  /// Several fingers (docs/live-panel.md): each pointer that comes down while
  /// another is down takes the next touch id the scene's drags and rules name that this
  /// session has not used yet; with none left (a scene with one drag) it is ignored, with a
  /// hint, and the session goes on. A pointer that comes down while none is down starts a new
  /// gesture: the session starts again from frame 0 (each touch id is one finger of a session).
  LivePanel.prototype.pointer = function (e, phase) {
    if (!this.touchIds || !this.touchIds.length || !this.fps) return;
    if (phase === "down") {
      if (this.down === null && this.used) this.open();
      var self = this, id = null;
      this.touchIds.forEach(function (candidate) {
        if (id === null && !self.samples[candidate]) id = candidate;
      });
      if (id === null) {
        this.ignoredPointers += 1;
        this.fingerHint.textContent = "Another finger is ignored: this scene's drags and rules name " +
          this.touchIds.length + (this.touchIds.length === 1 ? " touch" : " touches") +
          ", all down already, so it has nothing to move (the session goes on).";
        e.preventDefault();
        return;
      }
      this.canvas.setPointerCapture(e.pointerId);
      this.fingersDown[e.pointerId] = id;
      if (this.down === null) this.down = e.pointerId;
      this.used = true;
      if (this.origin === null) this.origin = e.timeStamp;
      this.samples[id] = [];
      this.sample("down", e, id);
      this.stepUntil = Infinity;
      this.loop();
      e.preventDefault();
      return;
    }
    var touch = this.fingersDown[e.pointerId];
    if (touch === undefined) return;
    if (phase === "move") {
      var events = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
      if (!events.length) events = [e];
      for (var i = 0; i < events.length; i++) this.sample("move", events[i], touch);
    } else {
      this.sample("up", e, touch);
      delete this.fingersDown[e.pointerId];
      var left = Object.keys(this.fingersDown);
      this.down = left.length ? Number(left[0]) : null;
      if (this.down === null) this.stepUntil = (e.timeStamp - this.origin) / 1000 + AFTER_UP_S;
    }
    e.preventDefault();
  };

  /// Runs the scene without a finger (its own touches), to its duration.
  LivePanel.prototype.play = function () {
    if (this.used || this.lastAdvance >= 0) this.open();
    this.used = true;
    this.origin = performance.now();
    var duration = (this.base.frames - 1) / this.base.fps;
    this.stepUntil = duration;
    this.loop();
  };

  /// One requestAnimationFrame loop while the session steps: `advance` to the display clock,
  /// then the latest frame drawn.
  LivePanel.prototype.loop = function () {
    var self = this;
    if (this.looping) return;
    this.looping = true;
    function tick(now) {
      var t = (now - self.origin) / 1000;
      var until = self.stepUntil;
      if (until !== null && t > until) t = until;
      if (t > self.lastAdvance) {
        self.send({ type: "advance", to_t_s: t });
        self.lastAdvance = t;
      }
      self.draw();
      if (self.stepUntil !== null && (self.stepUntil === Infinity || t < self.stepUntil)) {
        window.requestAnimationFrame(tick);
      } else {
        self.looping = false;
        window.setTimeout(function () { self.draw(); self.measure(); }, 100);
      }
    }
    window.requestAnimationFrame(tick);
  };

  /// Draws at the next display frame, when no loop does (a frame that came on its own: frame 0,
  /// a re-run after `set`).
  LivePanel.prototype.drawSoon = function () {
    var self = this;
    if (this.looping || this.drawPending) return;
    this.drawPending = true;
    window.requestAnimationFrame(function () {
      self.drawPending = false;
      if (!self.looping) self.draw();
    });
  };

  LivePanel.prototype.draw = function () {
    var m = this.motion;
    if (!m || m.frames === 0) return;
    var frame = m.frames - 1;
    var drawn = FL.stage.draw(this.canvas, this.view, m, frame, "Live", this.explorer.skin,
      this.explorer.surface());
    this.drawnFrames.push(frame);
    this.status.textContent = "t = " + (frame / this.fps).toFixed(3) + " s · frame " + frame +
      " · x = " + m.x[frame].toFixed(2) + " pt" + this.explorer.skin.status(drawn);
  };
})(window.FeelLab = window.FeelLab || {});
