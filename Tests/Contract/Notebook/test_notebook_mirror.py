"""The page's scripts that mirror a Swift rule, in headless Chromium, against vectors Swift wrote.

js/codec.js decodes the trajectory codec (TrajectoryCodec.swift), js/grid.js the grid's metrics
(GridMetricCodec.swift), and js/solve.js re-applies `feel solve`'s grid answer (FeelSolve's
GridSolution) as the targets panel's sliders move. The Swift test MirrorVectorsTests computes
seeded inputs' outputs with the Swift code and compares them with the committed files in
Tests/FeelTestSupport/MirrorVectors/; here the page's functions get the same inputs and must give
the same outputs, so a rule changed on one side only fails one of the two suites.
"""

import json
import math

from test_notebook import ROOT, NotebookPageCase

VECTORS = ROOT / "Tests/FeelTestSupport/MirrorVectors"


def vectors(name):
    return json.loads((VECTORS / name).read_text())


def plain(values):
    """A decoded JS array's numbers with NaN as None (as the vectors write an empty cell)."""
    return [None if v is None or (isinstance(v, float) and math.isnan(v)) else v for v in values]


class MirroredRules(NotebookPageCase):
    def test_trajectory_codec_decodes_swifts_text(self):
        cases = vectors("codec.json")["trajectory"]
        self.assertGreater(len(cases), 10)
        for k, case in enumerate(cases):
            with self.subTest(case=k):
                decoded = self.driver.execute_script(
                    "return Array.from(FeelLab.codec.decodeChannel(arguments[0], arguments[1]));",
                    case["text"], case["count"])
                self.assertEqual(decoded, case["integers"])

    def test_grid_metric_codec_decodes_swifts_text(self):
        cases = vectors("codec.json")["gridMetric"]
        self.assertGreater(len(cases), 5)
        for k, case in enumerate(cases):
            with self.subTest(case=k, cells=case["cells"][:4]):
                decoded = self.driver.execute_script(
                    "var d = FeelLab.gridCodec.decodeMetric(arguments[0], arguments[1]);"
                    "return {values: Array.from(d.values, function (x) { return x === x ? x : null; }),"
                    "        reasons: Array.from(d.reasons)};",
                    case["text"], len(case["cells"]))
                self.assertEqual(plain(decoded["values"]), case["values"])
                self.assertEqual(decoded["reasons"], case["reasons"])

    def test_solve_gives_feel_solves_answer(self):
        given = vectors("solve.json")
        self.assertGreater(len(given["problems"]), 5)
        for problem in given["problems"]:
            with self.subTest(asked=problem["asked"]):
                answer = self.driver.execute_script(
                    """
                    var v = arguments[0], p = arguments[1], counts = v.counts;
                    var values = v.values.map(function (column) {
                      return Float64Array.from(column, function (x) { return x === null ? NaN : x; });
                    });
                    var grid = {
                      count: counts.reduce(function (a, b) { return a * b; }, 1),
                      values: values,
                      value: function (m, i) { var x = values[m][i]; return x === x ? x : null; },
                      positionsOf: function (i) {
                        var out = new Array(counts.length);
                        for (var a = counts.length - 1; a >= 0; a--) { out[a] = i % counts[a]; i = Math.floor(i / counts[a]); }
                        return out;
                      },
                    };
                    var r = FeelLab.solve.solve(grid, {where: p.where, objective: p.objective, fixed: {}});
                    var feasible = [];
                    for (var i = 0; i < r.feasible.length; i++) if (r.feasible[i]) feasible.push(i);
                    return {feasible: feasible, front: r.front.slice().sort(function (a, b) { return a - b; }),
                            best: r.best, scales: r.scales};
                    """, given, problem)
                self.assertEqual(answer["feasible"], problem["feasible"])
                self.assertEqual(answer["front"], problem["front"])
                self.assertEqual(answer["best"], problem["best"])
                self.assertEqual(answer["scales"], problem["scales"])


if __name__ == "__main__":
    import unittest
    unittest.main()
