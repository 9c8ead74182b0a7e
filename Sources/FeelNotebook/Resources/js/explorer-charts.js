// The explorer's charts (grid-chart.js): the experiment's charts drawn from the grid's metrics,
// at the explorer's selection on the axes they do not show. Pointing at a point reads it (the
// axis values and the metric with its unit, or why it is empty); a click selects it in the
// explorer, or the nearest point whose motion is stored when the grid holds more points than
// the stored ones. The charts are drawn when they come into view (and redrawn while in view),
// so building an explorer does not wait for them.
(function (FL) {
  "use strict";

  var Explorer = FL.Explorer, el = FL.el;

  /// The grid positions of each axis's base-scene value (null when not on the grid).
  function preferredPositions(exp) {
    return exp.axes.map(function (axis, a) {
      if (axis.preferred === null) return null;
      var q = exp.grid.kept[a].indexOf(axis.preferred);
      return q < 0 ? null : q;
    });
  }

  /// What a click on a chart does, for the charts' hint.
  Explorer.prototype.clickNote = "click to select it above";

  Explorer.prototype.buildCharts = function () {
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
    this.chartViews = grid.charts.map(function (spec, c) {
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
        if (p !== null) self.selectGridPoint(p);
      });
      box.appendChild(el("figure", { className: "grid-chart-figure" }, [canvas, readout]));
      return view;
    });
    this.chartsVisible = !("IntersectionObserver" in window);
    if (!this.chartsVisible) {
      new IntersectionObserver(function (entries) {
        entries.forEach(function (e) { self.chartsVisible = e.isIntersecting; });
        if (self.chartsVisible && self.chartsStale) self.refreshCharts();
      }, { rootMargin: "200px 0px" }).observe(box);
    }
    return el("div", {}, [el("p", { className: "hint", text: notes.join(" ") }), box]);
  };

  /// The grid positions of the selection (what the charts hold their other axes at).
  Explorer.prototype.slice = function () {
    var grid = this.exp.grid;
    return grid.positionsOf(grid.fromStored(this.selection));
  };

  /// The grid point under the pointer of chart c (the canvas is scaled to its width: pointer
  /// pixels to the chart's).
  Explorer.prototype.chartPoint = function (c, event) {
    var view = this.chartViews[c], canvas = view.canvas, rect = canvas.getBoundingClientRect();
    var L = view.chart.layout(), scale = L.W / (canvas.clientWidth || L.W);
    var x = (event.clientX - rect.left - canvas.clientLeft) * scale;
    var y = (event.clientY - rect.top - canvas.clientTop) * scale;
    return view.chart.hit(x, y, this.slice());
  };

  /// Where grid point p is drawn in chart c, in CSS pixels from the canvas's content box
  /// ({x, y, width, height}), or null when the chart does not show it.
  Explorer.prototype.chartPlace = function (c, p) {
    var view = this.chartViews[c], q = view.chart.place(p, this.slice());
    if (!q) return null;
    var width = view.canvas.clientWidth, height = view.canvas.clientHeight, scale = width / q.width;
    return { x: q.x * scale, y: q.y * scale, width: width, height: height };
  };

  Explorer.prototype.hoverChart = function (c, event) {
    var p = this.chartPoint(c, event);
    this.chartViews[c].hovered = p;
    this.showReadout(c, p);
  };

  /// Selects grid point p in the explorer (or the nearest stored point).
  Explorer.prototype.selectGridPoint = function (p) {
    this.selection = this.exp.grid.nearestStored(p).positions;
    this.refresh();
  };

  /// The readout of chart c for grid point p (null: the selection's).
  Explorer.prototype.showReadout = function (c, p) {
    var exp = this.exp, grid = exp.grid, view = this.chartViews[c], m = view.chart.spec.metric;
    var hovering = p !== null;
    if (!hovering) p = grid.fromStored(this.selection);
    var metric = grid.metrics[m], value = grid.value(m, p), reason = grid.reason(m, p);
    var text = grid.describe(p, exp.axes) + " → " + metric.name + " " +
      (value === null ? "empty (" + reason + ")" : grid.text(m, p) + (metric.unit ? " " + metric.unit : ""));
    var near = grid.nearestStored(p);
    if (!near.exact) {
      text += " · no motion stored here: a click selects " + exp.describe(exp.indexOf(near.positions));
    }
    var sol = this.solution;
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
  Explorer.prototype.refreshCharts = function () {
    if (!this.chartViews) return;
    var self = this, slice = this.slice(), selected = this.exp.grid.fromStored(this.selection);
    this.chartsStale = !this.chartsVisible;
    this.chartViews.forEach(function (view, c) {
      if (self.chartsVisible) view.chart.draw(slice, { solution: self.solution || null, selected: selected });
      self.showReadout(c, view.hovered === undefined ? null : view.hovered);
    });
  };
})(window.FeelLab = window.FeelLab || {});
