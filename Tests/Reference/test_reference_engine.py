#!/usr/bin/env python3
"""Checks the reference engine against Apple's measured numbers.

    python -m unittest discover -s Tests/Reference        (with the venv's python)

The only expected values here are the ones measured on Apple's UIKit
(docs/uikit-dynamics-model.md, "Reference numbers" and "Pausing"); everything
else is checked for self-consistency.
"""

from __future__ import annotations

import io
import math
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import compare
import random_scenes
import reference_engine as ref

SCENES = Path(__file__).resolve().parent / "scenes"

#: Apple prints 9 significant digits; the model page (docs/uikit-dynamics-model.md) says the
#: Box2D 2.3 model agrees to about 1e-5 pt.
MEASURED_TOLERANCE_PT = 1e-5
MEASURED_TOLERANCE_RAD = 1e-9


def run_scene(name: str) -> ref.SimulationResult:
    return ref.simulate(ref.load_scene(SCENES / name))


def row_at(result: ref.SimulationResult, frame: int, item: str = "box") -> ref.Row:
    return next(r for r in result.rows if r.frame == frame and r.item == item)


class AppleMeasurements(unittest.TestCase):
    """Numbers measured on Apple's UIKit (Mac Catalyst)."""

    def test_snap_frame_1(self):
        row = row_at(run_scene("apple-snap.toml"), 1)
        self.assertAlmostEqual(row.x_pt, 113.265648, delta=MEASURED_TOLERANCE_PT)
        self.assertAlmostEqual(row.y_pt, 106.623589, delta=MEASURED_TOLERANCE_PT)
        self.assertAlmostEqual(row.angle_rad, 0.0361267589, delta=MEASURED_TOLERANCE_RAD)

    def test_snap_frame_200(self):
        row = row_at(run_scene("apple-snap.toml"), 200)
        self.assertAlmostEqual(row.x_pt, 299.999969, delta=MEASURED_TOLERANCE_PT)
        self.assertAlmostEqual(row.y_pt, 199.999222, delta=MEASURED_TOLERANCE_PT)

    def test_instantaneous_push_100x100(self):
        row = row_at(run_scene("apple-push-100x100.toml"), 1)
        self.assertAlmostEqual(row.vx_pt_s, 100.0, delta=MEASURED_TOLERANCE_PT)
        self.assertEqual(row.vy_pt_s, 0.0)

    def test_instantaneous_push_200x50_density_2(self):
        row = row_at(run_scene("apple-push-200x50.toml"), 1)
        self.assertAlmostEqual(row.vx_pt_s, 15.000001, delta=MEASURED_TOLERANCE_PT)

    def test_push_fires_once(self):
        rows = [r for r in run_scene("apple-push-100x100.toml").rows if r.frame >= 1]
        for row in rows:  # resistance 0 and no other force: the speed never changes again
            self.assertAlmostEqual(row.vx_pt_s, 100.0, delta=MEASURED_TOLERANCE_PT)

    def test_item_without_forces_pauses_on_frame_31(self):
        rows = run_scene("rest-pause.toml").rows
        first_paused = min(r.frame for r in rows if r.running == 0)
        self.assertEqual(first_paused, 31)


class EngineBehaviour(unittest.TestCase):
    """Self-consistency of the construction (no expected outputs)."""

    def test_accumulator_runs_one_substep_on_first_60hz_frame(self):
        acc = 1.0 / 60.0
        self.assertTrue(ref.THRESHOLD_S <= acc < 2 * ref.THRESHOLD_S)

    def test_damping_correction_matches_uikit_factor(self):
        """pybox2d's float32 factor 1 − h·c′ equals UIKit's float32 1/(1 + h·c) to the bit."""
        import numpy

        one = numpy.float32(1)
        h = numpy.float32(ref.SUBSTEP_S)
        for c in (0.0, 0.1, 0.7, 1.5, 3.0):
            uikit = one / (one + h * numpy.float32(c))
            box2d = one - h * numpy.float32(ref.box2d_damping(c))
            self.assertEqual(box2d.view(numpy.uint32), uikit.view(numpy.uint32), f"c = {c}")

    def test_castro_hint_swaps_behaviors_on_contact(self):
        result = run_scene("castro-tap-left.toml")
        began = [e for e in result.events if e.event == "contact-began"]
        fired = [e for e in result.events if e.event == "rule-fired"]
        self.assertTrue(began and fired and began[0].frame == fired[0].frame)
        row = row_at(result, began[0].frame, "bar")
        self.assertEqual((row.vx_pt_s, row.vy_pt_s), (0.0, 0.0))  # the snap starts from rest

    def test_output_round_trips(self):
        result = run_scene("apple-snap.toml")
        text = ref.format_rows(result.rows)
        parsed = compare.parse_csv(text)
        self.assertEqual(len(parsed), len(result.rows))
        first = parsed[(1, "box")]
        self.assertEqual(first["x_pt"], row_at(result, 1).x_pt)

    def test_unknown_key_is_an_error(self):
        with self.assertRaises(ref.SceneError) as context:
            ref.parse_scene({"frame_rat": 60}, "bad.toml")
        self.assertIn("did you mean 'frame_rate'", str(context.exception))


class Ios7Profile(unittest.TestCase):
    """The ios7 construction (docs/uikit-dynamics-model.md, "Time stepping"), from closed forms."""

    def ios7_scene(self, resistance: float = 0.0, frames: int = 60) -> ref.Scene:
        return ref.parse_scene(
            {
                "profile": "ios7",
                "duration": frames / 60,
                "item": [{"id": "box", "size": [300, 50], "center": [0, 0], "velocity": [500, 0]}],
                "behavior": [{"id": "p", "type": "item", "items": ["box"], "resistance": resistance}],
            },
            "ios7.toml",
        )

    def test_four_substeps_per_frame_and_five_every_sixth(self):
        sim = ref.ReferenceSimulation(self.ios7_scene(frames=600))
        steps: list[float] = []
        per_frame: list[int] = []
        original_step, original_frame = sim.world.Step, sim._step_frame
        sim.world.Step = lambda *args: (steps.append(args[0]), original_step(*args))

        def frame(dt_s: float) -> None:
            before = len(steps)
            original_frame(dt_s)
            per_frame.append(len(steps) - before)

        sim._step_frame = frame
        sim.run()
        self.assertEqual(set(steps), {ref.IOS7_SUBSTEP_S})
        self.assertEqual(set(per_frame), {4, 5})
        self.assertIn(per_frame.count(5), (99, 100))  # about one frame in six
        self.assertLessEqual(abs(sum(per_frame) - 2500), 1)  # 250 per second, ± the one left

    def test_clamp_damping_is_exact(self):
        """v_n = v_0 · (1 − h·c)^n in float32, with pybox2d's own damping law."""
        import numpy

        result = ref.simulate(self.ios7_scene(resistance=1.5, frames=30))
        factor = numpy.float32(1) - numpy.float32(ref.IOS7_SUBSTEP_S) * numpy.float32(1.5)
        v = numpy.float32(5.0)  # m/s
        substeps = 0
        accumulator = 0.0
        for frame in range(1, 31):
            total = accumulator + 1 / 60
            accumulator = math.fmod(total, ref.IOS7_SUBSTEP_S)
            while total > ref.IOS7_SUBSTEP_S:
                v = v * factor
                substeps += 1
                total -= ref.IOS7_SUBSTEP_S
            self.assertEqual(row_at(result, frame).vx_pt_s, ref.to_points(float(v)), f"frame {frame}")
        self.assertGreaterEqual(substeps, 120)

    def test_box_is_inset_with_a_thin_skin_and_keeps_its_mass(self):
        sim = ref.ReferenceSimulation(self.ios7_scene())
        sim._apply_changes([], ["p"], initial=True)
        body = sim.items["box"].body
        shape = body.fixtures[0].shape
        xs = sorted({round(v[0], 6) for v in shape.vertices})
        ys = sorted({round(v[1], 6) for v in shape.vertices})
        self.assertEqual((xs, ys), ([-1.49, 1.49], [-0.24, 0.24]))
        self.assertAlmostEqual(shape.radius, ref.IOS7_SKIN_M, places=9)
        self.assertAlmostEqual(body.mass, 3.0 * 0.5, places=6)  # density 1 × 3 m × 0.5 m
        self.assertAlmostEqual(body.inertia, 1.5 * (3.0**2 + 0.5**2) / 12, places=5)


class CompareSelfTest(unittest.TestCase):
    """compare.py against the reference engine itself: identical output passes, a
    perturbed output fails."""

    def test_random_scenes_generate_and_run(self):
        with tempfile.TemporaryDirectory() as directory:
            paths = random_scenes.write_scenes(Path(directory), count=12, seed=7)
            self.assertEqual(len(paths), 12)
            for path in paths:
                scene = ref.load_scene(path)
                result = ref.simulate(scene)
                self.assertEqual(len(result.rows), scene.frame_count + 1)

    def test_identical_passes_and_perturbed_fails(self):
        scene = ref.load_scene(SCENES / "apple-snap.toml")
        expected = compare.rows_by_key(ref.simulate(scene).rows)
        same = {k: dict(v) for k, v in expected.items()}
        self.assertIsNone(compare.compare_rows(expected, same, tol_pt=0.01, tol_rad=1e-4))
        moved = {k: dict(v) for k, v in expected.items()}
        moved[(57, "box")]["y_pt"] += 0.02
        failure = compare.compare_rows(expected, moved, tol_pt=0.01, tol_rad=1e-4)
        self.assertIsNotNone(failure)
        self.assertIn("frame 57", failure)
        self.assertIn("y_pt", failure)

    def test_events_are_compared(self):
        result = ref.simulate(ref.load_scene(SCENES / "castro-tap-left.toml"))
        expected = compare.events_by_key(result.events)
        self.assertIn((18, "contact-began", "left-wall"), expected)
        self.assertIn((18, "rule-fired", "0"), expected)
        self.assertIsNone(compare.compare_events(expected, list(expected)))
        self.assertIn("more events", compare.compare_events(expected, expected[:-1]))
        swapped = [expected[1], expected[0]] + expected[2:]
        self.assertIn("event 1", compare.compare_events(expected, swapped))
        feel_text = "frame,t_s,event,detail\n18,0.3,contact-began,item bar boundary wall\n"
        self.assertEqual(compare.parse_events(feel_text), [(18, "contact-began", "wall")])

    def test_pause_frame_may_differ_by_one(self):
        scene = ref.load_scene(SCENES / "rest-pause.toml")
        expected = compare.rows_by_key(ref.simulate(scene).rows)
        late = {k: dict(v) for k, v in expected.items()}
        late[(31, "box")]["running"] = 1
        self.assertIsNone(compare.compare_rows(expected, late, tol_pt=0.01, tol_rad=1e-4))
        later = {k: dict(v) for k, v in late.items()}
        later[(32, "box")]["running"] = 1
        self.assertIn("running", compare.compare_rows(expected, later, tol_pt=0.01, tol_rad=1e-4))

    def test_cli_summary_line(self):
        with tempfile.TemporaryDirectory() as directory:
            random_scenes.write_scenes(Path(directory), count=3, seed=3)
            out = io.StringIO()
            with redirect_stdout(out), redirect_stderr(io.StringIO()):
                status = compare.main(
                    ["--feel", str(Path(compare.__file__).with_name("reference_feel.py")), "--scenes", directory]
                )
            self.assertEqual(status, 0)
            self.assertEqual(out.getvalue().strip().splitlines()[-1], "3 passed, 0 failed")


if __name__ == "__main__":
    unittest.main()
