// `feel solve`'s rules (docs/solve.md, FeelSolve's SolveProblem, Constraint, GridSolution and
// ParetoFront) re-applied to the grid's metrics as the targets panel's sliders move: which points
// are feasible, the Pareto front and the best point. The values are the CSV's (grid.js), the
// arithmetic the same IEEE doubles, so the page picks the point `feel solve` picks. No physics:
// the refined answer between grid values needs the engine and comes from `feel notebook`.
//
// A problem: {where: [{metric: m, op: "<=" | ">=" | "<" | ">" | "==", bound: x}],
//             objective: {metric: m, direction: "minimize" | "maximize"} or null,
//             fixed: {axis index: grid position},
//             forAll: [axis index, …] or absent}   (metrics and axes by index)
// With forAll (`feel solve --for-all`, docs/solve.md): a point of the other axes must meet every
// bound at every value of those axes, and is ranked by its worst case over them: a metric's
// highest value where lower is better (≤, minimize), its lowest where higher is better (≥,
// maximize), empty if empty anywhere. Every point of such a group gets the group's answer; the
// best is its first point in grid order.
(function (FL) {
  "use strict";

  /// Whether `value` (null: empty) satisfies a constraint: an empty value never does.
  function satisfies(c, value) {
    if (value === null) return false;
    switch (c.op) {
      case "<=": return value <= c.bound;
      case ">=": return value >= c.bound;
      case "<": return value < c.bound;
      case ">": return value > c.bound;
      case "==": return value === c.bound;
    }
    throw new Error("unknown relation " + c.op);
  }

  /// How far inside its bound `value` is (negative outside); null for ==.
  function slack(c, value) {
    if (c.op === "<=" || c.op === "<") return c.bound - value;
    if (c.op === ">=" || c.op === ">") return value - c.bound;
    return null;
  }

  /// true: lower is better (<=, <); false: higher (>=, >); null for ==.
  function prefersLower(c) {
    if (c.op === "<=" || c.op === "<") return true;
    if (c.op === ">=" || c.op === ">") return false;
    return null;
  }

  /// The grid points the problem covers (every point, or the slice at the fixed values), in
  /// grid order.
  function pointsOf(grid, fixed) {
    var axes = Object.keys(fixed || {});
    if (axes.length === 0) {
      var all = new Array(grid.count);
      for (var i = 0; i < grid.count; i++) all[i] = i;
      return all;
    }
    var out = [];
    for (var p = 0; p < grid.count; p++) {
      var positions = grid.positionsOf(p), keep = true;
      for (var k = 0; k < axes.length; k++) if (positions[Number(axes[k])] !== fixed[axes[k]]) { keep = false; break; }
      if (keep) out.push(p);
    }
    return out;
  }

  /// Each metric's range over the points (largest minus smallest value); 1 when constant or
  /// always empty: the unit of normalised slacks.
  function scales(grid, points) {
    return grid.values.map(function (values) {
      var lo = Infinity, hi = -Infinity;
      for (var k = 0; k < points.length; k++) {
        var v = values[points[k]];
        if (v === v) { if (v < lo) lo = v; if (v > hi) hi = v; }
      }
      return lo <= hi && hi > lo ? hi - lo : 1;
    });
  }

  /// The metrics the front compares: the objective's, then each one-sided constraint's in the
  /// order written, without the objective's own metric and without a metric bounded on both
  /// sides.
  function criteria(problem) {
    var out = [], bands = {};
    if (problem.objective) {
      out.push({ metric: problem.objective.metric, lower: problem.objective.direction === "minimize" });
    }
    problem.where.forEach(function (c) {
      var lower = prefersLower(c);
      if (lower === null || (problem.objective && c.metric === problem.objective.metric)) return;
      var existing = out.filter(function (k) { return k.metric === c.metric; })[0];
      if (existing) {
        if (existing.lower !== lower) bands[c.metric] = true;
        return;
      }
      out.push({ metric: c.metric, lower: lower });
    });
    return out.filter(function (k) { return !bands[k.metric]; });
  }

  /// The points no other point dominates (at least as good on every criterion, better on one),
  /// best on the first criterion first. `key(p, c)`: point p on criterion c, lower is better.
  function paretoFront(points, count, key) {
    var keys = points.map(function (p) {
      var row = new Array(count);
      for (var c = 0; c < count; c++) row[c] = key(p, c);
      return row;
    });
    var order = points.map(function (p, k) { return k; });
    order.sort(function (a, b) {
      for (var c = 0; c < count; c++) if (keys[a][c] !== keys[b][c]) return keys[a][c] < keys[b][c] ? -1 : 1;
      return points[a] - points[b];
    });
    var front = [];
    order.forEach(function (a) {
      var dominated = front.some(function (b) {
        var strictly = false;
        for (var c = 0; c < count; c++) {
          if (keys[b][c] > keys[a][c]) return false;
          if (keys[b][c] < keys[a][c]) strictly = true;
        }
        return strictly;
      });
      if (!dominated) front.push(a);
    });
    return front.map(function (k) { return points[k]; });
  }

  /// A point's rank: cost (the objective, negated when maximised; +∞ when empty; 0 without an
  /// objective), then depth (the smallest normalised slack; larger is better).
  function rank(grid, problem, scale, p) {
    var o = problem.objective, cost = 0;
    if (o) {
      var v = grid.value(o.metric, p);
      cost = v === null ? Infinity : o.direction === "minimize" ? v : -v;
    }
    var depth = Infinity;
    problem.where.forEach(function (c) {
      var value = grid.value(c.metric, p);
      if (value === null) return;
      var s = slack(c, value);
      if (s !== null) depth = Math.min(depth, s / scale[c.metric]);
    });
    return { cost: cost, depth: depth };
  }

  function better(a, b) { return a.cost < b.cost || (a.cost === b.cost && a.depth > b.depth); }

  /// The grid as a for-all problem reads it (see the top): `value(m, p, lower)` is the worst
  /// case over p's group, the highest when `lower` (the default), else the lowest; `groups`
  /// maps each representative (its for-all axes at their first value) to its group's points.
  function worstCase(grid, forAll) {
    var hi = [], lo = [], groups = {};
    var rep = new Int32Array(grid.count);
    for (var p = 0; p < grid.count; p++) {
      var positions = grid.positionsOf(p);
      forAll.forEach(function (a) { positions[a] = 0; });
      var r = indexOfPositions(grid, positions);
      rep[p] = r;
      (groups[r] = groups[r] || []).push(p);
    }
    grid.values.forEach(function (values) {
      var h = new Float64Array(grid.count).fill(-Infinity), l = new Float64Array(grid.count).fill(Infinity);
      for (var q = 0; q < grid.count; q++) {
        var r2 = rep[q], v = values[q];
        if (v !== v || h[r2] !== h[r2]) { h[r2] = NaN; l[r2] = NaN; continue; }
        if (v > h[r2]) h[r2] = v;
        if (v < l[r2]) l[r2] = v;
      }
      hi.push(h); lo.push(l);
    });
    return {
      count: grid.count, groups: groups, rep: rep,
      values: hi,
      positionsOf: function (p) { return grid.positionsOf(p); },
      value: function (m, p, lower) {
        var v = (lower === false ? lo : hi)[m][rep[p]];
        return v !== v ? null : v;
      },
      column: function (m, lower) { return lower === false ? lo[m] : hi[m]; },
    };
  }

  /// The grid index of `positions` (one per axis), from the grid's own numbering.
  function indexOfPositions(grid, positions) {
    var index = 0;
    for (var a = 0; a < positions.length; a++) index = index * grid.sizes[a] + positions[a];
    return index;
  }

  /// Solves `problem` on `grid`: {points (covered), feasible (a flag per grid point),
  /// feasibleCount, front, onFront (flags), best (a grid point or null), scales}.
  function solve(grid, problem) {
    if (problem.forAll && problem.forAll.length) return solveForAll(grid, problem);
    var points = pointsOf(grid, problem.fixed);
    var scale = scales(grid, points);
    var feasible = new Uint8Array(grid.count), feasiblePoints = [];
    points.forEach(function (p) {
      for (var k = 0; k < problem.where.length; k++) {
        if (!satisfies(problem.where[k], grid.value(problem.where[k].metric, p))) return;
      }
      feasible[p] = 1;
      feasiblePoints.push(p);
    });
    var crit = criteria(problem);
    var comparable = feasiblePoints.filter(function (p) {
      return crit.every(function (k) { return grid.value(k.metric, p) !== null; });
    });
    var front = paretoFront(comparable, crit.length, function (p, c) {
      var v = grid.value(crit[c].metric, p);
      return crit[c].lower ? v : -v;
    });
    var onFront = new Uint8Array(grid.count);
    front.forEach(function (p) { onFront[p] = 1; });
    var candidates = front.length ? front.slice().sort(function (a, b) { return a - b; }) : feasiblePoints;
    var best = null, bestRank = null;
    candidates.forEach(function (p) {
      var r = rank(grid, problem, scale, p);
      if (best === null || better(r, bestRank)) { best = p; bestRank = r; }
    });
    return {
      points: points, feasible: feasible, feasibleCount: feasiblePoints.length, criteria: crit,
      front: front, onFront: onFront, best: best, scales: scale,
    };
  }

  /// A for-all problem: solved on the representatives of the groups with their worst cases,
  /// then every point of a group marked as its representative is.
  function solveForAll(full, problem) {
    var grid = worstCase(full, problem.forAll);
    var reps = pointsOf(full, problem.fixed).filter(function (p) { return grid.rep[p] === p; });
    /// Each column's range over the representatives (FeelSolve's scales of the worst-case grid).
    function scaleOf(m, lower) {
      var column = grid.column(m, lower), a = Infinity, b = -Infinity;
      reps.forEach(function (p) { var v = column[p]; if (v === v) { if (v < a) a = v; if (v > b) b = v; } });
      return a <= b && b > a ? b - a : 1;
    }
    var feasibleReps = reps.filter(function (p) {
      return problem.where.every(function (c) {
        if (c.op === "==") {
          return satisfies(c, grid.value(c.metric, p, true)) && satisfies(c, grid.value(c.metric, p, false));
        }
        return satisfies(c, grid.value(c.metric, p, prefersLower(c)));
      });
    });
    var crit = criteria(problem);
    var comparable = feasibleReps.filter(function (p) {
      return crit.every(function (k) { return grid.value(k.metric, p, k.lower) !== null; });
    });
    var front = paretoFront(comparable, crit.length, function (p, c) {
      var v = grid.value(crit[c].metric, p, crit[c].lower);
      return crit[c].lower ? v : -v;
    });
    function rankOf(p) {
      var o = problem.objective, cost = 0;
      if (o) {
        var v = grid.value(o.metric, p, o.direction === "minimize");
        cost = v === null ? Infinity : o.direction === "minimize" ? v : -v;
      }
      var depth = Infinity;
      problem.where.forEach(function (c) {
        var lower = prefersLower(c);
        if (lower === null) return;
        var value = grid.value(c.metric, p, lower);
        if (value === null) return;
        depth = Math.min(depth, slack(c, value) / scaleOf(c.metric, lower));
      });
      return { cost: cost, depth: depth };
    }
    var candidates = front.length ? front.slice().sort(function (a, b) { return a - b; }) : feasibleReps;
    var best = null, bestRank = null;
    candidates.forEach(function (p) {
      var r = rankOf(p);
      if (best === null || better(r, bestRank)) { best = p; bestRank = r; }
    });
    var feasible = new Uint8Array(full.count), onFront = new Uint8Array(full.count);
    feasibleReps.forEach(function (p) { grid.groups[p].forEach(function (q) { feasible[q] = 1; }); });
    front.forEach(function (p) { grid.groups[p].forEach(function (q) { onFront[q] = 1; }); });
    return {
      points: reps, feasible: feasible, feasibleCount: feasibleReps.length, criteria: crit,
      front: front, onFront: onFront, best: best, scales: scales(full, reps), forAll: problem.forAll,
    };
  }

  /// Whether a problem asks anything (a constraint or an objective).
  function isEmpty(problem) { return problem.where.length === 0 && !problem.objective; }

  FL.solve = { solve: solve, isEmpty: isEmpty, satisfies: satisfies, criteria: criteria };
})(window.FeelLab = window.FeelLab || {});
