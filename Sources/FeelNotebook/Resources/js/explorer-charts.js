// The explorer's charts (grid-chart.js): the experiment's charts drawn from the grid's metrics,
// at the explorer's selection on the axes they do not show. Pointing at a point reads it (the
// axis values and the metric with its unit, or why it is empty); a click selects it in the
// explorer, or the nearest point whose motion is stored when the grid holds more points than
// the stored ones. The charts are drawn when they come into view (and redrawn while in view),
// so building an explorer does not wait for them. The charts own their views and whether they
// are in sight; the explorer (or a grid view) that holds them is their `host`: it owns the
// selection (`host.selection()`: stored positions), selects (`host.selectGridPoint(p)`) and
// gives the targets panel's answer (`host.solution()`, null without targets).
(function (FL) {
  "use strict";

  var el = FL.el;

  /// `clickNote`: what a click on a chart does, for the charts' hint.
  function GridCharts(exp, host, clickNote) {
    this.exp = exp;
    this.host = host;
    this.clickNote = clickNote;
    this.views = [];
    this.box = this.build();
  }

  /// The grid positions of each axis's base-scene value (null when not on the grid).
  function preferredPositions(exp) {
    return exp.axes.map(function (axis, a) {
      if (axis.preferred === null) return null;
      var q = exp.grid.kept[a].indexOf(axis.preferred);
      return q < 0 ? null : q;
    });
  }

  GridCharts.prototype.build = function () {
    var self = this, exp = this.exp, grid = exp.grid;
    var box = el("div", { className: "grid-charts" });
    var notes = [];
    notes.push("Drawn from the metrics of " + (grid.thinned ? grid.count + " of the " + exp.data.gridPoints : "all " +
      grid.count) + " grid points, as the sweep's CSV prints them. Point at the chart to read a point; " +
      this.clickNote + ".");
    if (exp.count < grid.count) {
      notes.push("Motion is stored for " + exp.count + " of them: a click selects the nearest stored point.");
    }
    notes.push("□ selection · ◇ the base scene's values · with targets set: hatched (or hollow on a line), " +
      "missing them; • the Pareto front; ○ the best point.");
    var preferred = preferredPositions(exp);
    this.views = grid.charts.map(function (spec, c) {
      var canvas = el("canvas", {
        className: "grid-chart", "data-chart": c, role: "img",
        "aria-label": "Chart of " + FL.text.metricLabel(grid.metrics[spec.metric]) + " over the grid",
      });
      var readout = el("div", { className: "chart-readout", "aria-live": "polite" });
      var view = { chart: new FL.GridChart(canvas, grid, exp.axes, spec, preferred), canvas: canvas, readout: readout };
      canvas.addEventListener("mousemove", function (event) { self.hoverChart(c, event); });
      canvas.addEventListener("mouseleave", function () {
        view.hovered = null;
        self.showReadout(c, null);
      });
      canvas.addEventListener("click", function (event) {
        var p = self.chartPoint(c, event);
        if (p !== null) self.host.selectGridPoint(p);
      });
      box.appendChild(el("figure", { className: "grid-chart-figure" }, [canvas, readout]));
      return view;
    });
    this.visible = !("IntersectionObserver" in window);
    if (!this.visible) {
      new IntersectionObserver(function (entries) {
        entries.forEach(function (e) { self.visible = e.isIntersecting; });
        if (self.visible && self.stale) self.refresh();
      }, { rootMargin: "200px 0px" }).observe(box);
    }
    return el("div", {}, [el("p", { className: "hint", text: notes.join(" ") }), box]);
  };

  /// The grid positions of the selection (what the charts hold their other axes at).
  GridCharts.prototype.slice = function () {
    var grid = this.exp.grid;
    return grid.positionsOf(grid.fromStored(this.host.selection()));
  };

  /// The grid point under the pointer of chart c (the canvas is scaled to its width: pointer
  /// pixels to the chart's).
  GridCharts.prototype.chartPoint = function (c, event) {
    var view = this.views[c], canvas = view.canvas, rect = canvas.getBoundingClientRect();
    var L = view.chart.layout(), scale = L.W / (canvas.clientWidth || L.W);
    var x = (event.clientX - rect.left - canvas.clientLeft) * scale;
    var y = (event.clientY - rect.top - canvas.clientTop) * scale;
    return view.chart.hit(x, y, this.slice());
  };

  /// Where grid point p is drawn in chart c, in CSS pixels from the canvas's content box
  /// ({x, y, width, height}), or null when the chart does not show it.
  GridCharts.prototype.chartPlace = function (c, p) {
    var view = this.views[c], q = view.chart.place(p, this.slice());
    if (!q) return null;
    var width = view.canvas.clientWidth, height = view.canvas.clientHeight, scale = width / q.width;
    return { x: q.x * scale, y: q.y * scale, width: width, height: height };
  };

  GridCharts.prototype.hoverChart = function (c, event) {
    var p = this.chartPoint(c, event);
    this.views[c].hovered = p;
    this.showReadout(c, p);
  };

  /// The readout of chart c for grid point p (null: the selection's).
  GridCharts.prototype.showReadout = function (c, p) {
    var exp = this.exp, grid = exp.grid, view = this.views[c], m = view.chart.spec.metric;
    var hovering = p !== null;
    if (!hovering) p = grid.fromStored(this.host.selection());
    var metric = grid.metrics[m], value = grid.value(m, p), reason = grid.reason(m, p);
    var text = grid.describe(p, exp.axes) + " → " + metric.name + " " +
      (value === null ? "empty (" + reason + ")" : grid.text(m, p) + (metric.unit ? " " + metric.unit : ""));
    var near = grid.nearestStored(p);
    if (!near.exact) {
      text += " · no motion stored here: a click selects " + exp.describe(exp.indexOf(near.positions));
    }
    var sol = this.host.solution();
    if (sol) {
      if (sol.best === p) text += " · the best point";
      else if (sol.onFront[p]) text += " · on the Pareto front";
      text += sol.feasible[p] ? " · meets the targets" : " · misses the targets";
    }
    view.readout.textContent = (hovering ? "" : "Selection: ") + text;
    view.readout.setAttribute("data-point", String(p));
    view.readout.setAttribute("data-value", grid.text(m, p));
  };

  /// Redraws every chart at the selection's slice with the targets' marks.
  GridCharts.prototype.refresh = function () {
    var self = this, slice = this.slice(), selected = this.exp.grid.fromStored(this.host.selection());
    var solution = this.host.solution() || null;
    this.stale = !this.visible;
    this.views.forEach(function (view, c) {
      if (self.visible) view.chart.draw(slice, { solution: solution, selected: selected });
      self.showReadout(c, view.hovered === undefined ? null : view.hovered);
    });
  };

  FL.GridCharts = GridCharts;
})(window.FeelLab = window.FeelLab || {});
