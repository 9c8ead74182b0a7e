// The studio page (docs/studio.md, "The studio page"): pick a control and one of its scenes,
// grab the control on a stage drawn at 1 pt = 1 CSS px, in one continuous live session
// (docs/live-protocol.md) where every pointer-down is a new touch. Swift computes everything:
// the catalog and the scene's stage come from /api/studio, the motion from /api/live; this
// script only lays them out and draws. It holds no per-control code: what it shows is data,
// drawn with the control's skin (js/skin-NAME.js, the notebook's, on the motion the live panel
// keeps: live/live-motion.js). The server loads the skins before this script.
(function () {
  "use strict";

  /// Scene time a `still` plot and the live plot keep (s).
  var PLOT_S = 5;
  /// Frames before the contract's frame limit at which the page re-opens the scene.
  var LIMIT_MARGIN = 600;
  /// Fingers and samples before the session's limits at which the page re-opens it.
  var FINGER_MARGIN = 250, SAMPLE_MARGIN = 290000;
  /// The most drawn frames and lags kept for the tests.
  var KEEP = 20000;

  /// The notebook's namespace: the skins, glyphs and live motion the server loads first.
  var FL = window.FeelLab || {};
  var $ = function (id) { return document.getElementById(id); };
  var S = {
    catalog: null, group: null, info: null, set: {}, gaps: {}, socket: null, opened: null,
    t0: null, rate: 60, last: null, lastFrame: -1, frames: new Map(), drawnFrame: -1,
    plot: { t: [], x: [], y: [], a: [], g: [] }, range: null, plotGoal: [], releaseT: 0, dragTicks: [],
    pointers: new Map(), nextId: 1, used: [],
    samples: 0, touchLog: {}, target: null, metrics: null, moved: false, displayDt: 1 / 60, lastTs: null,
    advanced: -1, drawn: [], windows: [], lags: [], errors: [], restarts: 0, scale: 1,
    // the control's skin, its state, the live motion it draws and what it drew last
    skin: null, skinState: null, motion: null, itemIds: null, skinDrawn: null
  };
  window.FeelStudio = S;
  S.request = function () { return request(); };

  function api(path, body) {
    var init = body === undefined ? {} : { method: "POST", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json" } };
    return fetch(path, init).then(function (r) {
      return r.json().then(function (j) {
        if (!r.ok) throw new Error(j.error || r.status);
        return j;
      });
    });
  }

  function notice(text) {
    $("notice").textContent = text;
    $("notice").hidden = !text;
  }

  /// A number with 3 significant digits, as the sliders show it.
  function sig3(x) {
    if (x === 0) return "0";
    var s = Number(x.toPrecision(3));
    return String(s);
  }

  // ---- picking -----------------------------------------------------------------------------

  function start() {
    if (location.protocol === "file:") {
      notice("This page needs FeelLab's server: run `make studio` (or `feel serve`) in the repository " +
        "and open the URL it prints.");
      return;
    }
    api("api/studio").then(function (catalog) {
      S.catalog = catalog;
      if (catalog.errors.length) notice(catalog.errors.join("\n"));
      catalog.groups.forEach(function (g, i) {
        $("group").add(new Option(g.title + (g.control ? "" : " (experiment)"), String(i)));
      });
      var q = new URLSearchParams(location.search), scene = q.get("scene") || catalog.first, set = {};
      q.forEach(function (v, k) { if (k.indexOf("set.") === 0) set[k.slice(4)] = Number(v); });
      var gi = catalog.groups.findIndex(function (g) {
        return q.get("group") ? g.name === q.get("group") : g.scenes.some(function (s) { return s.path === scene; });
      });
      pickGroup(Math.max(gi, 0), scene, set);
    }).catch(function (e) { notice("The studio's catalog could not be read: " + e.message); });
    $("group").addEventListener("change", function () { pickGroup(Number($("group").value), null, {}); });
    $("scene").addEventListener("change", function () { loadScene($("scene").value, {}); });
    $("reset").addEventListener("click", function () { openSession(); });
    $("save").addEventListener("click", function () { save(false); });
    $("save-comp").addEventListener("click", saveComp);
    $("export").addEventListener("click", function () { FL.live.exportReport(request(), $("report")); });
    $("resweep").addEventListener("click", function () { FL.studioSweep.resweep(S); });
    $("sweep-metric").addEventListener("change", function () { FL.studioSweep.draw(S); });
    $("sweep-axis").addEventListener("change", function () { FL.studioSweep.draw(S); });
    setupPointers();
    requestAnimationFrame(tick);
  }

  function pickGroup(i, scene, set) {
    S.group = S.catalog.groups[i];
    $("group").value = String(i);
    var sel = $("scene");
    sel.textContent = "";
    S.group.scenes.forEach(function (s) { sel.add(new Option(s.title + " (" + s.from + ")", s.path)); });
    if (scene && !S.group.scenes.some(function (s) { return s.path === scene; })) sel.add(new Option(scene, scene));
    var path = scene || (S.group.scenes[0] && S.group.scenes[0].path);
    if (path) loadScene(path, set);
  }

  function loadScene(path, set) {
    $("scene").value = path;
    return api("api/studio/scene", { scene: path, set: set, group: S.group.name }).then(function (info) {
      S.info = info;
      S.set = set;
      S.target = info.target;
      setupSkin(info);
      FL.studioSweep.setup(S);
      $("save-path").value = path.replace(/([^/]*)\.toml$/, "$1-live.toml");
      buildSliders();
      FL.studioStage.layout(S);
      updateURL();
      openSession();
    }).catch(function (e) { notice(path + ": " + e.message); });
  }

  function updateURL() {
    var q = new URLSearchParams();
    q.set("group", S.group.name);
    q.set("scene", S.info.scene);
    Object.keys(S.set).sort().forEach(function (k) { q.set("set." + k, String(S.set[k])); });
    history.replaceState(null, "", "?" + q.toString());
  }

  // ---- the skin ----------------------------------------------------------------------------

  /// The skin the scene's control names (the generic skin without one), its state, and the
  /// base of the live motion: the stage's fields with the items' sizes and shapes.
  function setupSkin(info) {
    var st = info.stage, control = st.control;
    S.skin = (control && FL.skins[control.skin]) || FL.skins.generic;
    S.skinState = S.skin.setup ? S.skin.setup(control ? control.settings : {}) : null;
    var base = {};
    for (var k in st) if (Object.prototype.hasOwnProperty.call(st, k)) base[k] = st[k];
    base.items = info.items.map(function (it, j) {
      return { w: it.size[0], h: it.size[1], measured: j === st.item, shape: st.shapes[j] };
    });
    base.rx = st.tx !== null ? st.tx : st.x0;
    base.ry = st.ty !== null ? st.ty : st.y0;
    base.minX = Infinity;
    base.maxX = -Infinity;
    S.base = base;
    S.motion = FL.liveMotion.create(base);
    S.itemIds = info.items.map(function (it) { return it.id; });
  }

  // ---- sliders -----------------------------------------------------------------------------

  function buildSliders() {
    var box = $("sliders");
    box.textContent = "";
    S.info.constants.forEach(function (c) {
      if (c.value === null || (!c.gap && !c.path)) return;
      var row = document.createElement("div"), input = document.createElement("input");
      row.className = "slider";
      row.dataset.constant = c.name;
      var label = document.createElement("span"), value = document.createElement("span");
      var unit = document.createElement("span");
      label.className = "label";
      label.textContent = c.label;
      label.title = c.label;
      value.className = "value";
      unit.className = "unit";
      unit.textContent = c.unit;
      input.type = "range";
      input.min = String(c.low);
      input.max = String(c.high);
      input.step = String((c.high - c.low) / 1000);
      var current = c.gap ? S.gaps[c.name] : S.set[c.path];
      input.value = String(current === undefined ? c.value : current);
      value.textContent = sig3(Number(input.value));
      input.addEventListener("input", function () {
        var x = Number(input.value);
        value.textContent = sig3(x);
        if (c.gap) {
          S.gaps[c.name] = x;
          gapSet().then(send);
        } else {
          S.set[c.path] = x;
          gapSet().then(send);
        }
      });
      row.append(label, input, value, unit);
      box.appendChild(row);
    });
    if (!box.childNodes.length) box.textContent = "No constant of this group is held by this scene.";
  }

  /// The boundary coordinates every gap slider stands for (/api/gap), merged into the set.
  function gapSet() {
    var names = Object.keys(S.gaps);
    if (!names.length || !(S.group.experiment || S.group.control)) return Promise.resolve();
    // the experiment's control, [measure] and finger, else the control file and the scene's
    // own (its file, with its touches)
    var through = S.group.experiment ? { experiment: S.group.experiment, scene_toml: S.info.scene_toml }
      : { control: S.group.control, scene: S.info.scene };
    return Promise.all(names.map(function (name) {
      return api("api/gap", Object.assign({}, through, { set: plainSet(), constant: name, gap_pt: S.gaps[name] }));
    })).then(function (answers) {
      answers.forEach(function (a) { Object.keys(a.set).forEach(function (k) { S.set[k] = a.set[k]; }); });
    });
  }

  function plainSet() {
    var out = {};
    Object.keys(S.set).forEach(function (k) { out[k] = S.set[k]; });
    return out;
  }

  function send() {
    updateURL();
    FL.studioSweep.draw(S);
    if (S.socket && S.opened) S.socket.send(JSON.stringify({ type: "set", set: plainSet() }));
  }

  // ---- the session ---------------------------------------------------------------------------

  function openSession(why) {
    if (S.socket) { S.socket.onclose = null; S.socket.close(); }
    S.opened = null;
    S.t0 = null;
    S.pointers.clear();
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/live";
    var socket = new WebSocket(url);
    S.socket = socket;
    socket.onopen = function () {
      socket.send(JSON.stringify({ type: "open", scene_toml: S.info.scene_toml, set: plainSet() }));
    };
    socket.onmessage = function (e) { receive(JSON.parse(e.data)); };
    socket.onclose = function () { if (S.socket === socket) notice("The live session closed; Reset opens it again."); };
    notice(why || "");
    if (why) S.restarts += 1;
  }

  function clearMotion() {
    S.motion = FL.liveMotion.create(S.base);
    S.frames.clear();
    S.last = null;
    S.lastFrame = -1;
    S.drawnFrame = -1;
    S.plot = { t: [], x: [], y: [], a: [], g: [] };
    S.range = null;
    S.target = S.info.target;
    S.releaseT = 0;
  }

  /// The target from scene time `t` on (a release picked it): the plot's samples from then on
  /// take it, so the plot draws each target over the time it held.
  function retarget(p, t) {
    S.target = p;
    var g = S.plot.g;
    for (var i = S.plot.t.length - 1; i >= 0 && S.plot.t[i] >= t - 1e-9; i--) g[i] = p;
  }

  function receive(m) {
    if (m.type === "opened") {
      S.opened = m;
      S.rate = m.frame_rate;
      S.used = m.touches.slice();
      S.nextId = 1;
      S.samples = 0;
      S.touchLog = {};
      S.advanced = 0;
      clearMotion();
      S.t0 = performance.now();
    } else if (m.type === "frame") {
      FL.liveMotion.addFrame(S.motion, m, S.itemIds);
      addFrame(m.frame, m);
      if (m.running) S.moved = true;
    } else if (m.type === "still") {
      for (var j = m.from_frame; j <= m.to_frame; j++) FL.liveMotion.copyFrame(S.motion, j);
      var frame = S.frames.get(m.from_frame - 1) || S.last;
      var from = Math.max(m.from_frame, m.to_frame - Math.ceil(PLOT_S * S.rate));
      for (var k = from; k <= m.to_frame; k++) addFrame(k, frame);
      if (S.moved) { S.moved = false; askMetrics(); }
    } else if (m.type === "event") {
      FL.liveMotion.addEvent(S.motion, m);
      var picked = /^rule \d+ \(drag-ended[^)]*\) snap \S+ point (\S+) (\S+)/.exec(m.detail || "");
      if (m.event === "drag-ended") S.releaseT = m.frame / S.rate;
      if (picked) retarget([Number(picked[1]), Number(picked[2])], m.frame / S.rate);
      if (m.event === "touch-up") askMetrics();
    } else if (m.type === "restarted") {
      clearMotion();
    } else if (m.type === "metrics") {
      showMetrics(m.report);
    } else if (m.type === "saved") {
      $("save-status").textContent = "Saved " + m.path;
    } else if (m.type === "changed") {
      loadScene(S.info.scene, S.set);
    } else if (m.type === "error") {
      S.errors.push(m.message);
      if (/^save/.test(m.message)) $("save-status").textContent = m.message;
      else if (!/^metrics|^save: expected every/.test(m.message)) notice(m.message);
    }
  }

  function addFrame(k, m) {
    S.frames.set(k, m);
    S.frames.delete(k - Math.ceil(2 * PLOT_S * S.rate));
    if (k <= S.lastFrame) return;
    S.lastFrame = k;
    S.last = m;
    var it = measured(m);
    if (!it) return;
    var p = S.plot;
    p.t.push(k / S.rate);
    p.x.push(it.x_pt);
    p.y.push(it.y_pt);
    p.a.push(it.angle_rad);
    p.g.push(S.target);
    while (p.t.length && p.t[0] < k / S.rate - PLOT_S) {
      p.t.shift(); p.x.shift(); p.y.shift(); p.a.shift(); p.g.shift();
    }
    var r = S.range || (S.range = { x: [it.x_pt, it.x_pt], y: [it.y_pt, it.y_pt], a: [it.angle_rad, it.angle_rad] });
    ["x", "y", "a"].forEach(function (c) {
      var v = c === "x" ? it.x_pt : c === "y" ? it.y_pt : it.angle_rad;
      r[c][0] = Math.min(r[c][0], v);
      r[c][1] = Math.max(r[c][1], v);
    });
  }

  function measured(m) {
    if (!m || !m.items) return null;
    return m.items.find(function (it) { return it.id === S.info.measured; }) || m.items[0];
  }

  /// Metrics of the motion so far: not while a finger is down, nor while the scene still waits
  /// for a touch it names (the scene `save` would write could not run yet).
  function askMetrics() {
    if (!S.socket || !S.opened || S.pointers.size) return;
    if (S.opened.waiting_touches.some(function (id) { return S.used.indexOf(id) < 0; })) return;
    S.socket.send(JSON.stringify({ type: "metrics" }));
  }

  function showMetrics(report) {
    S.metrics = report;
    var t = report.target_pt, now = S.target;
    if (t && (!now || t[0] !== now[0] || t[1] !== now[1])) retarget(t, S.releaseT);
    var table = $("metrics");
    table.textContent = "";
    table.classList.remove("stale");
    Object.keys(report.metrics).forEach(function (name) {
      var v = report.metrics[name];
      if (v === null) return;
      var row = table.insertRow(), a = row.insertCell(), b = row.insertCell();
      a.textContent = name;
      b.textContent = typeof v === "number" ? sig3(v) : String(v);
      b.className = "n";
    });
    FL.studioSweep.draw(S);
  }

  /// The session as /api/run's body, as `save` would write it: the scene as opened, the
  /// constants, the touches so far, and the duration to the last frame received.
  function request() {
    var touches = Object.keys(S.touchLog).map(function (id) { return { id: id, samples: S.touchLog[id] }; });
    var set = plainSet();
    set.duration = Math.max(0, S.lastFrame) / S.rate;
    S.requested = { scene_toml: S.info.scene_toml, set: set, touches: touches };
    return S.requested;
  }

  /// "Save as comp": the sliders' constants as a comp of the control file (previewed, then
  /// written once the user agrees).
  function saveComp() {
    if (!S.group || !S.group.control) {
      $("comp-status").textContent = "This group has no control file: save the scene instead.";
      return;
    }
    var values = {};
    S.info.constants.forEach(function (c) {
      if (c.value === null || (!c.gap && !c.path)) return;
      var v = c.gap ? S.gaps[c.name] : S.set[c.path];
      values[c.name] = v === undefined ? c.value : v;
    });
    FL.live.saveComp({ control: S.group.control, name: $("comp-name").value.trim(), note: "saved from the studio",
      values: values }, $("comp-status"));
  }

  function save(replace) {
    if (!S.socket || !S.opened) return;
    S.socket.send(JSON.stringify({ type: "save", path: $("save-path").value, replace: replace }));
  }

  // ---- time ------------------------------------------------------------------------------------

  /// Every display refresh: ask for the frame of the next refresh (one display frame ahead) and
  /// draw the newest frame not after this refresh's time.
  function tick(ts) {
    requestAnimationFrame(tick);
    if (S.lastTs !== null) {
      var dt = (ts - S.lastTs) / 1000;
      if (dt > 0 && dt < 0.1) S.displayDt = 0.9 * S.displayDt + 0.1 * dt;
    }
    S.lastTs = ts;
    if (!S.opened || S.t0 === null || S.socket.readyState !== 1) return;
    var t = (ts - S.t0) / 1000, ahead = t + S.displayDt;
    var limit = S.opened.frame_limit - LIMIT_MARGIN;
    if (ahead * S.rate >= limit ||
        (!S.pointers.size && (S.used.length >= FINGER_MARGIN || S.samples >= SAMPLE_MARGIN))) {
      openSession("The session reached its limits (" + S.opened.frame_limit + " frames, 256 fingers): " +
        "the scene was opened again at frame 0.");
      return;
    }
    if (ahead > S.advanced) {
      S.advanced = ahead;
      S.socket.send(JSON.stringify({ type: "advance", to_t_s: ahead }));
    }
    var wanted = Math.floor(t * S.rate + 1e-9), k = Math.min(wanted, S.lastFrame);
    while (k > S.drawnFrame && !S.frames.has(k)) k--;
    if (k < S.drawnFrame || !S.frames.has(k)) k = S.drawnFrame;
    // while a finger is down: every refresh, whether it drew a newer frame and what drawing
    // cost (ms): the drag's frame rate, which the tests print
    var sample = S.pointers.size && S.dragTicks.length < KEEP
      ? [ts, k > S.drawnFrame ? 1 : 0, performance.now()] : null;
    if (sample) S.dragTicks.push(sample);
    if (k >= 0 && S.frames.has(k)) {
      S.drawnFrame = k;
      var f = S.frames.get(k);
      FL.studioStage.draw(S, f, k);
      FL.studioPlot.draw(S, $("plot"), PLOT_S);
      status(k, f);
      var it = measured(f);
      if (S.drawn.length < KEEP && it) S.drawn.push([k, it.x_pt, it.y_pt, it.angle_rad]);
      var w = S.skinDrawn;
      if (S.windows.length < KEEP && w && w.offset) S.windows.push([k, w.offset, w.visible]);
      if (S.lags.length < KEEP && wanted > 0) S.lags.push((wanted - k) / S.rate / S.displayDt);
    }
    if (sample) sample[2] = performance.now() - sample[2];
  }

  function status(k, f) {
    var it = measured(f), parts = ["t " + (k / S.rate).toFixed(3) + " s", "frame " + k];
    var coords = FL.studioPlot.moving(S);
    if (!coords.length) coords = ["x", "y"];
    if (it) {
      coords.forEach(function (c) {
        parts.push(c === "a" ? "angle " + (it.angle_rad * 180 / Math.PI).toFixed(1) + "°"
          : c + " " + (c === "x" ? it.x_pt : it.y_pt).toFixed(1) + " pt");
      });
    }
    if (S.opened && S.opened.waiting_touches.length > S.used.length - S.opened.touches.length) {
      parts.push("waiting for your finger");
    }
    $("status").textContent = parts.join(" · ");
  }

  // ---- pointers ----------------------------------------------------------------------------------

  /// Scene points of a pointer event on the stage.
  function toScene(e) {
    var r = $("stage").getBoundingClientRect();
    return [S.view.x0 + (e.clientX - r.left) / S.scale, S.view.y0 + (e.clientY - r.top) / S.scale];
  }

  /// The next touch id: a touch the scene's drags name and that has not come down, else p1, p2…
  function nextId() {
    var waiting = S.opened.waiting_touches.filter(function (id) { return S.used.indexOf(id) < 0; });
    if (waiting.length) return waiting[0];
    var id;
    do { id = "p" + S.nextId++; } while (S.used.indexOf(id) >= 0);
    return id;
  }

  function sendTouch(id, phase, e) {
    var p = toScene(e), t = Math.max(0, (e.timeStamp - S.t0) / 1000);
    S.samples += 1;
    // as the server takes it (the late rule), for the requests that replay the session
    var log = S.touchLog[id] || (S.touchLog[id] = []);
    log.push([FL.live.takenTime(t, log.length ? log[log.length - 1][0] : null, S.advanced, S.rate), p[0], p[1]]);
    S.socket.send(JSON.stringify({ type: "touch", id: id, phase: phase, t_s: t, x_pt: p[0], y_pt: p[1] }));
  }

  function setupPointers() {
    var canvas = $("stage");
    canvas.addEventListener("pointerdown", function (e) {
      if (!S.opened || S.t0 === null) return;
      e.preventDefault();
      canvas.setPointerCapture(e.pointerId);
      var id = nextId();
      S.used.push(id);
      S.pointers.set(e.pointerId, { id: id, last: e.timeStamp });
      sendTouch(id, "down", e);
      // the table holds the motion before this gesture until the release's metrics come
      $("metrics").classList.add("stale");
    });
    canvas.addEventListener("pointermove", function (e) {
      var f = S.pointers.get(e.pointerId);
      if (!f) return;
      var list = e.getCoalescedEvents ? e.getCoalescedEvents() : [e];
      (list.length ? list : [e]).forEach(function (c) {
        if (c.timeStamp <= f.last) return;
        f.last = c.timeStamp;
        sendTouch(f.id, "move", c);
      });
    });
    var lift = function (e) {
      var f = S.pointers.get(e.pointerId);
      if (!f) return;
      S.pointers.delete(e.pointerId);
      var stamp = Math.max(e.timeStamp, f.last + 0.01);
      sendTouch(f.id, "up", { clientX: e.clientX, clientY: e.clientY, timeStamp: stamp });
    };
    canvas.addEventListener("pointerup", lift);
    canvas.addEventListener("pointercancel", lift);
    window.addEventListener("resize", function () { if (S.info) FL.studioStage.layout(S); });
  }

  start();
})();
