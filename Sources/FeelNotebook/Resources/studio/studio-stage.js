// The studio page's stage (docs/studio.md, "The studio page"): the region drawn, its scale (1 pt
// = 1 CSS px unless the reference view does not fit the window) and a frame drawn on it with
// the control's skin. Reads the page's state (studio/studio.js's FeelStudio); draws only.
(function (FL) {
  "use strict";

  var $ = function (id) { return document.getElementById(id); };

  /// What the skin draws with (the stage contract, js/stage.js).
  function surface(S, px) {
    var control = S.info.stage.control;
    return {
      view: { xMin: S.view.x0, xMax: S.view.x1, yMin: S.view.y0, yMax: S.view.y1 }, px: px,
      screenTop: S.view.y0, control: control, settings: control ? control.settings : {}, state: S.skinState,
    };
  }

  /// The region drawn (pt): the reference view, else the items at the start with a margin,
  /// grown upwards to what the skin draws above it around the control at its start (the Castro
  /// timeline above its bar, which the app shows above the bar's view).
  function view(S) {
    var v = sceneView(S), start = FL.liveMotion.create(S.base);
    FL.liveMotion.addFrame(start, { frame: 0, items: S.info.items.map(function (it) {
      return { id: it.id, x_pt: it.center[0], y_pt: it.center[1], angle_rad: it.angle_rad };
    }) }, S.itemIds);
    start.minX = start.maxX = start.x[0];
    S.view = v;
    var b = S.skin.bounds(start, surface(S, 1));
    return { x0: v.x0, y0: Math.min(v.y0, b.yMin), x1: v.x1, y1: v.y1 };
  }

  function sceneView(S) {
    var info = S.info;
    if (info.reference_size) return { x0: 0, y0: 0, x1: info.reference_size[0], y1: info.reference_size[1] };
    var v = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    info.items.forEach(function (it) {
      var r = Math.hypot(it.size[0], it.size[1]) / 2;
      v.x0 = Math.min(v.x0, it.center[0] - r - 40);
      v.x1 = Math.max(v.x1, it.center[0] + r + 40);
      v.y0 = Math.min(v.y0, it.center[1] - r - 40);
      v.y1 = Math.max(v.y1, it.center[1] + r + 40);
    });
    return v;
  }

  function layout(S) {
    var v = view(S), canvas = $("stage"), box = $("stage-box");
    var w = v.x1 - v.x0, h = v.y1 - v.y0;
    // the window below the stage's top, less the status lines under it
    var top = box.getBoundingClientRect().top + window.scrollY;
    var avail = Math.max(200, box.clientWidth), availH = Math.max(300, window.innerHeight - top - 48);
    S.scale = Math.min(1, avail / w, availH / h);
    S.view = v;
    var ratio = window.devicePixelRatio || 1;
    canvas.style.width = Math.round(w * S.scale) + "px";
    canvas.style.height = Math.round(h * S.scale) + "px";
    canvas.width = Math.round(w * S.scale * ratio);
    canvas.height = Math.round(h * S.scale * ratio);
    $("zoom").textContent = S.scale === 1 ? "1 pt = 1 px" :
      "Zoomed out to " + Math.round(S.scale * 100) + "% (the reference view does not fit the window)";
  }

  /// Frame k (its message f) at 1 pt = 1 CSS px: the screen, the walls, the control drawn by
  /// its skin, then where the release may send the measured item and where it goes, and the
  /// fingers.
  function draw(S, f, k) {
    var canvas = $("stage"), ctx = canvas.getContext("2d"), v = S.view, info = S.info;
    var ratio = canvas.width / (v.x1 - v.x0), px = 1 / ratio * (window.devicePixelRatio || 1);
    ctx.setTransform(ratio, 0, 0, ratio, -v.x0 * ratio, -v.y0 * ratio);
    ctx.fillStyle = "#e9e9ee";
    ctx.fillRect(v.x0, v.y0, v.x1 - v.x0, v.y1 - v.y0);
    var screen = sceneView(S);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(screen.x0, screen.y0, screen.x1 - screen.x0, screen.y1 - screen.y0);
    ctx.lineWidth = 2 * px;
    ctx.strokeStyle = "#8e8e93";
    info.boundaries.forEach(function (b) {
      ctx.beginPath();
      ctx.moveTo(b.from[0], b.from[1]);
      ctx.lineTo(b.to[0], b.to[1]);
      ctx.stroke();
    });
    ctx.save();
    S.skinDrawn = S.skin.draw(ctx, S.motion, k, surface(S, px));
    ctx.restore();
    // over the control: where the release may send the measured item, and where it goes
    info.candidates.forEach(function (p) { ring(ctx, p, 6 * px, "#ffcc00"); });
    info.fields.forEach(function (p) { ring(ctx, p, 4 * px, "#af52de"); });
    if (S.target) cross(ctx, S.target, 8 * px, "#ff3b30", px);
    (f.touches || []).forEach(function (t) { ring(ctx, [t.x_pt, t.y_pt], 22 * px, "rgba(255,149,0,0.9)"); });
  }

  function ring(ctx, p, r, color) {
    ctx.strokeStyle = color;
    ctx.beginPath();
    ctx.arc(p[0], p[1], r, 0, 2 * Math.PI);
    ctx.stroke();
  }

  function cross(ctx, p, r, color, px) {
    ctx.strokeStyle = color;
    ctx.lineWidth = 2 * px;
    ctx.beginPath();
    ctx.moveTo(p[0] - r, p[1]);
    ctx.lineTo(p[0] + r, p[1]);
    ctx.moveTo(p[0], p[1] - r);
    ctx.lineTo(p[0], p[1] + r);
    ctx.stroke();
  }

  FL.studioStage = { layout: layout, draw: draw };
})(window.FeelLab = window.FeelLab || {});
