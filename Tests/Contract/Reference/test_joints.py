#!/usr/bin/env python3
"""The reference engine's attachment kinds (joints.py) against what UIKit builds, measured on
UIKit (kern0x1b/charon, packages/a/apple-backports/facts/UIKit/UIDynamicAnimator.md §6.4:
item A 100 × 100 pt rotated 0.3 rad at (100, 100), item B at (300, 120), point P (200, 50)),
and the scene reader's refusals."""

from __future__ import annotations

import math
import unittest

import reference_engine as ref

MEASURED_M = 1e-6

BASE = """
duration = 0.1
[[item]]
id = "a"
size = [100, 100]
center = [100, 100]
angle = 0.3
[[item]]
id = "b"
size = [100, 100]
center = [300, 120]
[[behavior]]
id = "j"
type = "attachment"
items = ["a"]
"""


def build(lines: str, profile: str = "modern"):
    scene = ref.parse_scene(ref.tomllib.loads(f'profile = "{profile}"\n' + BASE + lines), "j.toml")
    sim = ref.ReferenceSimulation(scene)
    sim._apply_changes([], ["j"], initial=True)
    return sim.engine_objects["j"]["joints"][0]


class MeasuredConstruction(unittest.TestCase):
    def assertPoint(self, p, x, y):
        self.assertAlmostEqual(p[0], x, delta=MEASURED_M)
        self.assertAlmostEqual(p[1], y, delta=MEASURED_M)

    def test_fixed_anchors(self):
        joint = build('kind = "fixed"\nto = "b"\npoint = [200, 50]\n')
        self.assertPoint(joint.GetLocalAnchorA(), 0.807576418, -0.773188472)
        self.assertPoint(joint.GetLocalAnchorB(), -1.0, -0.699999928)
        self.assertFalse(joint.collideConnected)

    def test_pin_has_no_limit_and_no_motor_by_default(self):
        joint = build('kind = "pin"\nto = "b"\npoint = [200, 50]\n')
        self.assertPoint(joint.GetLocalAnchorA(), 0.807576418, -0.773188472)
        self.assertFalse(joint.limitEnabled)
        self.assertFalse(joint.motorEnabled)

    def test_sliding_axes(self):
        joint = build('kind = "sliding"\nto = "b"\npoint = [200, 50]\naxis = [3, 4]\n')
        self.assertPoint(joint.GetLocalAxisA(), 0.809618115, 0.586957097)
        joint = build('kind = "sliding"\nanchor = [200, 50]\naxis = [0, 2]\n')
        self.assertPoint(joint.GetLocalAxisA(), 0.295520216, 0.955336511)

    def test_limit_length_without_offsets_is_the_centres_distance(self):
        joint = build('kind = "limit"\nto = "b"\n')
        self.assertAlmostEqual(joint.maxLength, 2.00997512, delta=MEASURED_M)

    def test_limit_anchors_are_centres_minus_offsets(self):
        joint = build('kind = "limit"\nto = "b"\noffset = [10, 20]\nto_offset = [-5, 0]\n')
        self.assertPoint(joint.anchorA, 0.9, 0.8)
        self.assertPoint(joint.anchorB, 3.05, 1.2)
        self.assertAlmostEqual(joint.maxLength, math.hypot(2.15, 0.4), delta=MEASURED_M)


class Refusals(unittest.TestCase):
    def assertRefused(self, lines: str, fragment: str, profile: str = "modern"):
        with self.assertRaises(ref.SceneError) as caught:
            build(lines, profile)
        self.assertIn(fragment, str(caught.exception))

    def test_ios7_refuses_kinds(self):
        self.assertRefused('kind = "pin"\nto = "b"\npoint = [200, 50]\n', "'kind'", profile="ios7")

    def test_sliding_needs_an_axis(self):
        self.assertRefused('kind = "sliding"\nanchor = [0, 0]\n', "'axis'")

    def test_range_minimum_above_maximum(self):
        self.assertRefused('kind = "pin"\nto = "b"\npoint = [200, 50]\nrange = [1, -1]\n', "'range'")

    def test_unknown_kind(self):
        self.assertRefused('kind = "hinge"\nto = "b"\n', "'kind'")

    def test_key_of_another_kind(self):
        self.assertRefused('kind = "pin"\nto = "b"\npoint = [200, 50]\naxis = [1, 0]\n', "'axis'")


if __name__ == "__main__":
    unittest.main()
