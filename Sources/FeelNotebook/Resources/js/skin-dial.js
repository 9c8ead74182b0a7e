// The tempo dial skin (docs/tempo-dial.md), named by experiments/controls/tempo-dial.toml: the
// disc turning with the replayed angle, its N labels placed by the affine transforms Swift
// computed (FeelDial's DialLayout.labelToDisc: label k half the disc wide, anchorPoint (1, 0.5),
// CGAffineTransformMakeRotation(2πk/N); `feel notebook` writes them as m.labels.transforms), the
// fixed pointer, the label under it highlighted, and the orientation comps after the seed's
// Photoshop layer comps (the content turned by 0, 90, 180 or 270°, its texts upright, each comp
// lit from the top of the screen). The stage draws the finger. The skin applies the given
// a, b, c, d, tx, ty with ctx.transform: it computes no layout. The skin contract is in stage.js.
(function (FL) {
  "use strict";

  var DEG = Math.PI / 180;
  var TWO_PI = 2 * Math.PI;

  /// A number of the control file's [skin] table, else `fallback`.
  function number(settings, key, fallback) {
    var v = settings[key];
    return typeof v === "number" ? v : fallback;
  }

  /// The orientation comps of the [skin] table: [{name, turn_deg, light_deg}] (one, upright and
  /// lit from the top, when the table has none).
  function orientationsOf(settings) {
    var names = settings.orientations || ["0°"];
    var turns = settings.orientation_turn_deg || [0], lights = settings.orientation_light_deg || [90];
    if (turns.length !== names.length || lights.length !== names.length) {
      throw new Error("the dial skin needs as many orientation_turn_deg and orientation_light_deg as orientations");
    }
    return names.map(function (name, n) { return { name: String(name), turn_deg: turns[n], light_deg: lights[n] }; });
  }

  /// Label k's text of N: round(lo + (hi − lo)·k/(N − 1)) for the [skin] value_range [lo, hi],
  /// else k.
  function labelText(settings, k, count) {
    var range = settings.value_range;
    if (!Array.isArray(range) || range.length !== 2) return String(k);
    var lo = range[0], hi = range[1];
    return String(Math.round(count > 1 ? lo + (hi - lo) * k / (count - 1) : lo));
  }

  /// The current transform relative to the stage's (points, y down): the DOMMatrix whose a…f
  /// map the current drawing frame into the screen's points.
  function relative(ctx, baseInverse) {
    return baseInverse.multiply(ctx.getTransform());
  }

  /// An angle in [0, 2π).
  function wrap(a) {
    var w = a % TWO_PI;
    return w < 0 ? w + TWO_PI : w;
  }

  /// The disc's shadow and face: chrome that turns with the orientation comp (not with the
  /// disc), lit by the comp's layer style. Returns the light's direction on screen (degrees,
  /// anticlockwise from the right, as Photoshop measures it) read from the transform applied.
  function drawFace(ctx, cx, cy, r, comp, px, baseInverse) {
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(comp.turn_deg * DEG);
    // towards the light, in the turned content's own frame (y down)
    var light = comp.light_deg * DEG, lx = Math.cos(light), ly = -Math.sin(light);
    ctx.fillStyle = "rgba(0,0,0,0.16)";
    ctx.beginPath();
    ctx.arc(-4 * lx, -4 * ly, r + 1.5, 0, TWO_PI);
    ctx.fill();
    var face = ctx.createLinearGradient(lx * r, ly * r, -lx * r, -ly * r);
    face.addColorStop(0, "#fbfbfd");
    face.addColorStop(1, "#c9c9cf");
    ctx.fillStyle = face;
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, TWO_PI);
    ctx.fill();
    var bevel = ctx.createLinearGradient(lx * r, ly * r, -lx * r, -ly * r);
    bevel.addColorStop(0, "#ffffff");
    bevel.addColorStop(1, "#8e8e93");
    ctx.strokeStyle = bevel;
    ctx.lineWidth = 2 * px;
    ctx.stroke();
    var t = relative(ctx, baseInverse);
    var sx = t.a * lx + t.c * ly, sy = t.b * lx + t.d * ly;
    ctx.restore();
    return wrap(Math.atan2(-sy, sx)) / DEG;
  }

  /// How far the pointer's tip reaches inside the rim (pt), so that it reads as touching it.
  var POINTER_OVERLAP_PT = 2;

  /// The control's glyph `role` (its [skin.glyphs]); the dial skin needs every one it draws.
  function glyph(control, role) {
    var data = FL.glyph.of(control, role);
    if (!data) throw new Error("the dial skin needs the glyph " + role + " in its control file's [skin.glyphs]");
    return data;
  }

  /// The fixed pointer, the control's `pointer` glyph (tip down in its file), stood just
  /// outside the rim at screen angle `angle` (rad) with its tip towards the centre; and the
  /// `rest` glyph upright on the hub. Returns what was drawn where: [{role, x, y, w, h,
  /// rotation}] (pt, the box in the frame turned by `rotation` about the disc's centre).
  function drawGlyphs(ctx, S, control, cx, cy, r, angle) {
    var pointer = glyph(control, "pointer"), rest = glyph(control, "rest");
    var ph = number(S, "pointer_glyph_pt", 22), pw = ph * pointer[1][2] / pointer[1][3];
    var rh = number(S, "rest_glyph_pt", 24), rw = rh * rest[1][2] / rest[1][3];
    // turned so that the glyph's up (−y) points out along `angle`: its tip, at the bottom,
    // reaches POINTER_OVERLAP_PT inside the rim
    var boxes = [
      { role: "pointer", x: -pw / 2, y: -r - ph + POINTER_OVERLAP_PT, w: pw, h: ph, rotation: angle + Math.PI / 2 },
      { role: "rest", x: -rw / 2, y: -rh / 2, w: rw, h: rh, rotation: 0 },
    ];
    boxes.forEach(function (b) {
      ctx.save();
      ctx.translate(cx, cy);
      ctx.rotate(b.rotation);
      FL.glyph.draw(ctx, b.role === "pointer" ? pointer : rest, b.x, b.y, b.w, b.h,
        b.role === "rest" ? { color: "#1c1c1e" } : {});
      ctx.restore();
    });
    return boxes;
  }

  /// Draws the dial at `frame` of m. Returns what it drew, in points: the disc's centre and
  /// angle (the replayed ones), its rotation on screen (read from the transform applied), the
  /// orientation comp, the light's direction on screen, the pointer's screen angle, each
  /// label's rim point (its left end's middle) and text (anchor, rotation on screen) and the
  /// label under the pointer.
  function draw(ctx, m, frame, surface) {
    var px = surface.px, S = surface.settings, state = surface.state;
    var k = Math.max(0, Math.min(m.frames - 1, frame));
    var comp = state.orientations[state.orientation];
    var turn = comp.turn_deg * DEG;
    var L = m.labels;
    var cx = m.x[k], cy = m.y[k], angle = m.angle[k];
    var r = L ? L.diameter / 2 : m.w / 2;
    var baseInverse = ctx.getTransform().inverse();
    var pointer = (L && L.pointer !== null ? L.pointer : number(S, "pointer_deg", 270) * DEG) + turn;
    var drawn = {
      frame: k, center: { x: cx, y: cy }, angle: angle, orientation: state.orientation, name: comp.name,
      turn_deg: comp.turn_deg, pointer: wrap(pointer), labels: [], highlighted: null,
      unit: typeof S.value_unit === "string" ? " " + S.value_unit : "",
    };
    drawn.light_screen_deg = drawFace(ctx, cx, cy, r, comp, px, baseInverse);

    // the disc's bounds into the screen: its centre, its angle (and the comp's turn)
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(angle + turn);
    ctx.translate(-r, -r);
    var disc = relative(ctx, baseInverse);
    drawn.disc_rotation = Math.atan2(disc.b, disc.a);
    // a mark at the disc's own top, so that its turning shows between labels
    ctx.fillStyle = "#aeaeb2";
    ctx.beginPath();
    ctx.arc(r, Math.min(10, r / 2), 3 * px + 2, 0, TWO_PI);
    ctx.fill();
    var inset = number(S, "text_inset_pt", 16), texts = [];
    if (L) {
      var h = L.labelHeight, T = L.transforms;
      for (var j = 0; j < L.count; j++) {
        ctx.save();
        ctx.transform(T[6 * j], T[6 * j + 1], T[6 * j + 2], T[6 * j + 3], T[6 * j + 4], T[6 * j + 5]);
        var own = relative(ctx, baseInverse);
        // a tick on the rim at the label's left end
        ctx.strokeStyle = "#8e8e93";
        ctx.lineWidth = px;
        ctx.beginPath();
        ctx.moveTo(0, h / 2);
        ctx.lineTo(Math.min(6, inset / 2), h / 2);
        ctx.stroke();
        // the text: centred `inset` along the label from its left end, kept upright on screen
        ctx.translate(inset, h / 2);
        var along = relative(ctx, baseInverse);
        ctx.rotate(-Math.atan2(along.b, along.a));
        var upright = relative(ctx, baseInverse);
        texts.push(ctx.getTransform());
        drawn.labels.push({
          k: j, text: labelText(S, j, L.count),
          rim: { x: own.c * h / 2 + own.e, y: own.d * h / 2 + own.f },
          anchor: { x: upright.e, y: upright.f }, rotation: Math.atan2(upright.b, upright.a),
        });
        ctx.restore();
      }
    }
    ctx.restore();

    // the label under the pointer: the one whose rim point is nearest the pointer's angle
    var best = Infinity;
    drawn.labels.forEach(function (label) {
      var off = wrap(Math.atan2(label.rim.y - cy, label.rim.x - cx) - pointer);
      var d = Math.min(off, TWO_PI - off);
      if (d < best) { best = d; drawn.highlighted = label.k; }
    });
    ctx.save();
    ctx.font = number(S, "font_size_pt", 13) + "px -apple-system, 'Helvetica Neue', Arial, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    drawn.labels.forEach(function (label, n) {
      ctx.setTransform(texts[n]);
      var lit = label.k === drawn.highlighted;
      if (lit) {
        ctx.fillStyle = "rgba(255,59,48,0.16)";
        ctx.beginPath();
        ctx.arc(0, 0, 0.9 * number(S, "font_size_pt", 13), 0, TWO_PI);
        ctx.fill();
      }
      ctx.fillStyle = lit ? "#d70015" : "#1c1c1e";
      ctx.fillText(label.text, 0, 0);
    });
    ctx.restore();
    drawn.glyphs = drawGlyphs(ctx, S, surface.control, cx, cy, r, pointer);
    return drawn;
  }

  /// The screen and the disc wherever it goes, with room for the pointer.
  function bounds(m) {
    var r = (m.labels ? m.labels.diameter : m.w) / 2 + 24;
    var out = { xMin: 0, xMax: m.sw, yMin: 0, yMax: m.sh };
    for (var k = 0; k < m.frames; k++) {
      out.xMin = Math.min(out.xMin, m.x[k] - r);
      out.xMax = Math.max(out.xMax, m.x[k] + r);
      out.yMin = Math.min(out.yMin, m.y[k] - r);
      out.yMax = Math.max(out.yMax, m.y[k] + r);
    }
    return out;
  }

  /// The orientation comps' menu (the layer comps): every panel of the explorer shows the one
  /// chosen.
  function controls(explorer) {
    var el = FL.el, state = explorer.skinState;
    var select = el("select", { className: "orientation", "aria-label": "Orientation comp" });
    state.orientations.forEach(function (comp, n) { select.appendChild(new Option(comp.name, String(n))); });
    select.value = String(state.orientation);
    select.addEventListener("change", function () {
      state.orientation = Number(select.value);
      explorer.draw();
    });
    return el("div", { className: "orientation-row" }, [el("span", { text: "Orientation (layer comp): " }), select]);
  }

  FL.skins.dial = {
    /// The skin's state: its settings' orientation comps and the one shown (the first).
    setup: function (settings) {
      return { orientations: orientationsOf(settings), orientation: 0 };
    },
    bounds: bounds,
    draw: draw,
    /// The label under the pointer, and the orientation comp when it turns the content.
    status: function (drawn) {
      var label = drawn.highlighted === null ? null : drawn.labels[drawn.highlighted];
      return (label ? " · " + label.text + drawn.unit + " under the pointer" : "") +
        (drawn.turn_deg ? " · turned " + drawn.turn_deg + "°" : "");
    },
    controls: controls,
  };
})(window.FeelLab = window.FeelLab || {});
