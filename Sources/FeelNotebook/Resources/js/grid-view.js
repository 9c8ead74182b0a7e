// The grid explorer of an experiment shown as a summary (no motion to replay: a recognizer
// experiment reads a corpus of touches and moves nothing; NotebookSummary.swift writes its
// tables and drawn traces into the page). Its data script holds the grid's metrics only, and it
// holds the explorer's parts for the grid, the clickable charts (explorer-charts.js) and the
// targets panel (explorer-solve.js), without the stage, the comps or the export:
// a click on a chart selects that grid point, the charts hold their other axes there, and the
// table under them shows every metric at it. Every grid point of its data is "stored", so a
// click always selects the point itself.
(function (FL) {
  "use strict";

  var Explorer = FL.Explorer, el = FL.el;
  var numberText = FL.text.numberText;

  function GridView(root, exp) {
    this.root = root;
    this.exp = exp;
    /// The grid point selected (a position per axis).
    this.selection = Explorer.defaultSelection(exp);
    this.visible = true;
    this.build();
    this.refresh();
  }

  GridView.prototype.point = function () { return this.exp.indexOf(this.selection); };

  /// Selects the grid point with these labels ({axis name: label}; missing axes: the selection's).
  GridView.prototype.select = function (spec) {
    this.selection = this.exp.positionsOf(this.exp.find(spec, this.point()));
    this.refresh();
  };

  /// Back to the first selection.
  GridView.prototype.reset = function () {
    this.selection = Explorer.defaultSelection(this.exp);
    this.refresh();
  };

  GridView.prototype.build = function () {
    var host = Explorer.gridHost(this);
    this.charts = new FL.GridCharts(this.exp, host, "click to select it: the charts hold their other axes " +
      "there, and the table under them shows every metric at it");
    this.targets = new FL.TargetsPanel(this.exp, host);
    this.root.textContent = "";
    this.metricsTable = el("table", { className: "metrics grid-selection" });
    this.root.appendChild(el("h3", { text: "The grid" }));
    this.root.appendChild(el("p", {
      className: "hint",
      text: "No motion to replay: every grid point's metrics, computed when the notebook was written as " +
        "feel sweep computes them.",
    }));
    this.root.appendChild(el("h4", { text: "Charts" }));
    this.root.appendChild(this.charts.box);
    this.root.appendChild(el("h4", { text: "Selection" }));
    this.root.appendChild(this.metricsTable);
    this.root.appendChild(el("h4", { text: "Targets" }));
    this.root.appendChild(this.targets.box);
  };

  /// Selects grid point p (every point of the data is stored: p itself).
  GridView.prototype.selectGridPoint = function (p) {
    this.selection = this.exp.grid.nearestStored(p).positions;
    this.refresh();
  };

  GridView.prototype.refresh = function () {
    this.refreshMetrics();
    this.charts.refresh();
  };

  /// The selection's axis values and every metric at it (its definition as the row's title;
  /// feel sweep's reason when it has no value).
  GridView.prototype.refreshMetrics = function () {
    var exp = this.exp, grid = exp.grid, table = this.metricsTable, p = grid.fromStored(this.selection);
    var labels = exp.labelsOf(this.point());
    table.textContent = "";
    var body = el("tbody");
    exp.axes.forEach(function (axis, a) {
      body.appendChild(el("tr", { className: "axis-row" }, [
        el("th", { scope: "row", text: axis.name }), el("td", { text: labels[a] }),
      ]));
    });
    grid.metrics.forEach(function (metric, m) {
      var v = grid.value(m, p), reason = grid.reason(m, p);
      body.appendChild(el("tr", {}, [
        el("th", { scope: "row", title: metric.name + ": " + metric.definition, text: FL.text.metricLabel(metric) }),
        v === null
          ? el("td", { className: "empty", title: reason || "no value" }, ["— " + (reason ? reason.split(":")[0] : "")])
          : el("td", { "data-metric": metric.name, text: metric.count ? String(Math.round(v)) : numberText(v, 4) }),
        el("td", { className: "unit", text: metric.unit }),
      ]));
    });
    table.appendChild(body);
  };

  FL.GridView = GridView;
})(window.FeelLab = window.FeelLab || {});
