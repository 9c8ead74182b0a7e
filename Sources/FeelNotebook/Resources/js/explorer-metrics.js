// The explorer's metrics table: one column per panel; rows for the axes, each metric (its
// definition as the row's title; feel sweep's reason when it has no value), and when the
// animator pauses. It owns its table; the explorer gives it the panels shown.
(function (FL) {
  "use strict";

  var el = FL.el, COLORS = FL.COLORS;
  var numberText = FL.text.numberText;

  function MetricsTable(exp) {
    this.exp = exp;
    this.table = el("table", { className: "metrics" });
  }

  MetricsTable.prototype.refresh = function (shown) {
    var exp = this.exp, table = this.table;
    table.textContent = "";
    var head = el("tr", {}, [el("th", { scope: "col", text: "" })]);
    shown.forEach(function (p, n) {
      head.appendChild(el("th", { scope: "col" }, [
        el("span", { className: "swatch", style: "background:" + COLORS[n % COLORS.length] }),
        n === 0 ? "Selection" : "Comp " + n,
      ]));
    });
    table.appendChild(el("thead", {}, [head]));
    var body = el("tbody");
    exp.axes.forEach(function (axis) {
      var row = el("tr", { className: "axis-row" }, [el("th", { scope: "row", text: axis.name })]);
      shown.forEach(function (p) {
        var a = exp.axes.indexOf(axis);
        row.appendChild(el("td", { text: exp.labelsOf(p.point)[a] }));
      });
      body.appendChild(row);
    });
    exp.data.metrics.forEach(function (metric, mi) {
      var row = el("tr", {}, [el("th", {
        scope: "row", title: metric.name + ": " + metric.definition, text: FL.text.metricLabel(metric),
      })]);
      shown.forEach(function (p) {
        var v = p.exact ? p.exact.metrics[mi] : exp.metric(mi, p.point);
        var reason = p.exact ? p.exact.reasons[mi] : exp.reason(mi, p.point);
        var cell = v === null
          ? el("td", { className: "empty", title: reason || "no value" }, ["— " + (reason ? reason.split(":")[0] : "")])
          : el("td", { text: metric.count ? String(Math.round(v)) : numberText(v, 4) });
        row.appendChild(cell);
      });
      body.appendChild(row);
    });
    var pauseRow = el("tr", {}, [el("th", {
      scope: "row", title: "the frame after which the animator paused for good (every body asleep)",
      text: "animator pauses at",
    })]);
    shown.forEach(function (p) {
      var m = p.motion;
      pauseRow.appendChild(el("td", {
        text: m.pause === null
          ? "still running at " + numberText((m.frames - 1) / m.fps, 3) + " s"
          : "frame " + m.pause + " (" + numberText(m.pause / m.fps, 3) + " s)",
      }));
    });
    body.appendChild(pauseRow);
    table.appendChild(body);
  };

  FL.MetricsTable = MetricsTable;
})(window.FeelLab = window.FeelLab || {});
