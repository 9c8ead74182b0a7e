// FeelLab glyphs: draws the canvas data `feel svg --to canvas` writes (docs/svg.md, "Canvas
// data"). The data is computed by FeelSVG (every transform applied, arcs already cubics); this
// file only traces and paints it. The notebook gets each control's glyphs (its control file's
// [skin.glyphs], converted by `feel notebook`) in the control's page entry, `glyphs[role]`, as
// the text `feel svg` prints; `FL.glyph.of(control, role)` parses it once. Classic script: adds
// FeelLab.glyph.
//
//   [1, [x, y, width, height], [path, ...]]
//   path = [fill, fillRule, stroke, strokeWidth, lineCap, lineJoin, miterLimit, opacity,
//           fillOpacity, strokeOpacity, ["M", x, y, "L", x, y, "C", x1, y1, x2, y2, x, y, "Z"]]
(function (FL) {
  "use strict";

  var VERSION = 1;

  /// Traces one path's commands on `ctx` (a new path).
  function trace(ctx, ops) {
    ctx.beginPath();
    var i = 0;
    while (i < ops.length) {
      var op = ops[i];
      if (op === "M") {
        ctx.moveTo(ops[i + 1], ops[i + 2]);
        i += 3;
      } else if (op === "L") {
        ctx.lineTo(ops[i + 1], ops[i + 2]);
        i += 3;
      } else if (op === "C") {
        ctx.bezierCurveTo(ops[i + 1], ops[i + 2], ops[i + 3], ops[i + 4], ops[i + 5], ops[i + 6]);
        i += 7;
      } else if (op === "Z") {
        ctx.closePath();
        i += 1;
      } else {
        throw new Error("FeelLab.glyph: unknown path command " + String(op));
      }
    }
  }

  /// Fills then strokes one path, each with its own opacity times `alpha`.
  function paint(ctx, p, alpha, color) {
    var fill = p[0], rule = p[1], stroke = p[2];
    trace(ctx, p[10]);
    if (fill !== null) {
      ctx.globalAlpha = alpha * p[8];
      ctx.fillStyle = color || fill;
      ctx.fill(rule);
    }
    if (stroke !== null) {
      ctx.globalAlpha = alpha * p[9];
      ctx.strokeStyle = color || stroke;
      ctx.lineWidth = p[3];
      ctx.lineCap = p[4];
      ctx.lineJoin = p[5];
      ctx.miterLimit = p[6];
      ctx.stroke();
    }
  }

  /// Canvas data parsed from its text, by control and role.
  var parsed = {};

  /// Canvas data from the text `feel svg --to canvas` prints; an error unless it is this
  /// format's version.
  function parse(text) {
    var data = JSON.parse(text);
    if (!Array.isArray(data) || data[0] !== VERSION) {
      throw new Error("FeelLab.glyph: expected canvas data version " + VERSION);
    }
    return data;
  }

  FL.glyph = {
    VERSION: VERSION,
    parse: parse,

    /// The canvas data of the glyph `role` of `control` (its page entry), parsed once; null
    /// when the control (or the lack of one) names no such glyph.
    of: function (control, role) {
      if (!control || !control.glyphs || !Object.prototype.hasOwnProperty.call(control.glyphs, role)) return null;
      var key = control.name + "\n" + role;
      if (!Object.prototype.hasOwnProperty.call(parsed, key)) parsed[key] = parse(control.glyphs[role]);
      return parsed[key];
    },

    /// Draws `data` with its view box fitted into the rectangle (x, y, width, height), centred
    /// and uniformly scaled (SVG's default, xMidYMid meet). `options.color` paints every fill
    /// and stroke in one colour (a tint); the opacities still apply.
    draw: function (ctx, data, x, y, width, height, options) {
      if (!data || data[0] !== VERSION) throw new Error("FeelLab.glyph: expected canvas data version " + VERSION);
      var box = data[1], paths = data[2];
      var color = options && options.color ? options.color : null;
      var scale = Math.min(width / box[2], height / box[3]);
      var base = ctx.globalAlpha;
      ctx.save();
      ctx.translate(x + (width - scale * box[2]) / 2, y + (height - scale * box[3]) / 2);
      ctx.scale(scale, scale);
      ctx.translate(-box[0], -box[1]);
      for (var i = 0; i < paths.length; i++) {
        var p = paths[i], opacity = p[7];
        if (opacity < 1 && p[0] !== null && p[2] !== null) {
          // Element opacity applies to fill and stroke together: paint both into a layer, then
          // composite the layer once, as SVG does.
          var layer = document.createElement("canvas");
          layer.width = ctx.canvas.width;
          layer.height = ctx.canvas.height;
          var lc = layer.getContext("2d");
          lc.setTransform(ctx.getTransform());
          paint(lc, p, 1, color);
          ctx.save();
          ctx.setTransform(1, 0, 0, 1, 0, 0);
          ctx.globalAlpha = base * opacity;
          ctx.drawImage(layer, 0, 0);
          ctx.restore();
        } else {
          ctx.save();
          paint(ctx, p, base * opacity, color);
          ctx.restore();
        }
      }
      ctx.restore();
    },
  };
})(window.FeelLab = window.FeelLab || {});
