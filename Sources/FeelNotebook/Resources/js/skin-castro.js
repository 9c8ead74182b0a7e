// The Castro skin (docs/castro-scrubber.md), named by experiments/controls/castro.toml: the
// player's bar with its buttons and grab handles (drawn from the control file's [skin.glyphs],
// FeelSVG's canvas data of experiments/glyphs/*.svg), the timeline above it that expands while the
// simulated finger drags the bar and collapses when it lifts, its elapsed-time label (rolled
// back after an accidental swipe), and the tap hint's export lines. Its drawing constants are
// the control file's [skin] settings. The skin contract is in stage.js.
(function (FL) {
  "use strict";

  var formatElapsed = FL.text.formatElapsed;

  /// A number of the control file's [skin] table (the castro skin needs every one it reads).
  function setting(settings, key) {
    var v = settings[key];
    if (typeof v !== "number" && !Array.isArray(v)) {
      throw new Error("the castro skin needs " + key + " in its control file's [skin] table");
    }
    return v;
  }

  function labelFont(settings) {
    return "bold " + setting(settings, "label_font_size_pt") + "px -apple-system, 'Helvetica Neue', Arial, sans-serif";
  }

  /// UIView's default animation curve, ease-in-ease-out: cubic-bezier(0.42, 0, 0.58, 1).
  function easeInOut(u) {
    if (u <= 0) return 0;
    if (u >= 1) return 1;
    var lo = 0, hi = 1, s = u;
    for (var k = 0; k < 30; k++) {
      s = (lo + hi) / 2;
      var x = 3 * 0.42 * s * (1 - s) * (1 - s) + 3 * 0.58 * s * s * (1 - s) + s * s * s;
      if (x < u) lo = s; else hi = s;
    }
    return 3 * s * s * (1 - s) + s * s * s;
  }

  /// The timeline's expansion (0 collapsed, 1 expanded), the elapsed time and whether the scrub
  /// was committed, at time t (s), from the simulated finger: it expands at the drag-began
  /// event, collapses at the drag-ended event, and the scrub is committed when the drag lasted
  /// the commit time (the scene's commit_after, else the expand animation), else rolled back to
  /// the elapsed time at drag start. `state`: the skin's state ({settings, episode}).
  function timelineState(m, t, state) {
    var S = state.settings, total = state.episode.total, start = Math.min(state.episode.start, total);
    var d = m.drag;
    if (!d || t < d.began / m.fps) return { expansion: 0, elapsed: start, committed: null };
    var began = d.began / m.fps, ended = d.ended === null ? null : d.ended / m.fps;
    var expandAt = function (s) { return easeInOut((s - began) / setting(S, "expand_s")); };
    // The bar follows the finger along x from where it stood before the drag moved it.
    var base = m.x[Math.max(0, Math.min(m.frames - 1, d.began - 1))];
    var elapsedAtX = function (x) { return Math.max(0, Math.min(total, start + total * (x - base) / m.w)); };
    if (ended === null || t < ended) {
      var k = Math.max(0, Math.min(m.frames - 1, Math.floor(t * m.fps + 1e-6)));
      return { expansion: expandAt(t), elapsed: elapsedAtX(m.x[k]), committed: null };
    }
    var commitAfter = m.commitAfter !== null ? m.commitAfter : setting(S, "expand_s");
    var committed = ended - began >= commitAfter - 1e-9;
    // Where the lift left the bar: where it stood at drag-began (caught up with the finger)
    // plus the finger's move from then to the lift (its last touch:ID row).
    var f = d.finger, atBegan = Math.max(0, Math.min(f.n - 1, d.began - f.first));
    var released = elapsedAtX(m.x[Math.min(m.frames - 1, d.began)] + (f.x[f.n - 1] - f.x[atBegan]));
    var collapse = easeInOut((t - ended) / setting(S, "collapse_s"));
    return { expansion: expandAt(ended) * (1 - collapse), elapsed: committed ? released : start, committed: committed };
  }

  /// The timeline's height (pt) at an expansion from 0 to 1.
  function timelineHeight(settings, expansion) {
    var collapsed = setting(settings, "timeline_collapsed_pt"), expanded = setting(settings, "timeline_expanded_pt");
    return collapsed + (expanded - collapsed) * expansion;
  }

  /// docs/castro-scrubber.md: the label (text width + padding) is right-aligned to the playhead
  /// inside the progress when it fits, else it sits just right of the playhead, in white.
  function labelLayout(ctx, settings, elapsed, total, width) {
    var text = formatElapsed(elapsed);
    ctx.save();
    ctx.font = labelFont(settings);
    var labelWidth = ctx.measureText(text).width + setting(settings, "label_padding_pt");
    ctx.restore();
    var progress = total > 0 ? width * elapsed / total : 0;
    var inside = labelWidth <= progress;
    return {
      text: text, width: labelWidth, progress: progress, inside: inside,
      x: inside ? progress - labelWidth : progress,
    };
  }

  function roundRect(ctx, x, y, w, h, r) {
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
  }

  /// The colour of the bar's buttons and grab handles: every glyph is tinted with it (a
  /// glyph's own opacities still apply: the handles' 55 %).
  var GLYPH_COLOR = "#ffffff";

  /// The control's glyph `role` (its [skin.glyphs]); the castro skin needs every one it draws.
  function glyph(control, role) {
    var data = FL.glyph.of(control, role);
    if (!data) throw new Error("the castro skin needs the glyph " + role + " in its control file's [skin.glyphs]");
    return data;
  }

  /// The buttons (rewind, play or pause, forward) centred on the bar, and the grab handles in
  /// from each edge, drawn from the control's glyphs in the bar's own frame (its centre at
  /// 0, 0). Returns what was drawn where: [{role, x, y, w, h}] (pt, the bar's frame).
  function drawButtons(ctx, S, control, w) {
    var bw = setting(S, "button_width_pt"), size = setting(S, "button_glyph_pt");
    var boxes = [
      { role: "rewind", x: -bw - size / 2, y: -size / 2, w: size, h: size },
      { role: S.playing === true ? "pause" : "play", x: -size / 2, y: -size / 2, w: size, h: size },
      { role: "forward", x: bw - size / 2, y: -size / 2, w: size, h: size },
    ];
    var grab = glyph(control, "grab"), hh = setting(S, "handle_glyph_pt"), hw = hh * grab[1][2] / grab[1][3];
    [-1, 1].forEach(function (side) {
      var hx = side * (w / 2 - setting(S, "handle_inset_pt"));
      boxes.push({ role: "grab", x: hx - hw / 2, y: -hh / 2, w: hw, h: hh });
    });
    boxes.forEach(function (b) {
      FL.glyph.draw(ctx, glyph(control, b.role), b.x, b.y, b.w, b.h, { color: GLYPH_COLOR });
    });
    return boxes;
  }

  /// The timeline: fixed above the bar, a strip that expands while dragging.
  function drawTimeline(ctx, m, S, drawn, episode) {
    var keyline = setting(S, "keyline_pt"), expanded = setting(S, "timeline_expanded_pt");
    var height = timelineHeight(S, drawn.expansion);
    var top = -keyline - height;
    ctx.fillStyle = "#000000";
    ctx.fillRect(0, -keyline, m.sw, keyline);
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, top, m.sw, height);
    ctx.clip();
    ctx.fillStyle = "#151517";
    ctx.fillRect(0, top, m.sw, height);
    var layout = labelLayout(ctx, S, drawn.elapsed, episode.total, m.sw);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, top, layout.progress, height);
    if (drawn.expansion > 0.001) {
      // The label grows with the timeline (the sample scales the expanded view by h / 22).
      ctx.translate(0, top);
      ctx.scale(1, height / expanded);
      ctx.font = labelFont(S);
      ctx.fillStyle = layout.inside ? "#000000" : "#ffffff";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(layout.text, layout.x + layout.width / 2, expanded / 2 + 0.5);
    }
    ctx.restore();
  }

  /// Draws the screen's content, the rest position, the bar and the timeline.
  function draw(ctx, m, frame, surface) {
    var px = surface.px, S = surface.state.settings;
    var k = Math.max(0, Math.min(m.frames - 1, frame));
    var x = m.x[k], y = m.y[k], angle = m.angle[k];

    // the screen's content above the timeline
    ctx.fillStyle = "#efeff4";
    var top = -setting(S, "timeline_expanded_pt") - setting(S, "keyline_pt") - 12;
    for (var row = top; row > surface.screenTop; row -= 12) ctx.fillRect(8, row, m.sw - 16, px);

    // rest position
    ctx.save();
    ctx.setLineDash([4 * px, 3 * px]);
    ctx.strokeStyle = "rgba(0,0,0,0.35)";
    ctx.lineWidth = px;
    ctx.strokeRect(m.rx - m.w / 2, m.ry - m.h / 2, m.w, m.h);
    ctx.restore();

    // the bar
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(angle);
    ctx.fillStyle = "#1c1c1e";
    roundRect(ctx, -m.w / 2, -m.h / 2, m.w, m.h, Math.min(4, m.h / 6));
    ctx.fill();
    ctx.fillStyle = "rgba(255,255,255,0.06)";
    ctx.fillRect(-m.w / 2, -m.h / 2, m.w, m.h / 2);
    var boxes = drawButtons(ctx, S, surface.control, m.w);
    ctx.restore();

    var drawn = timelineState(m, frame / m.fps, surface.state);
    drawTimeline(ctx, m, S, drawn, surface.state.episode);
    // what the glyphs were drawn in: each box in the bar's frame, and the bar's pose
    drawn.glyphs = boxes.map(function (b) {
      return { role: b.role, x: b.x, y: b.y, w: b.w, h: b.h, cx: x, cy: y, angle: angle };
    });
    return drawn;
  }

  /// Whether the hint pushes the bar right (a tap on the left half): the bar's first move.
  function pushesRight(m) {
    for (var k = 1; k < m.frames; k++) if (m.x[k] !== m.x[0]) return m.x[k] > m.x[0];
    return true;
  }

  /// The sample project's tap hint lines for the pushed side (after the control file's own).
  function exportLines(kind, c, m) {
    var lines = [], left = pushesRight(m), swift = kind === "swift";
    var id = left ? "leftCollisionPoint" : "rightCollisionPoint";
    if (c.push) {
      lines.push(swift
        ? "tapHintBehavior.pushBehavior.setAngle(" + (left ? "0" : ".pi") + ", magnitude: " + c.push.ref + ")"
        : "[self.tapHintBehavior.pushBehavior setAngle:" + (left ? "0.f" : "M_PI") +
          " magnitude:" + c.push.ref + "];");
      lines.push(swift ? "tapHintBehavior.pushBehavior.active = true"
        : "self.tapHintBehavior.pushBehavior.active = YES;");
    }
    if (c.gravity) {
      lines.push(swift
        ? "tapHintBehavior.gravityBehavior.setAngle(" + (left ? ".pi" : "0") + ", magnitude: " + c.gravity.ref + ")"
        : "[self.tapHintBehavior.gravityBehavior setAngle:" + (left ? "M_PI" : "0.f") +
          " magnitude:" + c.gravity.ref + "];");
    }
    if (c.wall && swift) {
      var xs = left ? "-" + c.wall.ref : "view.bounds.width + " + c.wall.ref;
      lines.push("tapHintBehavior.collisionBehavior.addBoundary(",
        "  withIdentifier: \"" + id + "\" as NSString,",
        "  from: CGPoint(x: " + xs + ", y: 0),",
        "  to: CGPoint(x: " + xs + ", y: view.bounds.height))");
    } else if (c.wall) {
      var x = left ? c.wall.ref + " * -1" : "CGRectGetWidth(self.view.bounds) + " + c.wall.ref;
      lines.push("CGPoint " + id + "Top = CGPointMake(" + x + ", 0.f);",
        "CGPoint " + id + "Bottom = CGPointMake(" + x + ", CGRectGetHeight(self.view.bounds));",
        "[self.tapHintBehavior.collisionBehavior addBoundaryWithIdentifier:@\"" + id + "\" fromPoint:" + id +
          "Top toPoint:" + id + "Bottom];");
    }
    return lines;
  }

  /// The episode the timeline scrubs: its length and where the playhead is when the drag begins.
  function controls(explorer) {
    var el = FL.el, state = explorer.skinState, S = state.settings;
    var totals = setting(S, "episodes_s"), names = S.episode_names || [];
    var select = el("select", { className: "episode", "aria-label": "Episode length" });
    totals.forEach(function (total, n) {
      select.appendChild(new Option(formatElapsed(total) + " " + (names[n] || ""), String(total)));
    });
    select.value = String(state.episode.total);
    var playhead = el("input", {
      type: "range", className: "playhead", min: 0, max: 100, step: 1,
      "aria-label": "Playhead when the drag begins (% of the episode)",
    });
    playhead.value = String(Math.round(100 * state.episode.start / state.episode.total));
    var output = el("output", { className: "value" });
    var update = function () {
      var total = Number(select.value);
      state.episode = { total: total, start: Math.round(total * Number(playhead.value) / 100) };
      output.textContent = formatElapsed(state.episode.start);
      explorer.draw();
    };
    select.addEventListener("change", update);
    playhead.addEventListener("input", update);
    output.textContent = formatElapsed(state.episode.start);
    return el("div", { className: "episode-row" }, [
      el("span", { text: "Timeline: episode " }), select,
      el("span", { text: " playhead at drag start " }), playhead, output,
    ]);
  }

  FL.skins.castro = {
    /// The skin's state: its settings and the episode (the control file's, at first).
    setup: function (settings) {
      var episode = { total: setting(settings, "episode_s"), start: setting(settings, "playhead_s") };
      return { settings: settings, episode: episode };
    },
    /// The screen, every position of the bar, and room above the screen for the timeline.
    bounds: function (m, surface) {
      var S = surface.state.settings;
      return {
        xMin: Math.min(m.minX - m.w / 2, 0), xMax: Math.max(m.maxX + m.w / 2, m.sw),
        yMin: -setting(S, "timeline_expanded_pt") - setting(S, "keyline_pt") - 14, yMax: Math.max(m.sh, m.ry + m.h / 2),
      };
    },
    draw: draw,
    /// Whether the scrub was committed or rolled back, and the elapsed time shown.
    status: function (drawn) {
      var commit = drawn.committed === null ? "" : drawn.committed ? " · scrub committed" : " · scrub rolled back";
      return commit + " · " + formatElapsed(drawn.elapsed);
    },
    controls: controls,
    exportLines: exportLines,
    /// For the page's test API: the timeline at a frame.
    timeline: function (ctx, m, frame, state) {
      var s = timelineState(m, frame / m.fps, state);
      var layout = labelLayout(ctx, state.settings, s.elapsed, state.episode.total, m.sw);
      return {
        height: timelineHeight(state.settings, s.expansion), elapsed: s.elapsed, text: layout.text,
        committed: s.committed,
        label: { inside: layout.inside, x: layout.x, width: layout.width, progress: layout.progress },
      };
    },
  };
})(window.FeelLab = window.FeelLab || {});
