// Loading: each experiment's data script (data/ID.js) is added as a <script> element when its
// explorer is needed: the first at once, the others as they come near the viewport or when the
// browser is idle. An explorer is built once its data has arrived: FL.Explorer, or for an
// experiment shown as a summary (its page entry's `summary`) the grid explorer FL.GridView.
(function (FL) {
  "use strict";

  var pending = {};
  var waiters = {};
  /// performance.now() when each explorer was built.
  var readyAt = {};

  function cssString(s) { return String(s).replace(/["\\]/g, "\\$&"); }

  /// The explorers' roots: an explorer's, or a grid explorer's (an experiment shown as a summary).
  var ROOTS = [".explorer", ".grid-explorer"];

  function explorerRoot(id) {
    return document.querySelector(ROOTS.map(function (root) {
      return root + "[data-experiment=\"" + cssString(id) + "\"]";
    }).join(", "));
  }

  function loadScript(id, done) {
    if (FL.data[id]) { done(); return; }
    if (pending[id]) { pending[id].push(done); return; }
    pending[id] = [done];
    var entry = FL.page.experiments.filter(function (e) { return e.id === id; })[0];
    var script = document.createElement("script");
    script.src = entry.script;
    script.onload = function () { var list = pending[id]; delete pending[id]; list.forEach(function (f) { f(); }); };
    script.onerror = function () {
      var root = explorerRoot(id);
      if (root) root.textContent = "Could not load " + entry.script + ": run feel notebook again.";
      delete pending[id];
    };
    document.head.appendChild(script);
  }

  /// Pauses the drawing of an explorer out of sight.
  function observe(explorer) {
    if (!("IntersectionObserver" in window)) return;
    new IntersectionObserver(function (entries) {
      entries.forEach(function (e) { explorer.visible = e.isIntersecting; });
    }).observe(explorer.root);
  }

  function activate(id) {
    var explorers = FL.explorers;
    if (explorers[id]) return;
    loadScript(id, function () {
      if (explorers[id]) return;
      var root = explorerRoot(id);
      if (!root || !FL.data[id]) return;
      var View = FL.data[id].summary ? FL.GridView : FL.Explorer;
      explorers[id] = new View(root, new FL.Experiment(FL.data[id]));
      readyAt[id] = performance.now();
      observe(explorers[id]);
      (waiters[id] || []).forEach(function (f) { f(); });
      delete waiters[id];
    });
  }

  /// A promise of experiment `id`'s explorer being built (loading it now if it is not).
  function whenReady(id) {
    return new Promise(function (resolve) {
      if (FL.explorers[id]) { resolve(); return; }
      (waiters[id] = waiters[id] || []).push(resolve);
      activate(id);
    });
  }

  /// Builds the comps library, then the explorers.
  function start() {
    FL.comps.load();
    FL.buildLibrary();
    var ids = FL.page.experiments.map(function (e) { return e.id; });
    if (ids.length === 0) return;
    // The first explorer at once; the others when they come near the viewport, or when idle.
    activate(ids[0]);
    if ("IntersectionObserver" in window) {
      var observer = new IntersectionObserver(function (entries) {
        entries.forEach(function (e) {
          if (e.isIntersecting) {
            activate(e.target.getAttribute("data-experiment"));
            observer.unobserve(e.target);
          }
        });
      }, { rootMargin: "800px 0px" });
      document.querySelectorAll(ROOTS.map(function (root) { return root + "[data-experiment]"; }).join(", "))
        .forEach(function (node) { observer.observe(node); });
    }
    var idle = window.requestIdleCallback || function (f) { return window.setTimeout(f, 300); };
    var next = 1;
    (function loadNext() {
      if (next >= ids.length) return;
      idle(function () { activate(ids[next++]); whenReady(ids[next - 1]).then(loadNext); });
    })();
  }

  FL.loader = {
    whenReady: whenReady,
    readyAt: function (id) { return readyAt[id]; },
    start: start,
  };
})(window.FeelLab = window.FeelLab || {});
