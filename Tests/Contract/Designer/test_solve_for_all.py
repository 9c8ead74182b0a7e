"""`feel solve --for-all AXIS` (issue 26.3) against a brute-force reading of the sweep's CSV:
for each value of the solved axis, every row over the for-all axis must meet the targets; the
worst case (the highest deviation, the highest settle time) ranks it. Computed here from
`feel sweep`'s rows alone."""

import json
import unittest

from designer_support import FEEL, ROOT, number, read_csv, run

EXPERIMENT = "experiments/pip-damping-flick.toml"
BOUND = 20.0  # deviation_pt <= 20


class SolveForAllTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        _, sweep, _ = run([str(FEEL), "sweep", EXPERIMENT, "-o", "-", "--quiet"])
        cls.rows = read_csv(sweep)
        by_damping = {}
        for row in cls.rows:
            by_damping.setdefault(row["damping"], []).append(row)
        cls.by_damping = by_damping

    def brute_force(self):
        """Per damping: feasible at every flick, and the worst settle time and deviation."""
        answers = {}
        for damping, rows in self.by_damping.items():
            deviations = [number(r["deviation_pt"]) for r in rows]
            settles = [number(r["settle_time_s"]) for r in rows]
            # An empty value never meets a constraint; the objective does not decide feasibility.
            feasible = all(d is not None and d <= BOUND for d in deviations)
            worst_settle = None if None in settles else max(settles)
            worst_deviation = None if None in deviations else max(deviations)
            answers[damping] = (feasible, worst_settle, worst_deviation)
        return answers

    def test_json_against_brute_force(self):
        _, out, _ = run([
            str(FEEL), "solve", EXPERIMENT, "--where", f"deviation_pt <= {BOUND:g}",
            "--minimize", "settle_time_s", "--for-all", "flick_s", "--json", "--quiet"])
        answer = json.loads(out)
        truth = self.brute_force()
        feasible = {d: a for d, a in truth.items() if a[0]}
        self.assertGreater(len(feasible), 0, "the test's bound admits some damping")
        self.assertLess(len(feasible), len(truth), "and rules some out")
        self.assertEqual(answer["grid_points"], len(truth))
        self.assertEqual(answer["feasible_points"], len(feasible))
        best = answer["best"]
        self.assertEqual(list(best["axes"].keys()), ["damping"], "the solved axes only")
        lowest = min(a[1] for a in feasible.values() if a[1] is not None)
        winners = [d for d, a in feasible.items() if a[1] == lowest]
        self.assertIn(f"{best['axes']['damping']:g}", [f"{float(d):g}" for d in winners])
        d = [k for k in winners if float(k) == best["axes"]["damping"]][0]
        self.assertAlmostEqual(best["metrics"]["settle_time_s"], truth[d][1], places=9)
        self.assertAlmostEqual(best["metrics"]["deviation_pt"], truth[d][2], places=6)
        self.assertEqual(answer["problem"]["for_all"], ["flick_s"])
        # Without --for-all the same question picks a point whose flick is a knob.
        _, plain, _ = run([
            str(FEEL), "solve", EXPERIMENT, "--where", f"deviation_pt <= {BOUND:g}",
            "--minimize", "settle_time_s", "--json", "--quiet"])
        self.assertIn("flick_s", json.loads(plain)["best"]["axes"])

    def test_csv_marks_every_row_of_a_feasible_damping(self):
        import tempfile
        from pathlib import Path
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "solve.csv"
            run([
                str(FEEL), "solve", EXPERIMENT, "--where", f"deviation_pt <= {BOUND:g}",
                "--minimize", "settle_time_s", "--for-all", "flick_s", "--quiet",
                "--output", str(path)])
            rows = read_csv(path.read_text())
        truth = self.brute_force()
        self.assertEqual(len(rows), len(self.rows))
        for row, swept in zip(rows, self.rows):
            self.assertEqual(row["deviation_pt"], swept["deviation_pt"])
            self.assertEqual(row["feasible"], "1" if truth[row["damping"]][0] else "0", row)

    def test_bad_for_all(self):
        for args, needle in [
            (["--for-all", "flick"], "did you mean 'flick_s'?"),
            (["--for-all", "flick_s", "--for-all", "flick_s"], "each axis named once"),
            (["--for-all", "flick_s", "--for-all", "damping"], "at least one axis left to solve"),
            (["--for-all", "flick_s", "--fix", "flick_s=0.25"], "not fixed"),
        ]:
            status, out, err = run(
                [str(FEEL), "solve", EXPERIMENT, "--minimize", "settle_time_s"] + args,
                check=False)
            self.assertEqual(status, 2, args)
            self.assertIn(needle, err, args)
            self.assertEqual(out, "", args)


if __name__ == "__main__":
    unittest.main()
