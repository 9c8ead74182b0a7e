#!/usr/bin/env python3
"""Checks the reference engine against Apple's measured numbers.

    python -m unittest discover -s Tests/Contract/Reference        (with the venv's python)

The only expected values here are the ones measured on Apple's UIKit
(docs/uikit-dynamics-model.md, "Reference numbers" and "Pausing") and closed forms
of the touch contract (docs/touches.md: slop and hold boundaries, frame times, the
least-squares release velocity of points on a line, follow translations, turns of a finger
circling the pivot, Box2D's linear slop for a rod); everything else is checked for
self-consistency.
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
import reference_touch as touch_model

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
        self.assertIn((18, "contact-began", "item bar boundary left-wall", ()), expected)
        self.assertIn((18, "rule-fired", "0", ()), expected)
        self.assertIsNone(compare.compare_events(expected, list(expected)))
        self.assertIn("more events", compare.compare_events(expected, expected[:-1]))
        swapped = [expected[1], expected[0]] + expected[2:]
        self.assertIn("event 1", compare.compare_events(expected, swapped))
        feel_text = (
            "frame,t_s,event,detail\n18,0.3,contact-began,item bar boundary wall\n"
            "19,0.3,contact-ended,item a item b\n"
        )
        self.assertEqual(
            compare.parse_events(feel_text),
            [(18, "contact-began", "item bar boundary wall", ()), (19, "contact-ended", "item a item b", ())],
        )
        # the item is compared too: the same boundary touched by another item differs
        other = [e._replace(name=e.name.replace("item bar", "item box")) for e in expected]
        self.assertIn("event 1", compare.compare_events(expected, other))

    def test_touch_events_and_rows_are_compared(self):
        scene = touch_scene(
            {"drag": {"at": 0.1, "from": [220, 210], "to": [400, 300], "duration": 0.4}},
            behavior=[{"id": "grab", "type": "drag", "items": ["box"], "touch": "finger",
                       "mode": "attachment", "start": False}],
            rule=[{"on": "drag-began", "add": ["grab"]}, {"on": "drag-ended", "remove": ["grab"]}],
        )
        result = ref.simulate(scene)
        expected = compare.events_by_key(result.events)
        ended = next(k for k in expected if k.kind == "drag-ended")
        self.assertEqual((ended.frame, ended.name), (30, "finger"))
        self.assertAlmostEqual(ended.values[0], 450.0, delta=1e-9)
        feel_text = ("frame,t_s,event,detail\n"
                     f"30,0.5,drag-ended,touch finger velocity {ended.values[0] + 1e-8!r} {ended.values[1]!r}\n")
        self.assertTrue(compare.same_event(ended, compare.parse_events(feel_text)[0]))
        off = feel_text.replace("velocity 4", "velocity 5")
        self.assertFalse(compare.same_event(ended, compare.parse_events(off)[0]))
        rows = compare.rows_by_key(result.rows)
        self.assertIn((6, "touch:finger"), rows)
        self.assertNotIn((5, "touch:finger"), rows)
        without = {k: v for k, v in rows.items() if k != (30, "touch:finger")}
        self.assertIn("rows missing", compare.compare_rows(rows, without, tol_pt=0.01, tol_rad=1e-4))
        moved = {k: dict(v) for k, v in rows.items()}
        moved[(20, "touch:finger")]["x_pt"] += 0.02
        self.assertIn("touch:finger", compare.compare_rows(rows, moved, tol_pt=0.01, tol_rad=1e-4))

    def test_pause_frames_zero_needs_the_same_pause_frame(self):
        scene = ref.load_scene(SCENES / "rest-pause.toml")
        expected = compare.rows_by_key(ref.simulate(scene).rows)
        late = {k: dict(v) for k, v in expected.items()}
        late[(31, "box")]["running"] = 1
        self.assertIn("running", compare.compare_rows(expected, late, 0.01, 1e-4, pause_frames=0))

    def test_pause_frame_may_differ_by_one(self):
        scene = ref.load_scene(SCENES / "rest-pause.toml")
        expected = compare.rows_by_key(ref.simulate(scene).rows)
        late = {k: dict(v) for k, v in expected.items()}
        late[(31, "box")]["running"] = 1
        self.assertIsNone(compare.compare_rows(expected, late, tol_pt=0.01, tol_rad=1e-4))
        later = {k: dict(v) for k, v in late.items()}
        later[(32, "box")]["running"] = 1
        self.assertIn("running", compare.compare_rows(expected, later, tol_pt=0.01, tol_rad=1e-4))

    def test_touch_scenes_with_trace_files_pass_against_the_stand_in(self):
        with tempfile.TemporaryDirectory() as directory:
            for family in ("touch-attachment", "touch-kinematic"):
                paths = random_scenes.write_scenes(Path(directory) / family, count=6, seed=5, family=family)
                for path in paths:
                    result = ref.simulate(ref.load_scene(path))
                    self.assertIn("drag-began", [e.event for e in result.events], path.name)
            self.assertTrue(list((Path(directory) / "touch-kinematic" / "traces").glob("*.csv")))
            out = io.StringIO()
            stand_in = str(Path(compare.__file__).with_name("reference_feel.py"))
            with redirect_stdout(out), redirect_stderr(io.StringIO()):
                status = compare.main(["--feel", stand_in, "--scenes", str(Path(directory) / "touch-kinematic"),
                                       "--pause-frames", "0", "--profile", "ios7"])
            self.assertEqual(out.getvalue().strip().splitlines()[-1], "6 passed, 0 failed")
            self.assertEqual(status, 0)

    def test_spin_in_place_scenes_turn_a_disc_in_place(self):
        """The tempo dial on UIKit (docs/tempo-dial.md): the finger turns the disc, the release
        hands it the angular velocity, and its centre never moves (beyond float32 rounding)."""
        with tempfile.TemporaryDirectory() as directory:
            paths = random_scenes.write_scenes(Path(directory), count=6, seed=5, family="spin-in-place")
            turned = 0
            for path in paths:
                result = ref.simulate(ref.load_scene(path))
                self.assertIn("drag-ended", [e.event for e in result.events], path.name)
                rows = [r for r in result.rows if r.item == "box"]
                x0, y0 = rows[0].x_pt, rows[0].y_pt
                self.assertLess(max(abs(r.x_pt - x0) + abs(r.y_pt - y0) for r in rows), 1e-3, path.name)
                turned += max(abs(r.angle_rad - rows[0].angle_rad) for r in rows) > 0.1
            self.assertGreaterEqual(turned, 5)

    def test_a_sample_is_due_with_the_contracts_slack(self):
        """docs/touches.md, "Timing": t ≤ t_k + 1e-9 s (12/60 rounds below 0.2)."""
        import reference_touch
        self.assertLess(7 / 60, 0.116666667)
        self.assertTrue(reference_touch.is_delivered_by(0.116666667, 7, 60))
        self.assertFalse(reference_touch.is_delivered_by(7 / 60 + 2e-9, 7, 60))

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


def touch_scene(touch: dict, recognizer: dict | None = None, duration_s: float = 2.0, **extra) -> ref.Scene:
    """One 100×60 item at (200, 200) with no behavior, one touch `finger`, and `extra` keys."""
    data = {
        "duration": duration_s,
        "item": [{"id": "box", "size": [100, 60], "center": [200, 200]}],
        "touch": [dict(touch, id="finger")],
    }
    if recognizer is not None:
        data["recognizer"] = recognizer
    data.update(extra)
    return ref.parse_scene(data, "touch.toml")


def touch_events(scene: ref.Scene) -> list[tuple[int, str]]:
    """(frame, event) of the recognizer's events, in order."""
    return [(e.frame, e.event) for e in ref.simulate(scene).events if e.event in touch_model.TOUCH_EVENTS]


class Recognizer(unittest.TestCase):
    """The touch contract's recognizer, from its own words (docs/touches.md)."""

    def test_a_move_of_exactly_slop_is_not_a_drag(self):
        for slop in (10.0, 4.0):
            scene = touch_scene({"samples": [[0.0, 100, 100], [0.1, 100 + slop, 100], [0.2, 100, 100 + slop]]},
                                {"slop": slop})
            self.assertEqual(touch_events(scene), [(1, "touch-down"), (12, "tap"), (12, "touch-up")])

    def test_a_move_of_slop_plus_a_hundredth_is_a_drag(self):
        scene = touch_scene({"samples": [[0.0, 100, 100], [0.1, 110.01, 100], [0.2, 100, 100]]})
        self.assertEqual(
            touch_events(scene),
            [(1, "touch-down"), (6, "drag-began"), (12, "drag-ended"), (12, "touch-up")],
        )

    def test_the_slop_is_a_distance_from_the_touch_down_point(self):
        # 6-8-10 triangle: exactly 10 pt diagonally is not a drag; any farther is.
        still = touch_scene({"samples": [[0.0, 100, 100], [0.1, 106, 108]]})
        self.assertNotIn("drag-began", [e for _, e in touch_events(still)])
        farther = touch_scene({"samples": [[0.0, 100, 100], [0.1, 106, 108.01]]})
        self.assertIn((6, "drag-began"), touch_events(farther))

    def test_hold_fires_on_the_first_frame_at_or_after_touch_down_plus_hold(self):
        # touch-down at 0 → frame 30 (t = 0.5); at 0.1 → frame 36; at 0.013 → ceil(0.513 × 60) = 31
        for at_s, frame in ((0.0, 30), (0.1, 36), (0.013, 31)):
            scene = touch_scene({"samples": [[at_s, 80, 25], [at_s + 0.8, 80, 25]]})
            events = touch_events(scene)
            self.assertIn((frame, "hold"), events, f"at {at_s}")
            self.assertNotIn("tap", [e for _, e in events])
        with_hold_time = touch_scene({"hold": {"at": 0.0, "point": [80, 25], "duration": 1.0}}, {"hold": 0.25})
        self.assertIn((15, "hold"), touch_events(with_hold_time))

    def test_a_lift_one_frame_before_hold_is_a_tap(self):
        scene = touch_scene({"tap": {"at": 0.0, "point": [80, 25], "duration": 0.5 - 1 / 60}})
        self.assertEqual(touch_events(scene), [(1, "touch-down"), (29, "tap"), (29, "touch-up")])

    def test_a_drag_cancels_the_hold(self):
        scene = touch_scene({"drag": {"at": 0.0, "from": [80, 25], "to": [200, 25], "duration": 1.0}})
        self.assertNotIn("hold", [e for _, e in touch_events(scene)])

    def test_events_of_one_sample_in_order(self):
        # a single sample is down and lifted at once; a lift sample beyond slop begins and ends
        single = touch_scene({"samples": [[0.05, 80, 25]]})
        self.assertEqual(touch_events(single), [(3, "touch-down"), (3, "tap"), (3, "touch-up")])
        flick = touch_scene({"samples": [[0.0, 80, 25], [0.02, 120, 25]]})
        self.assertEqual(
            touch_events(flick), [(1, "touch-down"), (2, "drag-began"), (2, "drag-ended"), (2, "touch-up")]
        )

    def test_samples_are_delivered_before_the_frame_whose_time_reaches_them(self):
        # t in (t_(k−1), t_k] arrives before frame k, with docs/touches.md's 1e-9 s of slack:
        # 1/60 exactly → frame 1; 2e-9 s later → frame 2
        scene = touch_scene({"samples": [[0.0, 0, 0], [1 / 60, 1, 0], [1 / 60 + 2e-9, 2, 0], [0.05, 3, 0]]},
                            duration_s=0.1)
        rows = {r.frame: r.x_pt for r in ref.simulate(scene).rows if r.item == "touch:finger"}
        self.assertEqual(rows, {1: 1.0, 2: 2.0, 3: 3.0})

    def test_generated_traces_are_sampled_at_the_frame_rate(self):
        samples = touch_model.generated_trace(0.5, 0.25, (0, 0), (60, 0), 60.0)
        self.assertEqual([s.t_s for s in samples], [k / 60 for k in range(30, 46)])
        self.assertEqual([s.x_pt for s in samples], [4.0 * k for k in range(16)])

    def test_rules_on_touch_events_apply_before_the_step(self):
        # a tap rule adding a push: the push acts in the tap's own frame
        scene = touch_scene(
            {"tap": {"at": 0.1, "point": [200, 200], "duration": 0.05}},
            behavior=[{"id": "push", "type": "push", "items": ["box"], "mode": "instantaneous",
                       "magnitude": 0.6, "start": False},
                      {"id": "props", "type": "item", "items": ["box"], "resistance": 0.0}],
            rule=[{"on": "tap", "within": [[150, 170], [250, 230]], "add": ["push"]}],
        )
        result = ref.simulate(scene)
        tap_frame = next(e.frame for e in result.events if e.event == "tap")
        self.assertEqual(tap_frame, 9)  # lift at 0.15 s
        self.assertEqual(row_at(result, tap_frame - 1).vx_pt_s, 0.0)
        # 0.6 N·s on 0.6 kg: 100 pt/s in the tap's own frame (float32, as Apple's push case)
        self.assertAlmostEqual(row_at(result, tap_frame).vx_pt_s, 100.0, delta=MEASURED_TOLERANCE_PT)

    def test_within_is_the_rectangle_of_the_touch_down_point(self):
        def fired(within):
            scene = touch_scene({"tap": {"at": 0.0, "point": [80, 25], "duration": 0.05}},
                                behavior=[{"id": "g", "type": "gravity", "items": ["box"], "start": False}],
                                rule=[{"on": "tap", "within": within, "add": ["g"]}])
            return any(e.event == "rule-fired" for e in ref.simulate(scene).events)
        self.assertTrue(fired([[0, 0], [160, 50]]))
        self.assertTrue(fired([[160, 50], [0, 0]]))
        self.assertFalse(fired([[160, 0], [320, 50]]))


class ReleaseVelocity(unittest.TestCase):
    """The least-squares release velocity (docs/touches.md, Recognizer)."""

    #: Least squares on samples of a line in double precision: exact but for rounding.
    LEAST_SQUARES_ROUNDING_PT_S = 1e-9

    def drag_ended_velocity(self, scene: ref.Scene) -> tuple[float, ...]:
        event = next(e for e in ref.simulate(scene).events if e.event == "drag-ended")
        return touch_model.parse_touch_detail(event.detail)[1]

    def test_a_constant_speed_drag_gives_its_speed(self):
        scene = touch_scene({"drag": {"at": 0.1, "from": [240, 25], "to": [160, 85], "duration": 0.3}})
        vx, vy = self.drag_ended_velocity(scene)
        self.assertAlmostEqual(vx, -80 / 0.3, delta=self.LEAST_SQUARES_ROUNDING_PT_S)
        self.assertAlmostEqual(vy, 60 / 0.3, delta=self.LEAST_SQUARES_ROUNDING_PT_S)

    def test_irregular_samples_on_a_line_give_its_slope(self):
        times = [0.0, 0.013, 0.031, 0.034, 0.052, 0.09, 0.1, 0.117, 0.1205, 0.16]
        samples = [[t, 50 + 420.0 * t, 300 - 75.0 * t] for t in times]
        vx, vy = self.drag_ended_velocity(touch_scene({"samples": samples}))
        self.assertAlmostEqual(vx, 420.0, delta=self.LEAST_SQUARES_ROUNDING_PT_S)
        self.assertAlmostEqual(vy, -75.0, delta=self.LEAST_SQUARES_ROUNDING_PT_S)

    def test_only_the_samples_of_the_last_window_count(self):
        # 1000 pt/s for 0.2 s, then 100 pt/s: the default 0.1 s window sees only the slow part
        samples = [[k * 0.02, 1000.0 * k * 0.02, 0] for k in range(11)]
        samples += [[0.2 + k * 0.02, 200.0 + 100.0 * k * 0.02, 0] for k in range(1, 11)]
        vx, _ = self.drag_ended_velocity(touch_scene({"samples": samples}))
        self.assertAlmostEqual(vx, 100.0, delta=self.LEAST_SQUARES_ROUNDING_PT_S)

    def test_the_last_two_samples_when_fewer_than_two_fall_in_the_window(self):
        samples = [[0.0, 0, 0], [0.5, 20, 0], [1.0, 50, -10]]
        vx, vy = self.drag_ended_velocity(touch_scene({"samples": samples}))
        self.assertEqual((vx, vy), (60.0, -20.0))  # (50 − 20) / 0.5, (−10 − 0) / 0.5

    def test_a_single_sample_has_no_velocity(self):
        self.assertEqual(touch_model.release_slope([(0.3, 12.0)], 0.1), 0.0)


class TouchDrags(unittest.TestCase):
    """Drag behaviors (docs/drags.md, "Drag behaviors"), from closed forms."""

    #: Box2D 2.3's b2_linearSlop (0.005 m): the rod's position-correction tolerance.
    LINEAR_SLOP_PT = 0.5

    def attachment_scene(self, drag: dict, frequency_hz: float = 0.0) -> ref.Scene:
        return touch_scene(
            {"drag": drag},
            behavior=[{"id": "grab", "type": "drag", "items": ["box"], "touch": "finger",
                       "mode": "attachment", "frequency": frequency_hz, "start": False}],
            rule=[{"on": "drag-began", "add": ["grab"]}],
        )

    def grabbed_point_gaps(self, frequency_hz: float) -> list[tuple[float, float]]:
        """A 60 pt/s drag of an item with no other force: for each frame from drag-began to
        drag-ended, (distance from the point of the item that was under the finger at
        drag-began to the finger, the finger's move in that frame), from the output rows."""
        scene = self.attachment_scene({"at": 0.1, "from": [230, 215], "to": [278, 251], "duration": 1.0},
                                      frequency_hz)
        result = ref.simulate(scene)
        began = next(e.frame for e in result.events if e.event == "drag-began")
        ended = next(e.frame for e in result.events if e.event == "drag-ended")
        before = row_at(result, began - 1)
        finger = row_at(result, began, "touch:finger")
        c, s = math.cos(before.angle_rad), math.sin(before.angle_rad)
        dx, dy = finger.x_pt - before.x_pt, finger.y_pt - before.y_pt
        local = (c * dx + s * dy, -s * dx + c * dy)  # the grabbed point, in the item's axes
        gaps = []
        for frame in range(began, ended + 1):
            row, finger = row_at(result, frame), row_at(result, frame, "touch:finger")
            previous = row_at(result, frame - 1, "touch:finger")
            c, s = math.cos(row.angle_rad), math.sin(row.angle_rad)
            point = (row.x_pt + c * local[0] - s * local[1], row.y_pt + s * local[0] + c * local[1])
            gaps.append((math.hypot(point[0] - finger.x_pt, point[1] - finger.y_pt),
                         math.hypot(finger.x_pt - previous.x_pt, finger.y_pt - previous.y_pt)))
        self.assertGreater(math.hypot(row_at(result, ended).x_pt - 200, row_at(result, ended).y_pt - 200), 40.0)
        return gaps

    def test_a_rod_drag_keeps_the_grabbed_point_on_the_finger(self):
        """A rod (frequency 0) of rest length 0: the anchor jumps to the finger before each
        frame and Box2D's position solver pulls the grabbed point back to it, to within its
        linear slop, in that frame: the gap never exceeds the frame's finger move + the slop.
        A 2 Hz spring (lagging by about v / ω ≈ 5 pt) does not pass the same check."""
        for frame, (gap, move) in enumerate(self.grabbed_point_gaps(0.0)):
            self.assertLessEqual(gap, move + self.LINEAR_SLOP_PT, f"frame {frame} after drag-began")
        self.assertTrue(any(gap > move + self.LINEAR_SLOP_PT for gap, move in self.grabbed_point_gaps(2.0)))

    def test_the_anchor_is_the_last_delivered_sample(self):
        samples = [[0.0, 210, 205]]
        t, x = 0.0, 210.0
        for k in range(1, 60):  # 2–3 samples a frame, some frames none
            t = round(t + (0.004 if k % 3 else 0.023), 6)
            x += 3.0
            samples.append([t, x, 205 + (k % 5)])
        scene = touch_scene(
            {"samples": samples},
            behavior=[{"id": "grab", "type": "drag", "items": ["box"], "touch": "finger",
                       "mode": "attachment", "frequency": 3.0, "damping": 0.4, "start": False}],
            rule=[{"on": "drag-began", "add": ["grab"]}],
        )
        sim = ref.ReferenceSimulation(scene)
        checked = []
        frames = [0]
        original = sim._move_anchors_before_step

        def before_step() -> None:
            # called once a frame, after its samples are delivered and before its sub-steps
            frames[0] += 1
            original()
            objects = sim.engine_objects.get("grab")
            if objects and objects["bodies"]:
                last = [s for s in samples if s[0] <= frames[0] / 60][-1]
                anchor = objects["bodies"][0].position
                self.assertEqual((anchor.x, anchor.y), (ref.to_metres(last[1]), ref.to_metres(last[2])),
                                 f"frame {frames[0]}")
                checked.append(frames[0])

        sim._move_anchors_before_step = before_step
        sim.run()
        self.assertGreater(len(checked), 20)

    def test_follow_moves_the_centre_by_the_finger_translation_along_its_axis(self):
        for axis, expected in (("both", (230.0, 170.0)), ("x", (230.0, 200.0)), ("y", (200.0, 170.0))):
            scene = touch_scene(
                {"samples": [[0.0, 210, 190], [0.1, 225, 180], [0.2, 240, 160]]},
                behavior=[{"id": "d", "type": "drag", "items": ["box"], "touch": "finger", "mode": "follow",
                           "axis": axis, "start": False}],
                rule=[{"on": "drag-began", "add": ["d"]}],
            )
            result = ref.simulate(scene)
            # at drag-began (frame 6) the item catches up with the finger: +15, −10
            self.assertEqual((row_at(result, 6).x_pt, row_at(result, 6).y_pt),
                             {"both": (215.0, 190.0), "x": (215.0, 200.0), "y": (200.0, 190.0)}[axis])
            self.assertEqual((row_at(result, 12).x_pt, row_at(result, 12).y_pt), expected, axis)

    def rotate_scene(self, samples, dead_zone_pt: float = 0.0, **rules) -> ref.Scene:
        return touch_scene(
            {"samples": samples},
            behavior=[
                {"id": "turn", "type": "drag", "items": ["box"], "touch": "finger", "mode": "rotate",
                 "dead_zone": dead_zone_pt, "start": False},
                {"id": "free", "type": "item", "items": ["box"], "angular_resistance": 0.0, "start": False},
            ],
            rule=[{"on": "drag-began", "add": ["turn"]}] + rules.get("extra", []),
            duration_s=rules.get("duration_s", 2.0),
        )

    def test_rotate_unwraps_three_turns_to_six_pi(self):
        """A finger circling the pivot (the item's centre) 3 times clockwise on screen turns
        the item by +6π, with no jump at ±π."""
        steps = 90
        samples = [[k / 60, 200 + 80 * math.cos(2 * math.pi * 3 * k / steps),
                    200 + 80 * math.sin(2 * math.pi * 3 * k / steps)] for k in range(steps + 1)]
        result = ref.simulate(self.rotate_scene(samples, duration_s=1.6))
        angles = [r.angle_rad for r in result.rows if r.item == "box"]
        self.assertAlmostEqual(row_at(result, steps + 1).angle_rad, 6 * math.pi, delta=1e-9)
        self.assertLess(max(abs(b - a) for a, b in zip(angles, angles[1:])), 2 * math.pi / 30 + 1e-9)

    def test_dead_zone_samples_are_ignored(self):
        # through the pivot's dead zone: the (0.1 s) sample at the pivot is skipped
        samples = [[0.0, 260, 200], [0.05, 200, 260], [0.1, 201, 201], [0.15, 140, 200]]
        result = ref.simulate(self.rotate_scene(samples, dead_zone_pt=5.0))
        self.assertEqual(row_at(result, 6).angle_rad, math.pi / 2)
        self.assertEqual(row_at(result, 9).angle_rad, math.pi)

    def test_release_velocity_hand_over(self):
        """A drag-ended rule with release_velocity gives the new body the finger's velocity."""
        scene = touch_scene(
            {"drag": {"at": 0.0, "from": [200, 200], "to": [260, 170], "duration": 0.2}},
            behavior=[
                {"id": "d", "type": "drag", "items": ["box"], "touch": "finger", "mode": "follow", "start": False},
                {"id": "free", "type": "item", "items": ["box"], "resistance": 0.0, "start": False},
            ],
            rule=[{"on": "drag-began", "add": ["d"]},
                  {"on": "drag-ended", "remove": ["d"], "add": ["free"], "release_velocity": True}],
        )
        result = ref.simulate(scene)
        ended = next(e.frame for e in result.events if e.event == "drag-ended")
        row = row_at(result, ended)
        self.assertAlmostEqual(row.vx_pt_s, 300.0, delta=1e-4)  # float32 pt/s
        self.assertAlmostEqual(row.vy_pt_s, -150.0, delta=1e-4)

    def test_release_omega_hand_over(self):
        steps = 30  # a quarter turn in 0.5 s: π rad/s
        samples = [[k / 60, 200 + 80 * math.cos(math.pi / 2 * k / steps),
                    200 + 80 * math.sin(math.pi / 2 * k / steps)] for k in range(steps + 1)]
        result = ref.simulate(self.rotate_scene(
            samples, extra=[{"on": "drag-ended", "remove": ["turn"], "add": ["free"], "release_velocity": True}]))
        event = next(e for e in result.events if e.event == "drag-ended")
        omega = touch_model.parse_touch_detail(event.detail)[1][2]
        self.assertAlmostEqual(omega, math.pi, delta=1e-9)
        self.assertAlmostEqual(row_at(result, event.frame).omega_rad_s, math.pi, delta=1e-6)

    def test_touch_keeps_the_animator_running(self):
        # nothing moves, but the finger is down until 1.5 s: running until its lift frame
        result = ref.simulate(touch_scene({"hold": {"at": 0.2, "point": [10, 10], "duration": 1.3}}))
        paused = [e.frame for e in result.events if e.event == "pause"]
        self.assertEqual(paused, [90])
        self.assertEqual([r.frame for r in result.rows if r.item == "touch:finger"], list(range(12, 91)))


class TouchSceneErrors(unittest.TestCase):
    """The contract's bad touch input: each is a SceneError naming where."""

    def assert_error(self, text: str, **data):
        base = {"item": [{"id": "box", "size": [10, 10], "center": [0, 0]}],
                "touch": [{"id": "finger", "samples": [[0.0, 0, 0], [0.1, 1, 1]]}]}
        base.update(data)
        with self.assertRaises(ref.SceneError) as context:
            ref.parse_scene(base, "bad.toml")
        self.assertIn(text, str(context.exception))

    def test_errors(self):
        self.assert_error("times must increase", touch=[{"id": "f", "samples": [[0.0, 0, 0], [0.0, 1, 1]]}])
        self.assert_error("unknown touch 'thumb'", rule=[{"on": "tap", "touch": "thumb"}])
        self.assert_error("unknown touch 'thumb'", behavior=[
            {"id": "d", "type": "drag", "items": ["box"], "touch": "thumb", "mode": "follow"}])
        self.assert_error("release_velocity", rule=[{"on": "tap", "release_velocity": True}])
        self.assert_error("exactly one of", touch=[{"id": "f", "tap": {"point": [0, 0], "duration": 0.1},
                                                    "samples": [[0.0, 0, 0]]}])
        with tempfile.TemporaryDirectory() as directory:
            scene = Path(directory) / "s.toml"
            (Path(directory) / "trace.csv").write_text("t_s,x_pt,y_pt\n0,1,2\n0.1,x,3\n")
            scene.write_text('[[touch]]\nid = "f"\nfile = "trace.csv"\n')
            with self.assertRaises(ref.SceneError) as context:
                ref.load_scene(scene)
            self.assertIn("trace.csv: line 3", str(context.exception))
            scene.write_text('[[touch]]\nid = "f"\nfile = "missing.csv"\n')
            with self.assertRaises(ref.SceneError) as context:
                ref.load_scene(scene)
            self.assertIn("missing.csv: cannot read", str(context.exception))


if __name__ == "__main__":
    unittest.main()


def item_scene(items: list[dict], behaviors: list[dict], **top) -> ref.SimulationResult:
    """Run a scene given as TOML tables (items, behaviors, top-level keys)."""
    data = {"frame_rate": 60, "duration": top.pop("duration", 1.0), "item": items, "behavior": behaviors, **top}
    return ref.simulate(ref.parse_scene(data, "<item scene>"))


class ItemsThatTouch(unittest.TestCase):
    """iOS 9's shapes, groups, anchored items and UIKit's collision masks, against the numbers
    measured on UIKit (kern0x1b/charon UIDynamicAnimator.md §2.10, §7.1–§7.3; UIFieldBehavior.md
    §12.2, M6) and closed forms."""

    def test_ellipse_vertex_counts_measured_on_uikit(self):
        for (w, h), count in {(20, 10): 4, (100, 50): 24, (60, 200): 44, (1000, 500): 244}.items():
            self.assertEqual(len(ref.shapes.ellipse_vertices_m(w, h)), count, f"{w} x {h}")

    def test_ellipse_vertices_lie_on_the_ellipse_counter_clockwise(self):
        vertices = ref.shapes.ellipse_vertices_m(100, 50)
        self.assertEqual(vertices[0], (0.5, 0.0))
        for x, y in vertices:
            self.assertAlmostEqual((x / 0.5) ** 2 + (y / 0.25) ** 2, 1.0, delta=2e-3)
        area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(vertices, vertices[1:] + vertices[:1]))
        self.assertGreater(area, 0)

    def test_collision_bits_from_the_counter_measured_on_uikit(self):
        # §7.2: one behavior (group 1), items 4/0xc/0xc and boundaries 8/0xc/0xc in
        # everything mode; 4/4/4 and 8/4/4 in items mode; 4/8/8 and 8/8/8 in boundaries mode.
        for mode, item, edge in (("everything", (4, 0xC, 0xC), (8, 0xC, 0xC)), ("items", (4, 4, 4), (8, 4, 4)),
                                 ("boundaries", (4, 8, 8), (8, 8, 8))):
            self.assertEqual(ref.masks_on((0, 0, 0), 1, mode, boundary=False), item, mode)
            self.assertEqual(ref.masks_on((0, 0, 0), 1, mode, boundary=True), edge, mode)
        # An item in c1 (everything) and c2 (items): 0x14/0x1c/0x1c.
        both = ref.masks_on(ref.masks_on((0, 0, 0), 1, "everything", False), 2, "items", False)
        self.assertEqual(both, (0x14, 0x1C, 0x1C))
        self.assertEqual(ref.masks_off(both, 2), (4, 0xC, 0xC))

    def test_a_removed_collision_behavior_frees_its_number_to_the_next(self):
        # §7.1: add c1, add c2, remove c1, add c3 -> c3 has c2's bits; c1 re-added gets 0x40/0x80.
        items = [{"id": k, "size": [10, 10], "center": [50 * n + 20, 20]} for n, k in enumerate("xyz")]
        behaviors = [{"id": f"c{n}", "type": "collision", "items": [k], "reference_bounds": True, "start": n < 3}
                     for n, k in zip((1, 2, 3), "xyz")]
        simulation = ref.ReferenceSimulation(
            ref.parse_scene({"item": items, "behavior": behaviors, "reference_size": [400, 400]}, "<masks>"))
        simulation._apply_changes([], ["c1", "c2"], initial=True)
        simulation._apply_changes(["c1"], ["c3"])
        self.assertEqual(simulation.items["z"].masks[0], simulation.items["y"].masks[0])
        simulation._apply_changes([], ["c1"])
        self.assertEqual(simulation.items["x"].masks[0], 0x40)

    def test_group_mass_is_density_times_the_members_area(self):
        # §12.2: 100 x 100 + 50 x 20 at density 1 weighs 1.09999999 kg; 3.29999998 at density 3.
        items = [{"id": "a", "size": [100, 100], "center": [100, 100]},
                 {"id": "b", "size": [50, 20], "center": [220, 130]}]
        for density, mass in ((1, 1.09999999), (3, 3.29999998)):
            simulation = ref.ReferenceSimulation(ref.parse_scene(
                {"item": items, "group": [{"id": "g", "items": ["a", "b"]}],
                 "behavior": [{"id": "d", "type": "item", "items": ["g"], "density": density}]}, "<group>"))
            simulation._apply_changes([], ["d"], initial=True)
            self.assertAlmostEqual(simulation.items["g"].body.mass, mass, delta=1e-7)
            self.assertEqual(len(simulation.items["g"].body.fixtures), 2)

    def test_an_item_bounces_off_an_anchored_item_as_off_a_wall(self):
        # §2.10: B at -200 pt/s leaves an anchored item at +40.0000343 (elasticity 0.2).
        result = item_scene(
            [{"id": "wall", "size": [100, 100], "center": [100, 200]},
             {"id": "b", "size": [50, 50], "center": [260, 200], "velocity": [-200, 0]}],
            [{"id": "pin", "type": "item", "items": ["wall"], "anchored": True},
             {"id": "free", "type": "item", "items": ["b"], "resistance": 0, "angular_resistance": 0},
             {"id": "c", "type": "collision", "items": ["wall", "b"]}],
            duration=1.0)
        self.assertAlmostEqual(row_at(result, 60, "b").vx_pt_s, 40.0000343, delta=1e-3)
        self.assertEqual(row_at(result, 60, "wall").x_pt, 100.0)

    def test_items_mode_passes_through_boundaries_but_reports_them(self):
        item = [{"id": "a", "size": [40, 40], "center": [100, 100]}]
        gravity = {"id": "g", "type": "gravity", "items": ["a"]}
        result = item_scene(
            item, [gravity, {"id": "c", "type": "collision", "items": ["a"], "reference_bounds": True,
                             "mode": "items"}], reference_size=[200, 200], duration=1.0)
        free = item_scene(item, [gravity], duration=1.0)
        self.assertGreater(row_at(result, 60, "a").y_pt, 220)  # below the bounds
        self.assertEqual([(r.x_pt, r.y_pt) for r in result.rows], [(r.x_pt, r.y_pt) for r in free.rows])
        began = [e.detail for e in result.events if e.event == "contact-began"]
        self.assertIn("item a boundary reference-bounds", began)

    def test_ios9_keys_are_refused_in_the_ios7_profile(self):
        for key, data in (("group", {"group": [{"id": "g", "items": ["a"]}]}),
                          ("bounds", {"item": [{"id": "a", "size": [10, 10], "center": [0, 0], "bounds": "ellipse"}]})):
            scene = {"profile": "ios7", "item": [{"id": "a", "size": [10, 10], "center": [0, 0]}], **data}
            with self.assertRaisesRegex(ref.SceneError, key):
                ref.parse_scene(scene, "<ios7>")

    def test_item_families_generate_and_run(self):
        for family in ("items", "items-ios9"):
            for index in range(6):
                _, text, _ = random_scenes.make_scene(index, 3, "modern", family)
                import tomllib
                ref.simulate(ref.parse_scene(tomllib.loads(text), f"<{family} {index}>"))
