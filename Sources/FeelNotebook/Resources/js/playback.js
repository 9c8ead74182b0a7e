// An explorer's clock and its row of controls (play, slow motion, loop, the frame scrubber, the
// time readout): one time for every panel, in seconds (t = 0: each scene's start), played at
// real speed or slow motion by one requestAnimationFrame loop for every clock playing, stepped
// a frame at a time, or scrubbed. The clock owns its state; the explorer asks it for the frame
// to draw and is called back (`draw`) whenever the time moves.
(function (FL) {
  "use strict";

  var el = FL.el;
  /// Slow motion's speed.
  var SLOW = 0.25;
  /// How long the last frame holds before a loop starts again (s).
  var END_HOLD_S = 0.6;
  /// Every clock built, for the one animation loop.
  var clocks = [];

  /// `host.draw()` redraws at the clock's frame; `host.visible()` says whether the explorer is in
  /// sight (a clock out of sight keeps playing without drawing).
  function Playback(host) {
    this.host = host;
    this.playing = false;
    this.speed = 1;
    this.loop = true;
    this.time = 0;
    this.fps = 60;
    this.lastTick = null;
    this.clock = { startFrame: 0, endFrame: 0, start: 0, end: 0 };
    this.row = this.build();
    clocks.push(this);
  }

  /// Play, slow motion, loop, the frame scrubber and the time readout.
  Playback.prototype.build = function () {
    var self = this;
    this.playButton = el("button", {
      type: "button", className: "play", onclick: function () { self.toggle(); },
    }, ["Play"]);
    this.slowButton = el("button", {
      type: "button", className: "slow", "aria-pressed": "false",
      onclick: function () { self.setSpeed(self.speed === 1 ? SLOW : 1); },
    }, ["0.25× slow motion"]);
    this.loopBox = el("input", {
      type: "checkbox", checked: true, onchange: function () { self.loop = self.loopBox.checked; },
    });
    this.scrubber = el("input", { type: "range", className: "scrubber", step: 1, "aria-label": "Frame" });
    this.scrubber.addEventListener("input", function () { self.show(Number(self.scrubber.value)); });
    this.readout = el("span", { className: "readout", "aria-live": "off" });
    return el("div", { className: "playback" }, [
      this.playButton, this.slowButton,
      el("label", { className: "loop" }, [this.loopBox, " loop"]),
      this.scrubber, this.readout,
    ]);
  };

  /// The clock's range for the motions shown: from t = 0 to the last frame of any of them; the
  /// scrubber and the frame numbers are the first motion's (the selection's) frames.
  Playback.prototype.setRange = function (motions) {
    var fps = motions[0].fps;
    this.fps = fps;
    var startS = 0, endS = 0;
    motions.forEach(function (m) { endS = Math.max(endS, (m.frames - 1) / m.fps); });
    var start = Math.floor(startS * fps + 1e-6), end = Math.ceil(endS * fps - 1e-6);
    this.clock = { startFrame: start, endFrame: end, start: startS, end: endS };
    this.scrubber.min = String(start);
    this.scrubber.max = String(end);
    if (this.frameOf(this.time) < start || this.frameOf(this.time) > end) this.time = start / fps;
  };

  Playback.prototype.frameOf = function (time) { return Math.floor(time * this.fps + 1e-6); };

  /// The frame to draw: the time's, within the range.
  Playback.prototype.frame = function () {
    return Math.max(this.clock.startFrame, Math.min(this.clock.endFrame, this.frameOf(this.time)));
  };

  /// The scrubber and the readout at `frame` (what the explorer drew).
  Playback.prototype.showing = function (frame) {
    this.scrubber.value = String(frame);
    this.readout.textContent = "t = " + (frame / this.fps).toFixed(3) + " s · frame " + frame + " of " +
      this.clock.endFrame + (this.speed !== 1 ? " · 0.25×" : "");
  };

  Playback.prototype.toggle = function () { if (this.playing) this.pause(); else this.play(); };
  Playback.prototype.play = function () {
    if (this.frameOf(this.time) >= this.clock.endFrame) this.time = this.clock.startFrame / this.fps;
    this.playing = true;
    this.lastTick = null;
    this.playButton.textContent = "Pause";
    startLoop();
  };
  Playback.prototype.pause = function () {
    this.playing = false;
    this.playButton.textContent = "Play";
  };
  Playback.prototype.setSpeed = function (speed) {
    this.speed = speed;
    this.slowButton.setAttribute("aria-pressed", speed !== 1 ? "true" : "false");
  };
  /// Shows `frame` (pausing): the scrubber, a test.
  Playback.prototype.show = function (frame) {
    this.pause();
    this.time = frame / this.fps;
    this.host.draw();
  };
  Playback.prototype.stepFrame = function (by) {
    this.show(Math.max(this.clock.startFrame, Math.min(this.clock.endFrame, this.frameOf(this.time) + by)));
  };

  /// Advances the clock by real time (ms since the last tick), looping after a short hold.
  Playback.prototype.tick = function (now) {
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
    this.host.draw();
  };

  // ---- One animation loop for every clock playing -------------------------------------------

  var looping = false;
  function startLoop() {
    if (looping) return;
    looping = true;
    window.requestAnimationFrame(frameLoop);
  }
  function frameLoop(now) {
    var any = false;
    clocks.forEach(function (c) {
      if (!c.playing) return;
      any = true;
      if (c.host.visible()) c.tick(now);
      else c.lastTick = null;
    });
    if (any) window.requestAnimationFrame(frameLoop);
    else looping = false;
  }

  Playback.SLOW = SLOW;
  FL.Playback = Playback;
})(window.FeelLab = window.FeelLab || {});
