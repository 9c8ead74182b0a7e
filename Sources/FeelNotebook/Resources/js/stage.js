// A panel's canvas: what every control is drawn on. The stage sizes the canvas, draws the
// world around the phone's screen and the screen, hands the control to its skin, draws the
// fingers, then veils what the device would not show and draws the scene's walls and the
// panel's labels.
//
// A skin draws one kind of control: a script js/skin-NAME.js that sets FL.skins.NAME (the
// notebook loads every skin its resources hold; a control file names its skin, and an
// experiment without a control, or whose control names none, is drawn by FL.skins.generic).
// It is an object with:
//   bounds(m, surface)     the region it draws for the motion m (pt): {xMin, xMax, yMin, yMax}
//   draw(ctx, m, frame, surface)
//                          draws the control at `frame` of m, in points (the screen's top-left
//                          at 0, 0; y down); surface: {view, px (pt per pixel), screenTop (pt),
//                          control (the control's page entry, or null), settings (its skin
//                          settings), state (the skin's own, from setup)}; returns what it drew
//   status(drawn)          text the panel's status line adds for what draw returned
// and optionally:
//   setup(settings)        the skin's state for one explorer (the Castro skin: the episode)
//   controls(explorer)     an element of the skin's own under the playback row
//   maxHeight              the tallest the panel's canvas may be drawn (CSS pixels): the
//                          drawing scale shrinks to fit it (the generic skin's whole screen)
//   exportLines(kind, c, m) code lines ("swift", "objc") the export adds after the control
//                          file's: c holds the exported constants ({value, simulated, def})
// The motion m is Experiment.motion's: every item's positions by frame, the fingers, sizes,
// start, target, walls, snap points and attachments.
(function (FL) {
  "use strict";

  /// The largest drawing scale of the control, pixels per point.
  var MAX_SCALE = 2;

  FL.skins = FL.skins || {};

  /// Draws one panel at `frame` of m with `skin` and `surface` ({control, settings, state});
  /// returns what the skin drew.
  function draw(canvas, view, m, frame, label, skin, surface) {
    var ctx = canvas.getContext("2d");
    var ratio = window.devicePixelRatio || 1;
    // As wide as the panel, up to MAX_SCALE pixels per point, and no taller than the skin's
    // maxHeight (CSS pixels), if it has one.
    var available = (canvas.parentNode && canvas.parentNode.clientWidth) || 600;
    var scale = Math.min(MAX_SCALE, available / (view.xMax - view.xMin));
    if (skin.maxHeight) scale = Math.min(scale, skin.maxHeight / (view.yMax - view.yMin));
    var cssWidth = Math.round((view.xMax - view.xMin) * scale);
    var cssHeight = Math.round((view.yMax - view.yMin) * scale);
    if (canvas.width !== Math.round(cssWidth * ratio) || canvas.height !== Math.round(cssHeight * ratio)) {
      canvas.width = Math.round(cssWidth * ratio);
      canvas.height = Math.round(cssHeight * ratio);
      canvas.style.width = cssWidth + "px";
      canvas.style.height = cssHeight + "px";
    }
    ctx.setTransform(ratio * scale, 0, 0, ratio * scale, -view.xMin * ratio * scale, -view.yMin * ratio * scale);
    var px = 1 / scale;

    // the world beyond the screen, then the screen (the player's dark backdrop)
    ctx.fillStyle = "#e9e9ee";
    ctx.fillRect(view.xMin, view.yMin, view.xMax - view.xMin, view.yMax - view.yMin);
    var screenTop = view.yMin + 2 * px, screenBottom = view.yMax;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, screenTop, m.sw, screenBottom - screenTop);

    var drawn = skin.draw(ctx, m, frame, {
      view: view, px: px, screenTop: screenTop, control: surface.control, settings: surface.settings,
      state: surface.state,
    });
    drawFingers(ctx, m, frame, px);

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

    // walls (collision boundaries): faint before their behavior acts, dashed once it is removed;
    // never drawn if it never acts
    (m.walls || []).forEach(function (wall) {
      var on = wall[4], off = wall[5];
      if (on === null) return;
      var waiting = frame < on, removed = off !== null && frame >= off;
      ctx.save();
      ctx.strokeStyle = waiting ? "rgba(230,50,50,0.2)" : removed ? "rgba(230,50,50,0.45)" : "#e5484d";
      ctx.lineWidth = Math.max(2 * px, 1.5);
      if (removed || waiting) ctx.setLineDash([3 * px, 3 * px]);
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
    return drawn;
  }

  /// Frames a tap's ripple lasts.
  var RIPPLE_FRAMES = 24;

  /// The fingers at `frame`, where `feel run`'s touch:ID rows put them: a disc while the touch
  /// is down, and a ripple after a tap.
  function drawFingers(ctx, m, frame, px) {
    ctx.save();
    FL.Experiment.fingersAt(m, frame).forEach(function (f) {
      ctx.fillStyle = "rgba(10,132,255,0.35)";
      ctx.strokeStyle = "rgba(10,132,255,0.95)";
      ctx.lineWidth = 2 * px;
      ctx.beginPath();
      ctx.arc(f.x, f.y, 16, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    });
    m.fingers.forEach(function (f) {
      if (f.tap === null || frame < f.tap || frame >= f.tap + RIPPLE_FRAMES || f.n === 0) return;
      var u = (frame - f.tap) / RIPPLE_FRAMES;
      var k = Math.min(f.n - 1, Math.max(0, f.tap - f.first));
      ctx.strokeStyle = "rgba(10,132,255," + (1 - u).toFixed(3) + ")";
      ctx.lineWidth = 2.5 * px;
      ctx.beginPath();
      ctx.arc(f.x[k], f.y[k], 16 + 24 * u, 0, Math.PI * 2);
      ctx.stroke();
    });
    ctx.restore();
  }

  /// The common view of several panels (pt): what each one's skin draws and the walls, with a
  /// margin around.
  function view(skin, motions, surface) {
    var out = { xMin: 0, xMax: 0, yMin: 0, yMax: 0 };
    motions.forEach(function (m) {
      var b = skin.bounds(m, surface);
      out.xMin = Math.min(out.xMin, b.xMin);
      out.xMax = Math.max(out.xMax, b.xMax);
      out.yMin = Math.min(out.yMin, b.yMin);
      out.yMax = Math.max(out.yMax, b.yMax);
      (m.walls || []).forEach(function (w) {
        if (w[4] === null) return;
        out.xMin = Math.min(out.xMin, w[0], w[2]);
        out.xMax = Math.max(out.xMax, w[0], w[2]);
        out.yMax = Math.max(out.yMax, w[1], w[3]);
      });
      m.fingers.forEach(function (f) {
        for (var k = 0; k < f.n; k++) {
          out.xMin = Math.min(out.xMin, f.x[k] - 20);
          out.xMax = Math.max(out.xMax, f.x[k] + 20);
          out.yMax = Math.max(out.yMax, f.y[k] + 20);
        }
      });
    });
    var margin = Math.max(12, 0.04 * (out.xMax - out.xMin));
    out.xMin -= margin;
    out.xMax += margin;
    out.yMax += 10;
    return out;
  }

  FL.stage = { draw: draw, view: view, drawFingers: drawFingers };
})(window.FeelLab = window.FeelLab || {});
