// The explorer's clock: one time for every panel, in seconds (t = 0: each scene's start),
// played at real speed or slow motion by one requestAnimationFrame loop for every explorer,
// stepped a frame at a time, or scrubbed.
(function (FL) {
  "use strict";

  var Explorer = FL.Explorer;
  /// Slow motion's speed.
  var SLOW = 0.25;
  /// How long the last frame holds before a loop starts again (s).
  var END_HOLD_S = 0.6;

  /// The clock's range: from t = 0 to the last frame of any panel shown; the scrubber and the
  /// frame numbers are the selection's frames.
  Explorer.prototype.setClock = function () {
    var fps = this.shown[0].motion.fps;
    this.fps = fps;
    var startS = 0, endS = 0;
    this.shown.forEach(function (p) {
      endS = Math.max(endS, (p.motion.frames - 1) / p.motion.fps);
    });
    var start = Math.floor(startS * fps + 1e-6), end = Math.ceil(endS * fps - 1e-6);
    this.clock = { startFrame: start, endFrame: end, start: startS, end: endS };
    this.scrubber.min = String(start);
    this.scrubber.max = String(end);
    if (this.time === undefined || this.frameOf(this.time) < start || this.frameOf(this.time) > end) {
      this.time = start / fps;
    }
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

  // ---- One animation loop for every explorer playing ---------------------------------------

  var looping = false;
  function startLoop() {
    if (looping) return;
    looping = true;
    window.requestAnimationFrame(frameLoop);
  }
  function frameLoop(now) {
    var any = false;
    for (var id in FL.explorers) {
      var x = FL.explorers[id];
      if (x.playing) {
        any = true;
        if (x.visible) x.tick(now);
        else x.lastTick = null;
      }
    }
    if (any) window.requestAnimationFrame(frameLoop);
    else looping = false;
  }

  FL.playback = { SLOW: SLOW };
})(window.FeelLab = window.FeelLab || {});
