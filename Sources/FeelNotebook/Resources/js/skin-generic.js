// The generic skin: draws any scene, for experiments without a control or whose control file
// names no skin of its own. Every item as its rotated rectangle (the measured one filled, with
// the control's `thumb` glyph in it when its [skin.glyphs] names one), the snap points, the
// attachments (a fixed anchor, or the other item, tied to the point of the item they hold) and
// the target; with the skin setting `fields = true`, the field behaviors' regions (faint) and
// origins under them. The stage adds the walls and the fingers. The skin contract is in stage.js.
(function (FL) {
  "use strict";

  /// Where item `item`'s point at `offset` (pt, in the item's own frame) is at frame k.
  function attachPoint(item, offset, k) {
    var a = item.angle[k], c = Math.cos(a), s = Math.sin(a);
    return { x: item.x[k] + c * offset[0] - s * offset[1], y: item.y[k] + s * offset[0] + c * offset[1] };
  }

  function cross(ctx, x, y, size, px) {
    ctx.beginPath();
    ctx.moveTo(x - size, y); ctx.lineTo(x + size, y);
    ctx.moveTo(x, y - size); ctx.lineTo(x, y + size);
    ctx.lineWidth = 1.5 * px;
    ctx.stroke();
  }

  /// Adds a region shape centred on (x, y) to the current path: null (infinite) covers `box`,
  /// [r] is a circle, [w, h] a rectangle (pt).
  function shapePath(ctx, shape, x, y, box) {
    if (shape === null) {
      ctx.rect(box.xMin, box.yMin, box.xMax - box.xMin, box.yMax - box.yMin);
    } else if (shape.length === 1) {
      ctx.moveTo(x + Math.abs(shape[0]), y);
      ctx.arc(x, y, Math.abs(shape[0]), 0, Math.PI * 2);
    } else {
      ctx.rect(x - shape[0] / 2, y - shape[1] / 2, shape[0], shape[1]);
    }
  }

  /// The field behaviors' regions (`[skin] fields = true`): each filled faintly in its colour
  /// (its complement when inverted; a union's operand filled too, a difference's or an
  /// intersection's outlined dashed). feel notebook computed where (FieldDrawing:
  /// [x, y, shape, inverse, operation, operand], pt); this only draws. Returns the origins
  /// ({x, y, colour}), which drawOrigins draws as a ring with a cross.
  var FIELD_COLOURS = ["#0a84ff", "#ff9f0a", "#30d158", "#bf5af2", "#ff375f", "#64d2ff"];
  function drawFields(ctx, m, px) {
    var box = bounds(m), drawn = [];
    (m.fields || []).forEach(function (f, n) {
      var x = f[0], y = f[1], colour = FIELD_COLOURS[n % FIELD_COLOURS.length];
      ctx.save();
      ctx.globalAlpha = 0.12;
      ctx.fillStyle = colour;
      ctx.beginPath();
      if (f[3]) ctx.rect(box.xMin, box.yMin, box.xMax - box.xMin, box.yMax - box.yMin);
      shapePath(ctx, f[2], x, y, box);
      ctx.fill(f[3] ? "evenodd" : "nonzero");
      if (f[4] === "union") {
        ctx.beginPath();
        shapePath(ctx, f[5], x, y, box);
        ctx.fill();
      }
      ctx.globalAlpha = 0.6;
      ctx.strokeStyle = colour;
      ctx.lineWidth = px;
      if (f[2] !== null) {
        ctx.beginPath();
        shapePath(ctx, f[2], x, y, box);
        ctx.stroke();
      }
      if (f[4] && f[5] !== null) {
        ctx.setLineDash([4 * px, 3 * px]);
        ctx.beginPath();
        shapePath(ctx, f[5], x, y, box);
        ctx.stroke();
      }
      ctx.restore();
      drawn.push({ x: x, y: y, colour: colour });
    });
    return drawn;
  }

  /// The fields' origins, above the items (a tile at rest covers its corner's origin).
  function drawOrigins(ctx, origins, px) {
    origins.forEach(function (o) {
      ctx.save();
      ctx.strokeStyle = o.colour;
      ctx.lineWidth = 1.5 * px;
      ctx.beginPath();
      ctx.arc(o.x, o.y, 5 * px, 0, Math.PI * 2);
      ctx.stroke();
      cross(ctx, o.x, o.y, 3 * px, px);
      ctx.restore();
    });
  }

  function draw(ctx, m, frame, surface) {
    var px = surface.px;
    var k = Math.max(0, Math.min(m.frames - 1, frame));

    // the field behaviors' regions and origins, under everything else, when the control asks
    var fields = surface.settings && surface.settings.fields === true ? drawFields(ctx, m, px) : [];

    // the target (snap point, given target, or where the item comes to rest): its outline
    if (m.tx !== null) {
      ctx.save();
      ctx.setLineDash([4 * px, 3 * px]);
      ctx.strokeStyle = "rgba(0,0,0,0.35)";
      ctx.lineWidth = px;
      ctx.strokeRect(m.tx - m.w / 2, m.ty - m.h / 2, m.w, m.h);
      ctx.restore();
    }

    // the items; the measured one carries the control's thumb glyph, if it names one
    var thumb = FL.glyph.of(surface.control, "thumb"), glyphs = [];
    m.items.forEach(function (item) {
      ctx.save();
      ctx.translate(item.x[k], item.y[k]);
      ctx.rotate(item.angle[k]);
      ctx.fillStyle = item.measured ? "rgba(28,28,30,0.88)" : "rgba(142,142,147,0.55)";
      ctx.strokeStyle = item.measured ? "#1c1c1e" : "#636366";
      ctx.lineWidth = px;
      // its collision bounds (iOS 9): its rectangle, the ellipse inscribed in it, or its path
      ctx.beginPath();
      if (item.shape === "ellipse") {
        ctx.ellipse(0, 0, item.w / 2, item.h / 2, 0, 0, Math.PI * 2);
      } else if (item.shape) {
        item.shape.forEach(function (p, n) { if (n === 0) ctx.moveTo(p[0], p[1]); else ctx.lineTo(p[0], p[1]); });
        ctx.closePath();
      } else {
        ctx.rect(-item.w / 2, -item.h / 2, item.w, item.h);
      }
      ctx.fill();
      ctx.stroke();
      if (item.measured && thumb) {
        FL.glyph.draw(ctx, thumb, -item.w / 2, -item.h / 2, item.w, item.h);
        glyphs.push({
          role: "thumb", x: -item.w / 2, y: -item.h / 2, w: item.w, h: item.h,
          cx: item.x[k], cy: item.y[k], angle: item.angle[k],
        });
      }
      // its centre and which way is up in its own frame
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(-1.5 * px, -1.5 * px, 3 * px, 3 * px);
      ctx.fillRect(-0.5 * px, -item.h / 2, px, Math.min(item.h / 4, 8));
      ctx.restore();
    });

    // snap points (a picked one where the release picked it), and the candidates it was
    // picked among, as rings
    ctx.save();
    ctx.strokeStyle = "#30a46c";
    (m.snaps || []).forEach(function (snap) { cross(ctx, snap[1], snap[2], 6, px); });
    ctx.lineWidth = px;
    (m.candidates || []).forEach(function (c) {
      ctx.beginPath();
      ctx.arc(c[0], c[1], 9 * px, 0, Math.PI * 2);
      ctx.stroke();
    });
    ctx.restore();

    // attachments: [item, ox, oy, anchor x, anchor y, other item, to-ox, to-oy]
    ctx.save();
    ctx.strokeStyle = "#bf5af2";
    ctx.fillStyle = "#bf5af2";
    ctx.lineWidth = 1.5 * px;
    (m.links || []).forEach(function (link) {
      var from = attachPoint(m.items[link[0]], [link[1], link[2]], k);
      var to = link[3] !== null
        ? { x: link[3], y: link[4] }
        : attachPoint(m.items[link[5]], [link[6], link[7]], k);
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(to.x, to.y);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(to.x, to.y, 3.5 * px, 0, Math.PI * 2);
      ctx.fill();
      ctx.beginPath();
      ctx.arc(from.x, from.y, 2.5 * px, 0, Math.PI * 2);
      ctx.fill();
    });
    ctx.restore();
    drawOrigins(ctx, fields, px);
    return { frame: k, glyphs: glyphs, fields: fields };
  }

  /// The screen, every item wherever it goes (its half diagonal around its centre), the snap
  /// points and the anchors.
  function bounds(m) {
    var out = { xMin: 0, xMax: m.sw, yMin: 0, yMax: m.sh };
    function add(x, y, r) {
      out.xMin = Math.min(out.xMin, x - r);
      out.xMax = Math.max(out.xMax, x + r);
      out.yMin = Math.min(out.yMin, y - r);
      out.yMax = Math.max(out.yMax, y + r);
    }
    m.items.forEach(function (item) {
      var r = Math.sqrt(item.w * item.w + item.h * item.h) / 2;
      for (var k = 0; k < m.frames; k++) add(item.x[k], item.y[k], r);
    });
    (m.snaps || []).forEach(function (snap) { add(snap[1], snap[2], 8); });
    (m.candidates || []).forEach(function (c) { add(c[0], c[1], 10); });
    (m.links || []).forEach(function (link) { if (link[3] !== null) add(link[3], link[4], 8); });
    return out;
  }

  FL.skins.generic = {
    // A whole phone screen (390 × 844 pt) is taller than wide: at the panel's width it would be
    // drawn 1,700 px tall, so the stage fits it within this height too (CSS pixels).
    maxHeight: 480,
    bounds: bounds,
    draw: draw,
    status: function () { return ""; },
  };
})(window.FeelLab = window.FeelLab || {});
