// A panel's canvas: what every control is drawn on. The stage sizes the canvas, draws the
// world around the phone's screen and the screen, hands the control to its skin, then veils
// what the device would not show and draws the scene's walls and the panel's labels.
//
// A skin draws one kind of control (FL.skins.NAME; the Castro bar is FL.skins.castro). It is an
// object with:
//   bounds(m)              the region it draws for the motion m (pt): {xMin, xMax, yMin, yMax}
//   draw(ctx, m, frame, surface)
//                          draws the control at `frame` of m, in points (the screen's top-left
//                          at 0, 0; y down); surface: {view, px (pt per pixel), screenTop (pt),
//                          episode (what the Castro timeline scrubs)}; returns its state
//   status(state)          text the panel's status line adds for that state
// The motion m is Experiment.motion's: positions by frame, gesture, sizes, rest and walls.
(function (FL) {
  "use strict";

  /// The largest drawing scale of the control, pixels per point.
  var MAX_SCALE = 2;

  FL.skins = FL.skins || {};

  /// Draws one panel at `frame` of m with `skin`; returns the skin's state.
  function draw(canvas, view, m, frame, label, skin, episode) {
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
    var px = 1 / scale;

    // the world beyond the screen, then the screen (the player's dark backdrop)
    ctx.fillStyle = "#e9e9ee";
    ctx.fillRect(view.xMin, view.yMin, view.xMax - view.xMin, view.yMax - view.yMin);
    var screenTop = view.yMin + 2 * px, screenBottom = view.yMax;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, screenTop, m.sw, screenBottom - screenTop);

    var state = skin.draw(ctx, m, frame, { view: view, px: px, screenTop: screenTop, episode: episode });

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

  /// The common view of several panels (pt): what each one's skin draws and the walls, with a
  /// margin around.
  function view(skin, motions) {
    var out = { xMin: 0, xMax: 0, yMin: 0, yMax: 0 };
    motions.forEach(function (m) {
      var b = skin.bounds(m);
      out.xMin = Math.min(out.xMin, b.xMin);
      out.xMax = Math.max(out.xMax, b.xMax);
      out.yMin = Math.min(out.yMin, b.yMin);
      out.yMax = Math.max(out.yMax, b.yMax);
      (m.walls || []).forEach(function (w) {
        out.xMin = Math.min(out.xMin, w[0], w[2]);
        out.xMax = Math.max(out.xMax, w[0], w[2]);
      });
    });
    var margin = Math.max(12, 0.04 * (out.xMax - out.xMin));
    out.xMin -= margin;
    out.xMax += margin;
    out.yMax += 10;
    return out;
  }

  FL.stage = { draw: draw, view: view };
})(window.FeelLab = window.FeelLab || {});
