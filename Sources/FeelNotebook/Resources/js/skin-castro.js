// The Castro skin (docs/castro-scrubber.md): the player's bar with its buttons and grab handles,
// the timeline above it that expands while the bar is dragged, its elapsed-time label, and the
// finger. Its constants come from the page (CastroControl.swift). The skin contract is in
// stage.js.
(function (FL) {
  "use strict";

  var CASTRO = FL.page.castro;
  var GESTURE = FL.gesture;
  var formatElapsed = FL.text.formatElapsed;

  /// Episodes for the timeline: a song, the article's average top-10 podcast, a long one.
  var EPISODES = [
    { total: 3 * 60 + 34, name: "(a song)" },
    { total: CASTRO.episodeTotal, name: "(a podcast)" },
    { total: 72 * 60 + 30, name: "(a long podcast)" },
  ];

  var LABEL_FONT = "bold " + CASTRO.labelFontSize + "px -apple-system, 'Helvetica Neue', Arial, sans-serif";

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

  /// The timeline's expansion (0 collapsed, 1 expanded) and the elapsed time at time t (s).
  function timelineState(m, t, episode) {
    var total = episode.total, start = Math.min(episode.start, episode.total);
    if (m.gesture !== GESTURE.release || m.drag === null) return { expansion: 0, elapsed: start, committed: null };
    var dragStart = m.drag / m.fps;
    var expandAt = function (s) { return s < dragStart ? 0 : easeInOut((s - dragStart) / CASTRO.expand); };
    var elapsedAtX = function (x) { return Math.max(0, Math.min(total, start + total * (x - m.rx) / m.w)); };
    var committed = -dragStart >= CASTRO.expand - 1e-9;
    if (t < 0) {
      var k = Math.max(0, Math.min(m.pre - 1, m.pre + Math.floor(t * m.fps + 1e-6)));
      return { expansion: expandAt(t), elapsed: t < dragStart ? start : elapsedAtX(m.x[k]), committed: null };
    }
    var atRelease = expandAt(0);
    var collapse = easeInOut(t / CASTRO.collapse);
    var released = elapsedAtX(m.x[m.pre - 1 >= 0 ? m.pre - 1 : 0]);
    return { expansion: atRelease * (1 - collapse), elapsed: committed ? released : start, committed: committed };
  }

  /// The timeline's height (pt) at an expansion from 0 to 1.
  function timelineHeight(expansion) {
    return CASTRO.timelineCollapsed + (CASTRO.timelineExpanded - CASTRO.timelineCollapsed) * expansion;
  }

  /// docs/castro-scrubber.md: the label (text width + 10 pt) is right-aligned to the playhead
  /// inside the progress when it fits, else it sits just right of the playhead, in white.
  function labelLayout(ctx, elapsed, total, width) {
    var text = formatElapsed(elapsed);
    ctx.save();
    ctx.font = LABEL_FONT;
    var labelWidth = ctx.measureText(text).width + CASTRO.labelPadding;
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

  function drawButtons(ctx, w, h) {
    var bw = CASTRO.buttonWidth, size = Math.min(14, h * 0.3);
    ctx.fillStyle = "#ffffff";
    function triangle(cx, dir) {
      ctx.beginPath();
      ctx.moveTo(cx - dir * size * 0.5, -size * 0.6);
      ctx.lineTo(cx + dir * size * 0.5, 0);
      ctx.lineTo(cx - dir * size * 0.5, size * 0.6);
      ctx.closePath();
      ctx.fill();
    }
    // rewind, play/pause, forward: three 60 pt buttons centred on the bar
    triangle(-bw - size * 0.35, -1);
    triangle(-bw + size * 0.35, -1);
    ctx.fillRect(-size * 0.45, -size * 0.6, size * 0.3, size * 1.2);
    ctx.fillRect(size * 0.15, -size * 0.6, size * 0.3, size * 1.2);
    triangle(bw - size * 0.35, 1);
    triangle(bw + size * 0.35, 1);
    // grab handles, 10 pt in from each edge
    ctx.fillStyle = "rgba(255,255,255,0.55)";
    [-1, 1].forEach(function (side) {
      var hx = side * (w / 2 - CASTRO.handleInset);
      for (var g = -1; g <= 1; g++) ctx.fillRect(hx + g * 3 - 0.5, -h * 0.22, 1, h * 0.44);
    });
  }

  /// The timeline: fixed above the bar, a 2 pt strip that expands to 22 pt while dragging.
  function drawTimeline(ctx, m, state, episode) {
    var height = timelineHeight(state.expansion);
    var bottom = -CASTRO.keyline;
    var top = bottom - height;
    ctx.fillStyle = "#000000";
    ctx.fillRect(0, -CASTRO.keyline, m.sw, CASTRO.keyline);
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, top, m.sw, height);
    ctx.clip();
    ctx.fillStyle = "#151517";
    ctx.fillRect(0, top, m.sw, height);
    var layout = labelLayout(ctx, state.elapsed, episode.total, m.sw);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, top, layout.progress, height);
    if (state.expansion > 0.001) {
      // The label grows with the timeline (the sample scales the expanded view by h / 22).
      ctx.translate(0, top);
      ctx.scale(1, height / CASTRO.timelineExpanded);
      ctx.font = LABEL_FONT;
      ctx.fillStyle = layout.inside ? "#000000" : "#ffffff";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(layout.text, layout.x + layout.width / 2, CASTRO.timelineExpanded / 2 + 0.5);
    }
    ctx.restore();
  }

  /// The finger: dragging the bar, or the tap's ripple.
  function drawFinger(ctx, m, frame, x, y, px) {
    ctx.save();
    if (m.gesture === GESTURE.release && m.drag !== null && frame >= m.drag && frame < 0) {
      ctx.fillStyle = "rgba(10,132,255,0.35)";
      ctx.strokeStyle = "rgba(10,132,255,0.95)";
      ctx.lineWidth = 2 * px;
      ctx.beginPath();
      // the finger holds the bar a quarter of its width behind the drag, so it stays on screen
      var behind = m.x0 >= m.rx ? -1 : 1;
      ctx.arc(x + behind * m.w * 0.25, y + m.h * 0.1, 16, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    } else if ((m.gesture === GESTURE.tapLeft || m.gesture === GESTURE.tapRight) && frame >= -12 && frame <= 12) {
      var tapX = m.gesture === GESTURE.tapLeft ? m.rx - m.w / 4 : m.rx + m.w / 4;
      var u = (frame + 12) / 24;
      ctx.strokeStyle = "rgba(10,132,255," + (1 - u).toFixed(3) + ")";
      ctx.fillStyle = "rgba(10,132,255," + (0.35 * (1 - u)).toFixed(3) + ")";
      ctx.lineWidth = 2.5 * px;
      ctx.beginPath();
      ctx.arc(tapX, m.ry, 8 + 16 * u, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
    ctx.restore();
  }

  /// Draws the screen's content, the rest position, the bar, the timeline and the finger.
  function draw(ctx, m, frame, surface) {
    var px = surface.px;
    var t = frame / m.fps;
    var k = Math.max(0, Math.min(m.pre + m.frames - 1, m.pre + frame));
    var x = m.x[k], y = m.y[k], angle = m.angle[k];

    // the screen's content above the timeline
    ctx.fillStyle = "#efeff4";
    for (var row = -CASTRO.timelineExpanded - CASTRO.keyline - 12; row > surface.screenTop; row -= 12) {
      ctx.fillRect(8, row, m.sw - 16, px);
    }

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
    drawButtons(ctx, m.w, m.h);
    ctx.restore();

    var state = timelineState(m, t, surface.episode);
    drawTimeline(ctx, m, state, surface.episode);
    drawFinger(ctx, m, frame, x, y, px);
    return state;
  }

  FL.skins.castro = {
    /// The screen, every position of the bar, and room above the screen for the timeline.
    bounds: function (m) {
      return {
        xMin: Math.min(m.minX - m.w / 2, 0), xMax: Math.max(m.maxX + m.w / 2, m.sw),
        yMin: -CASTRO.timelineExpanded - CASTRO.keyline - 14, yMax: Math.max(m.sh, m.ry + m.h / 2),
      };
    },
    draw: draw,
    /// Whether the scrub was committed or rolled back, and the elapsed time shown.
    status: function (state) {
      var commit = state.committed === null ? "" : state.committed ? " · scrub committed" : " · scrub rolled back";
      return commit + " · " + formatElapsed(state.elapsed);
    },
    timelineState: timelineState,
    timelineHeight: timelineHeight,
    labelLayout: labelLayout,
    /// The episodes offered, and the one the timeline scrubs at first (s).
    episodes: EPISODES,
    defaultEpisode: function () { return { total: CASTRO.episodeTotal, start: CASTRO.episodeElapsed }; },
  };
})(window.FeelLab = window.FeelLab || {});
