// The list skin: a scrolling list of many items (the springy message list, docs/springy-list.md)
// seen as the phone shows it. Scene coordinates are the content's; the screen is the window
// onto it at the scroll's content offset (`feel run`'s scroll:ID rows, Experiment.motion's
// `scroll`; no scroll: offset 0). Only the window is drawn: every item as a message bubble
// (a rounded rectangle, those right of the screen's centre tinted as sent), the springs'
// anchors (each bubble's layout position) as rings, and what lies outside the screen clipped
// away. The fingers are the stage's, in the screen's coordinates as every touch. The skin
// contract is in stage.js.
(function (FL) {
  "use strict";

  /// The content offset (pt) at frame k: [x, y].
  function offsetAt(m, k) {
    if (!m.scroll) return [0, 0];
    return [m.scroll.x[k] || 0, m.scroll.y[k] || 0];
  }

  function bubble(ctx, w, h) {
    var r = Math.min(18, h / 2, w / 2);
    ctx.beginPath();
    ctx.moveTo(-w / 2 + r, -h / 2);
    ctx.arcTo(w / 2, -h / 2, w / 2, h / 2, r);
    ctx.arcTo(w / 2, h / 2, -w / 2, h / 2, r);
    ctx.arcTo(-w / 2, h / 2, -w / 2, -h / 2, r);
    ctx.arcTo(-w / 2, -h / 2, w / 2, -h / 2, r);
    ctx.closePath();
  }

  /// Draws the window at frame `frame`; returns {frame, offset: [x, y] (pt), visible: the items
  /// drawn, each {index, x, y} (its centre on the screen, pt)}.
  function draw(ctx, m, frame, surface) {
    var px = surface.px;
    var k = Math.max(0, Math.min(m.frames - 1, frame));
    var off = offsetAt(m, k);
    var visible = [];
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, m.sw, m.sh);
    ctx.clip();
    ctx.translate(-off[0], -off[1]);
    // the anchors of the springs to fixed points: each bubble's place in the layout
    ctx.strokeStyle = "rgba(191,90,242,0.55)";
    ctx.lineWidth = px;
    (m.links || []).forEach(function (link) {
      if (link[3] === null) return;
      ctx.beginPath();
      ctx.arc(link[3], link[4], 3 * px, 0, Math.PI * 2);
      ctx.stroke();
    });
    m.items.forEach(function (item, index) {
      var x = item.x[k], y = item.y[k];
      // the half extents of the turned bubble's bounding box: a bubble counts as on the screen
      // when that box meets it (a bounding circle would count wide bubbles well off it)
      var c = Math.abs(Math.cos(item.angle[k])), s = Math.abs(Math.sin(item.angle[k]));
      var hw = (item.w * c + item.h * s) / 2, hh = (item.w * s + item.h * c) / 2;
      if (x + hw < off[0] || x - hw > off[0] + m.sw || y + hh < off[1] || y - hh > off[1] + m.sh) return;
      ctx.save();
      ctx.translate(x, y);
      ctx.rotate(item.angle[k]);
      bubble(ctx, item.w, item.h);
      ctx.fillStyle = x > m.sw / 2 ? "rgba(10,132,255,0.9)" : "rgba(229,229,234,1)";
      ctx.fill();
      ctx.strokeStyle = item.measured ? "#1c1c1e" : "rgba(99,99,102,0.5)";
      ctx.lineWidth = px;
      ctx.stroke();
      ctx.restore();
      visible.push({ index: index, x: x - off[0], y: y - off[1] });
    });
    ctx.restore();
    return { frame: k, offset: off, visible: visible };
  }

  FL.skins.list = {
    // the phone's screen (812 pt tall) fits the panel at this height (CSS pixels)
    maxHeight: 480,
    /// The screen: the window is all the skin draws.
    bounds: function (m) { return { xMin: 0, xMax: m.sw, yMin: 0, yMax: m.sh }; },
    draw: draw,
    status: function (drawn) {
      if (!drawn) return "";
      return " · scrolled " + Math.round(Math.abs(drawn.offset[0]) + Math.abs(drawn.offset[1])) + " pt · " +
        drawn.visible.length + " on screen";
    },
  };
})(window.FeelLab = window.FeelLab || {});
