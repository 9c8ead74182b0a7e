// A live session's motion (docs/live-panel.md, docs/studio.md): the frames, fingers and events
// a session sends, kept in the form a control's skin draws (Experiment.motion's: every item's
// x, y and angle by frame number, the fingers, the first drag, the target a release picked).
// Shared by the notebook's live panel (live/live-session.js) and the studio page
// (studio/studio.js); loaded only when the server serves the page.
(function (FL) {
  "use strict";

  /// A motion with no frame yet: `base`'s fixed fields (a stored point's motion, or the studio's
  /// stage) with empty frame arrays.
  function create(b) {
    var m = {};
    for (var k in b) if (Object.prototype.hasOwnProperty.call(b, k)) m[k] = b[k];
    m.items = b.items.map(function (it) {
      return { x: [], y: [], angle: [], w: it.w, h: it.h, measured: it.measured, shape: it.shape };
    });
    var measured = 0;
    m.items.forEach(function (it, j) { if (it.measured) measured = j; });
    m.x = m.items[measured].x;
    m.y = m.items[measured].y;
    m.angle = m.items[measured].angle;
    m.frames = 0;
    m.fingers = [];
    m.scroll = null;
    m.drag = null;
    m.pause = null;
    // a target the release picks: the snap's file point until the live release picks one
    if (b.unpicked) moveTarget(m, b.unpicked);
    return m;
  }

  /// Moves the live motion's target (and its snap's cross) to `p`: where a release picked it.
  function moveTarget(m, p) {
    var from = [m.tx, m.ty];
    m.snaps = (m.snaps || []).map(function (s) {
      return s[1] === from[0] && s[2] === from[1] ? [s[0], p[0], p[1]] : s;
    });
    m.tx = m.rx = p[0];
    m.ty = m.ry = p[1];
  }

  /// A `frame` message: every item's pose and the fingers down at its frame. `itemIds`: the
  /// items' ids in the motion's order (the `opened` message's), else the message's order.
  function addFrame(m, msg, itemIds) {
    var k = msg.frame;
    (msg.items || []).forEach(function (it, n) {
      var j = itemIds ? itemIds.indexOf(it.id) : n;
      var item = m.items[j >= 0 ? j : n];
      if (!item) return;
      item.x[k] = it.x_pt;
      item.y[k] = it.y_pt;
      item.angle[k] = it.angle_rad;
    });
    (msg.touches || []).forEach(function (t) {
      var f = null;
      m.fingers.forEach(function (g) { if (g.id === t.id) f = g; });
      if (!f) {
        f = { id: t.id, first: k, n: 0, x: [], y: [], down: k, dragBegan: null, dragEnded: null,
          tap: null, hold: null, up: null };
        m.fingers.push(f);
      }
      f.x[k - f.first] = t.x_pt;
      f.y[k - f.first] = t.y_pt;
      f.n = k - f.first + 1;
    });
    addScroll(m, msg, k);
    m.frames = Math.max(m.frames, k + 1);
    if (m.x[k] < m.minX) m.minX = m.x[k];
    if (m.x[k] > m.maxX) m.maxX = m.x[k];
  }

  /// A scroll's content offset at frame k ({x, y} by frame, the list skin's window): the
  /// frame's first `scrolls` entry, else the offset of the frame before (the offset moves only
  /// in the frames that carry one; 0 before the first).
  function addScroll(m, msg, k) {
    var s = (msg.scrolls || [])[0];
    if (!s && !m.scroll) return;
    if (!m.scroll) m.scroll = { x: [], y: [] };
    m.scroll.x[k] = s ? s.x_pt : m.scroll.x[k - 1] || 0;
    m.scroll.y[k] = s ? s.y_pt : m.scroll.y[k - 1] || 0;
  }

  /// Frame k as frame k − 1 (a `still` run).
  function copyFrame(m, k) {
    addScroll(m, {}, k);
    m.items.forEach(function (it) {
      it.x[k] = it.x[k - 1];
      it.y[k] = it.y[k - 1];
      it.angle[k] = it.angle[k - 1];
    });
    m.frames = Math.max(m.frames, k + 1);
  }

  /// An `event` message: the target a release picked, the pause, and each finger's events
  /// (the first drag is the one the Castro skin's timeline follows).
  function addEvent(m, msg) {
    // a drag-ended rule that picked the measured snap's point: the target moves there
    var picked = /^rule \d+ \(drag-ended[^)]*\) snap \S+ point (\S+) (\S+)/.exec(msg.detail || "");
    if (picked && m.candidates) moveTarget(m, [Number(picked[1]), Number(picked[2])]);
    var touch = /touch (\S+)/.exec(msg.detail || "");
    var finger = null;
    if (touch) m.fingers.forEach(function (f) { if (f.id === touch[1]) finger = f; });
    if (msg.event === "pause" && m.pause === null) m.pause = msg.frame;
    if (!finger) return;
    if (msg.event === "drag-began") {
      finger.dragBegan = msg.frame;
      if (!m.drag) m.drag = { finger: finger, began: msg.frame, ended: null };
    } else if (msg.event === "drag-ended") {
      finger.dragEnded = msg.frame;
      if (m.drag && m.drag.finger === finger) m.drag.ended = msg.frame;
    } else if (msg.event === "tap") finger.tap = msg.frame;
    else if (msg.event === "hold") finger.hold = msg.frame;
    else if (msg.event === "touch-up") finger.up = msg.frame;
  }

  FL.liveMotion = { create: create, moveTarget: moveTarget, addFrame: addFrame, copyFrame: copyFrame,
    addEvent: addEvent };
})(window.FeelLab = window.FeelLab || {});
