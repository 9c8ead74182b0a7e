// The explorer's targets panel: a bound per metric (≤ or ≥, set with a slider or typed), an
// objective, axes held at one value; the points that meet every target are found with
// `feel solve`'s rules (solve.js) on the grid's metrics as the controls move, shown over the
// charts, and "Jump to the best point" selects the best one in the explorer. Below it, the
// questions `feel notebook --solve` answered with FeelSolve, with the refined point between grid
// values that only the engine can give. The panel owns the targets and their answer
// (`solution`); the explorer (or grid view) holding it is its `host`: it selects a grid point
// (`host.selectGridPoint(p)`) and is told when the answer changed (`host.solved()`).
(function (FL) {
  "use strict";

  var el = FL.el;
  var numberText = FL.text.numberText;
  var OPS = [["", "—"], ["<=", "≤"], [">=", "≥"]];

  /// A round step near `raw`: 1, 2 or 5 times a power of ten.
  function niceStep(raw) {
    if (!(raw > 0)) return 1;
    var p = Math.pow(10, Math.floor(Math.log10(raw)));
    var n = raw / p;
    return (n < 1.5 ? 1 : n < 3 ? 2 : n < 7 ? 5 : 10) * p;
  }

  /// x without the float noise of a multiple of `step` (0.30000000000000004 → 0.3).
  function clean(x, step) {
    var digits = Math.max(0, Math.min(12, 1 - Math.floor(Math.log10(step))));
    return Number(x.toFixed(digits));
  }

  /// A metric's slider: from the grid's smallest to largest value, in round steps.
  function sliderRange(range, count) {
    if (!range) return null;
    if (count) {
      return { lo: Math.floor(range.min), hi: Math.max(Math.ceil(range.max), Math.floor(range.min) + 1), step: 1 };
    }
    var step = niceStep((range.max - range.min) / 200 || Math.abs(range.max) / 100 || 1);
    var lo = clean(Math.floor(range.min / step) * step, step), hi = clean(Math.ceil(range.max / step) * step, step);
    return { lo: lo, hi: hi > lo ? hi : clean(lo + step, step), step: step };
  }

  function TargetsPanel(exp, host) {
    this.exp = exp;
    this.host = host;
    /// The answer (solve.js), null while no target is set.
    this.solution = null;
    this.box = this.build();
    this.targetResult.textContent = "Set a bound or an objective.";
    this.jumpButton.disabled = true;
  }

  TargetsPanel.prototype.build = function () {
    var self = this, exp = this.exp, grid = exp.grid;
    var rows = grid.metrics.map(function () { return { op: "", bound: null }; });
    this.targets = { rows: rows, objective: "", fixed: {}, forAll: {} };
    var table = el("table", { className: "targets" });
    table.appendChild(el("thead", {}, [el("tr", {}, ["metric", "bound", "", "value", "grid's range"].map(function (t) {
      return el("th", { scope: "col", text: t });
    }))]));
    var body = el("tbody");
    this.targetRows = grid.metrics.map(function (metric, m) {
      var r = sliderRange(grid.ranges[m], metric.count);
      var op = el("select", {
        className: "target-op", "data-metric": metric.name, "aria-label": metric.name + " bound",
      });
      OPS.forEach(function (o) { op.appendChild(new Option(o[1], o[0])); });
      var slider = el("input", {
        type: "range", className: "target-slider", "data-metric": metric.name, disabled: !r,
        min: r ? r.lo : 0, max: r ? r.hi : 1, step: r ? r.step : 1, "aria-label": metric.name + " bound value",
      });
      var box = el("input", {
        type: "number", className: "target-value", step: "any", disabled: !r, "data-metric": metric.name,
      });
      var row = { op: op, slider: slider, box: box, range: r };
      var mid = r ? clean(r.lo + Math.round((r.hi - r.lo) / r.step / 2) * r.step, r.step) : 0;
      slider.value = String(mid);
      box.value = String(mid);
      self.targets.rows[m].bound = mid;
      op.disabled = !r;
      op.addEventListener("change", function () { self.targets.rows[m].op = op.value; self.updateTargets(); });
      slider.addEventListener("input", function () {
        self.setBound(m, clean(Number(slider.value), r.step), "slider");
      });
      box.addEventListener("input", function () {
        var x = Number(box.value);
        if (box.value !== "" && isFinite(x)) self.setBound(m, x, "box");
      });
      body.appendChild(el("tr", {}, [
        el("th", {
          scope: "row", title: metric.name + ": " + metric.definition, text: FL.text.metricLabel(metric),
        }),
        el("td", {}, [op]), el("td", { className: "slider-cell" }, [slider]), el("td", {}, [box]),
        el("td", { className: "range-note", text: r ? numberText(grid.ranges[m].min, 4) + " … " +
          numberText(grid.ranges[m].max, 4) : "always empty" }),
      ]));
      return row;
    });
    table.appendChild(body);

    this.objectiveSelect = el("select", { className: "target-objective", "aria-label": "Objective" });
    this.objectiveSelect.appendChild(new Option("none: the point farthest inside the bounds", ""));
    grid.metrics.forEach(function (metric, m) {
      ["minimize", "maximize"].forEach(function (d) {
        self.objectiveSelect.appendChild(new Option(d + " " + FL.text.metricLabel(metric), d + ":" + m));
      });
    });
    this.objectiveSelect.addEventListener("change", function () {
      self.targets.objective = self.objectiveSelect.value;
      self.updateTargets();
    });

    this.holdSelects = exp.axes.map(function (axis, a) {
      var select = el("select", {
        className: "target-hold", "data-axis": axis.name, "aria-label": "Hold " + axis.name,
      });
      select.appendChild(new Option("any", ""));
      // feel solve --for-all: the answer must hold at every value of this axis.
      select.appendChild(new Option("for every value", "all"));
      grid.labels[a].forEach(function (label, q) { select.appendChild(new Option(label, String(q))); });
      select.addEventListener("change", function () {
        delete self.targets.fixed[a];
        delete self.targets.forAll[a];
        if (select.value === "all") self.targets.forAll[a] = true;
        else if (select.value !== "") self.targets.fixed[a] = Number(select.value);
        self.updateTargets();
      });
      return el("label", { className: "hold" }, [axis.name + " ", select]);
    });

    this.targetResult = el("p", { className: "target-result", "aria-live": "polite" });
    this.jumpButton = el("button", {
      type: "button", className: "jump-best", onclick: function () { self.jumpToBest(); },
    }, ["Jump to the best point"]);
    var clear = el("button", {
      type: "button", className: "clear-targets", onclick: function () { self.clearTargets(); },
    }, ["Clear targets"]);
    return el("div", { className: "targets-panel" }, [
      el("p", {
        className: "hint",
        text: "Bound any metric (≤ or ≥) and pick an objective: the points that meet every bound are found with " +
          "feel solve's rules on the grid's values (an empty value never meets a bound; the best point has the best " +
          "objective, then lies farthest inside the bounds, each slack divided by its metric's range over the " +
          "grid, then comes first in grid order). The charts hatch the points that miss.",
      }),
      table,
      el("div", { className: "target-options" }, [el("label", {}, ["objective ", this.objectiveSelect])]
        .concat([el("span", { text: "hold:" })], this.holdSelects)),
      el("div", { className: "target-actions" }, [this.jumpButton, clear, this.targetResult]),
      this.buildQuestions(),
    ]);
  };

  /// Sets metric m's bound (turning a bound on at ≤ if none was set) and updates the other
  /// control.
  TargetsPanel.prototype.setBound = function (m, x, from) {
    var row = this.targetRows[m], t = this.targets.rows[m];
    t.bound = x;
    if (t.op === "") { t.op = "<="; row.op.value = "<="; }
    if (from !== "slider") row.slider.value = String(x);
    if (from !== "box") row.box.value = String(x);
    this.updateTargets();
  };

  /// The targets as a problem for solve.js (metrics and axes by index).
  TargetsPanel.prototype.problem = function () {
    var where = [];
    this.targets.rows.forEach(function (t, m) { if (t.op) where.push({ metric: m, op: t.op, bound: t.bound }); });
    var objective = null;
    if (this.targets.objective) {
      var parts = this.targets.objective.split(":");
      objective = { metric: Number(parts[1]), direction: parts[0] };
    }
    var fixed = {};
    for (var a in this.targets.fixed) fixed[a] = this.targets.fixed[a];
    var forAll = Object.keys(this.targets.forAll || {}).map(Number).sort(function (x, y) { return x - y; });
    // Every axis for every value leaves nothing to choose: the panel answers as if none were.
    if (forAll.length >= this.exp.axes.length) forAll = [];
    return { where: where, objective: objective, fixed: fixed, forAll: forAll };
  };

  /// Re-solves after any change of the targets, then redraws the charts.
  TargetsPanel.prototype.updateTargets = function () {
    var problem = this.problem(), exp = this.exp, grid = exp.grid;
    this.solution = FL.solve.isEmpty(problem) ? null : FL.solve.solve(grid, problem);
    var sol = this.solution;
    if (!sol) {
      this.targetResult.textContent = "Set a bound or an objective.";
    } else if (sol.best === null) {
      this.targetResult.textContent = "No point of " + sol.points.length + " meets every bound.";
    } else {
      var objective = problem.objective;
      var near = grid.nearestStored(sol.best);
      var every = (problem.forAll || []).map(function (a) { return exp.axes[a].name; });
      this.targetResult.textContent = sol.feasibleCount + " of " + sol.points.length + " points meet every bound" +
        (every.length ? " at every value of " + every.join(" and ") + " (ranked by their worst case)" : "") + "; " +
        "Pareto front " + sol.front.length + " point" + (sol.front.length === 1 ? "" : "s") + "; best: " +
        grid.describe(sol.best, exp.axes) +
        (objective ? " (" + (grid.metrics[objective.metric].label || grid.metrics[objective.metric].name) + " " +
          grid.text(objective.metric, sol.best) + ")"
          : "") +
        (near.exact ? "" : "; its motion is not stored: the jump selects the nearest stored point, " +
          exp.describe(exp.indexOf(near.positions)));
    }
    this.jumpButton.disabled = !sol || sol.best === null;
    this.host.solved();
  };

  TargetsPanel.prototype.jumpToBest = function () {
    if (this.solution && this.solution.best !== null) this.host.selectGridPoint(this.solution.best);
  };

  TargetsPanel.prototype.clearTargets = function () {
    var self = this;
    this.targets.rows.forEach(function (t, m) { t.op = ""; self.targetRows[m].op.value = ""; });
    this.targets.objective = "";
    this.objectiveSelect.value = "";
    this.targets.fixed = {};
    this.targets.forAll = {};
    this.holdSelects.forEach(function (label) { label.querySelector("select").value = ""; });
    this.updateTargets();
  };

  /// Sets the targets from {where: [{metric (name), op, bound}], objective: {metric, direction}
  /// or null, fixed: {axis name: label}}: what a question asks, in the panel's terms. Throws
  /// when the panel cannot hold it (a strict bound, ==, or two bounds on one metric).
  TargetsPanel.prototype.setTargets = function (spec) {
    var self = this, grid = this.exp.grid;
    var names = grid.metrics.map(function (metric) { return metric.name; });
    var seen = {};
    (spec.where || []).forEach(function (c) {
      if (c.op !== "<=" && c.op !== ">=") throw new Error("the panel sets ≤ and ≥ bounds only, not " + c.op);
      if (names.indexOf(c.metric) < 0) throw new Error("no metric " + c.metric);
      if (seen[c.metric]) throw new Error("the panel holds one bound per metric: " + c.metric + " has two");
      seen[c.metric] = true;
    });
    this.clearTargets();
    (spec.where || []).forEach(function (c) {
      var m = names.indexOf(c.metric);
      self.targets.rows[m].op = c.op;
      self.targetRows[m].op.value = c.op;
      self.targets.rows[m].bound = c.bound;
      self.targetRows[m].slider.value = String(c.bound);
      self.targetRows[m].box.value = String(c.bound);
    });
    if (spec.objective) {
      this.targets.objective = spec.objective.direction + ":" + names.indexOf(spec.objective.metric);
      this.objectiveSelect.value = this.targets.objective;
    }
    this.exp.axes.forEach(function (axis, a) {
      if (!spec.fixed || !Object.prototype.hasOwnProperty.call(spec.fixed, axis.name)) return;
      var q = grid.labels[a].indexOf(String(spec.fixed[axis.name]));
      if (q < 0) throw new Error("the grid has no " + axis.name + " = " + spec.fixed[axis.name]);
      self.targets.fixed[a] = q;
      self.holdSelects[a].querySelector("select").value = String(q);
    });
    (spec.forAll || []).forEach(function (name) {
      var a = self.exp.axes.map(function (axis) { return axis.name; }).indexOf(name);
      if (a < 0) throw new Error("no axis " + name);
      self.targets.forAll[a] = true;
      self.holdSelects[a].querySelector("select").value = "all";
    });
    this.updateTargets();
  };

  /// The targets in the terms of `feel solve`'s options: names, relations and bounds.
  TargetsPanel.prototype.targetsSpec = function () {
    var grid = this.exp.grid, axes = this.exp.axes, problem = this.problem(), fixed = {};
    Object.keys(problem.fixed).forEach(function (a) { fixed[axes[a].name] = grid.labels[a][problem.fixed[a]]; });
    return {
      where: problem.where.map(function (c) {
        return { metric: grid.metrics[c.metric].name, op: c.op, bound: c.bound };
      }),
      objective: problem.objective
        ? { metric: grid.metrics[problem.objective.metric].name, direction: problem.objective.direction } : null,
      fixed: fixed,
      forAll: (problem.forAll || []).map(function (a) { return axes[a].name; }),
    };
  };

  /// The questions `feel notebook --solve` answered, each with feel solve's answer.
  TargetsPanel.prototype.buildQuestions = function () {
    var self = this, exp = this.exp, questions = exp.data.questions || [];
    var box = el("div", { className: "questions" });
    if (!questions.length) return box;
    box.appendChild(el("h5", { text: "Answered by feel solve when the notebook was written" }));
    questions.forEach(function (q, n) {
      var lines = [q.feasiblePoints + " of " + q.gridPoints + " grid points meet every bound; Pareto front " +
        q.frontPoints + " points."];
      if (q.best) lines.push("Best on the grid: " + answerText(exp, q.best, q) + ".");
      if (q.refined) {
        lines.push("Refined between grid values with the engine (" + q.engineRuns + " runs; gain: " + q.gain + "): " +
          answerText(exp, q.refined, q) + ".");
      }
      if (!q.best) lines.push("Nothing on the grid meets every bound: the summary below says which bound binds.");
      var load = el("button", {
        type: "button", className: "load-question", "data-question": n,
        onclick: function () { self.setTargets(q); },
      }, ["Set these targets"]);
      var loadable = q.where.every(function (c) { return c.op === "<=" || c.op === ">="; }) &&
        q.where.every(function (c, k) {
          return q.where.findIndex(function (d) { return d.metric === c.metric; }) === k;
        });
      load.disabled = !loadable;
      var jump = el("button", {
        type: "button", className: "jump-question", "data-question": n, disabled: !q.best,
        onclick: function () { self.host.selectGridPoint(exp.grid.find(labelsSpec(exp, q.best.labels), exp.axes)); },
      }, ["Jump to its best grid point"]);
      box.appendChild(el("div", { className: "question", "data-question": n }, [
        el("p", {}, [el("code", { text: "feel solve " + exp.data.file + " " + q.text })]),
        el("p", { className: "answer", text: lines.join(" ") }),
        el("div", { className: "target-actions" }, [load, jump]),
        el("details", {}, [el("summary", { text: "feel solve's summary" }), el("pre", { text: q.summary })]),
      ]));
    });
    return box;
  };

  function labelsSpec(exp, labels) {
    var spec = {};
    exp.axes.forEach(function (axis, a) { spec[axis.name] = labels[a]; });
    return spec;
  }

  /// "damping = 0.55, release_pt = 80 (settle_time_s 0.2, overshoot_pt 0.328140259)": the
  /// point and the metrics the question names.
  function answerText(exp, answer, q) {
    var axes = exp.axes.map(function (axis, a) { return axis.name + " = " + answer.labels[a]; }).join(", ");
    var named = [];
    if (q.objective) named.push(q.objective.metric);
    q.where.forEach(function (c) { if (named.indexOf(c.metric) < 0) named.push(c.metric); });
    var metrics = named.map(function (name) {
      var m = exp.data.metrics.map(function (d) { return d.name; }).indexOf(name);
      var v = answer.metrics[m];
      return name + " " + (v === null ? "empty" : String(v));
    });
    return axes + " (" + metrics.join(", ") + ")";
  }

  FL.TargetsPanel = TargetsPanel;
})(window.FeelLab = window.FeelLab || {});
