#!/usr/bin/env python3
"""Seeded random scenes for differential tests of `feel run` against the reference engine.

    python random_scenes.py OUTDIR --count 200 --seed 1 [--profile ios7]

writes OUTDIR/random-0000.toml … one item per scene, 60 Hz, 2 s, in the modern profile unless
--profile says otherwise (the same seed gives the same scenes in either profile). Scenario types are mixed
so that many scenes hit a wall (pushed or falling into it), while others exercise snaps,
springs and rods, free pushes with torque, and Castro-like rules that swap behaviors on a
contact or at a time. Parameters:

- sizes 20–500 pt; densities 0.2–5; snap damping and item resistances 0–1.5;
- pushes (instantaneous and continuous) at random angles, their magnitudes scaled by the
  item's mass so speeds come out about 50–1500 pt/s;
- gravity at any angle, 100–3000 pt/s²;
- walls are segments that overhang the item by 2–40 pt on each side, never ending exactly
  at an item corner (that case is ill-conditioned, see docs/uikit-dynamics-model.md).

Model choices avoided on purpose (so that the scenes test the model, not a reading of it):
push offsets appear only on instantaneous pushes of items that start at angle 0 (world and
body-fixed offsets agree then), and a scene has at most one joint behavior.
"""

from __future__ import annotations

import argparse
import math
import random
from pathlib import Path

import random_boundary_scenes
import random_scroll_scenes
import random_field_scenes
import random_item_scenes
import random_joint_scenes

FRAME_RATE_HZ = 60
DURATION_S = 2.0

#: Scenario types and their weights.
SCENARIOS = {
    "snap": 15,
    "push-free": 10,
    "push-wall": 20,
    "continuous-wall": 10,
    "gravity-wall": 20,
    "attachment": 15,
    "hint": 10,
}


def _num(value: float, digits: int = 4) -> str:
    """A readable TOML number (rounded; both engines read the same text)."""
    text = repr(round(float(value), digits))
    return text


def _pair(x: float, y: float, digits: int = 3) -> str:
    return f"[{_num(x, digits)}, {_num(y, digits)}]"


class SceneBuilder:
    """Collects one item, behaviors and rules and renders them as a TOML scene."""

    def __init__(self, rng: random.Random, title: str):
        self.rng = rng
        self.title = title
        self.duration_s = DURATION_S
        self.reference_size_pt: tuple[float, float] | None = None
        self.item_lines: list[str] = []
        self.behaviors: list[list[str]] = []
        self.rules: list[list[str]] = []
        # touches: the [recognizer] table's lines, each [[touch]]'s lines, and files the
        # scene refers to (path relative to the scene → text)
        self.recognizer_lines: list[str] = []
        self.touches: list[list[str]] = []
        self.files: dict[str, str] = {}
        self.file_stem = "scene"
        # the item, set by add_item
        self.x_pt = self.y_pt = self.angle_rad = 0.0
        self.width_pt = self.height_pt = 0.0
        self.density = 1.0
        # the scene's profile (make_scene sets it): iOS 7's has no fields
        self.profile = "modern"

    # -- the item ---------------------------------------------------------------------

    def add_item(self, rotated_chance: float = 0.2) -> None:
        """A random box: size 20–500 pt, centred somewhere in a 1000×1000 pt area."""
        rng = self.rng
        self.width_pt = round(rng.uniform(20, 500), 1)
        self.height_pt = round(rng.uniform(20, 500), 1)
        self.x_pt = round(rng.uniform(0, 1000), 2)
        self.y_pt = round(rng.uniform(0, 1000), 2)
        self.angle_rad = round(rng.uniform(-math.pi, math.pi), 4) if rng.random() < rotated_chance else 0.0
        self.item_lines = [
            'id = "box"',
            f"size = {_pair(self.width_pt, self.height_pt, 1)}",
            f"center = {_pair(self.x_pt, self.y_pt, 2)}",
        ]
        if self.angle_rad != 0.0:
            self.item_lines.append(f"angle = {_num(self.angle_rad)}")

    @property
    def mass_kg(self) -> float:
        return self.density * self.width_pt * self.height_pt / 1e4

    def half_extent_along(self, angle_rad: float) -> float:
        """Half the item's extent projected on a direction (pt)."""
        relative = angle_rad - self.angle_rad
        return 0.5 * self.width_pt * abs(math.cos(relative)) + 0.5 * self.height_pt * abs(math.sin(relative))

    # -- behaviors --------------------------------------------------------------------

    def add_behavior(self, bid: str, kind: str, lines: list[str], start: bool = True) -> None:
        body = [f'id = "{bid}"', f'type = "{kind}"', 'items = ["box"]'] + lines
        if not start:
            body.append("start = false")
        self.behaviors.append(body)

    def add_item_properties(self, bid: str = "props", chance: float = 0.8, start: bool = True, **fixed) -> None:
        """A UIDynamicItemBehavior setting a random subset of properties (plus `fixed`)."""
        rng = self.rng
        lines = []
        if rng.random() < chance:
            choices = {
                "elasticity": lambda: _num(rng.uniform(0, 1), 3),
                "friction": lambda: _num(rng.uniform(0, 1), 3),
                "density": lambda: _num(rng.uniform(0.2, 5), 3),
                "resistance": lambda: _num(rng.choice([0.0, rng.uniform(0, 1.5)]), 3),
                "angular_resistance": lambda: _num(rng.uniform(0, 1.5), 3),
                "allows_rotation": lambda: rng.choice(["true", "false"]),
            }
            for key, make in choices.items():
                if rng.random() < 0.5:
                    lines.append(f"{key} = {make()}")
        for key, value in fixed.items():
            lines = [line for line in lines if not line.startswith(f"{key} =")]
            lines.append(f"{key} = {value}")
        for line in lines:
            if line.startswith("density ="):
                self.density = float(line.split("=")[1])
        if lines:
            self.add_behavior(bid, "item", lines, start)

    def add_push(self, bid: str, mode: str, angle_rad: float, magnitude: float,
                 offset_pt: tuple[float, float] | None = None, start: bool = True) -> None:
        lines = [f'mode = "{mode}"']
        if self.rng.random() < 0.25:  # UIKit's pushDirection form
            lines.append(
                f"direction = {_pair(magnitude * math.cos(angle_rad), magnitude * math.sin(angle_rad), 6)}"
            )
        else:
            lines += [f"angle = {_num(angle_rad)}", f"magnitude = {_num(magnitude, 6)}"]
        if offset_pt is not None:
            lines.append(f"offset = {_pair(*offset_pt, 2)}")
        self.add_behavior(bid, "push", lines, start)

    def add_gravity(self, bid: str, angle_rad: float, magnitude: float, start: bool = True) -> None:
        self.add_behavior(bid, "gravity", [f"angle = {_num(angle_rad)}", f"magnitude = {_num(magnitude)}"], start)

    def wall_ahead(self, direction_rad: float, gap_pt: float, tilt_rad: float = 0.0) -> tuple[tuple, tuple]:
        """A segment across the item's path in `direction_rad`, `gap_pt` beyond its leading
        edge, tilted by `tilt_rad`, overhanging the item by 2–40 pt on each side."""
        reach = self.half_extent_along(direction_rad)
        across = self.half_extent_along(direction_rad + math.pi / 2)
        centre_x = self.x_pt + math.cos(direction_rad) * (reach + gap_pt)
        centre_y = self.y_pt + math.sin(direction_rad) * (reach + gap_pt)
        along = direction_rad + math.pi / 2 + tilt_rad
        half_length = across / max(math.cos(tilt_rad), 0.5)
        low = half_length + self.rng.uniform(2, 40)
        high = half_length + self.rng.uniform(2, 40)
        start = (centre_x - math.cos(along) * low, centre_y - math.sin(along) * low)
        end = (centre_x + math.cos(along) * high, centre_y + math.sin(along) * high)
        return start, end

    def add_walls(self, bid: str, walls: list[tuple[str, tuple, tuple]], reference_bounds: bool = False,
                  start: bool = True) -> None:
        entries = [
            f'{{ id = "{wid}", from = {_pair(*a, 2)}, to = {_pair(*b, 2)} }}' for wid, a, b in walls
        ]
        lines = ["boundaries = [" + ", ".join(entries) + "]"] if entries else []
        if reference_bounds:
            lines.append("reference_bounds = true")
        self.add_behavior(bid, "collision", lines, start)

    def add_rule(self, lines: list[str]) -> None:
        self.rules.append(lines)

    # -- output -----------------------------------------------------------------------

    def render(self, header: str, profile: str = "modern") -> str:
        out = [f"# {header}", f'title = "{self.title}"', f'profile = "{profile}"',
               f"frame_rate = {FRAME_RATE_HZ}", f"duration = {self.duration_s}"]
        if self.reference_size_pt is not None:
            out.append(f"reference_size = {_pair(*self.reference_size_pt, 1)}")
        if self.recognizer_lines:
            out += ["", "[recognizer]"] + self.recognizer_lines
        out += ["", "[[item]]"] + self.item_lines
        for touch in self.touches:
            out += ["", "[[touch]]"] + touch
        for behavior in self.behaviors:
            out += ["", "[[behavior]]"] + behavior
        for rule in self.rules:
            out += ["", "[[rule]]"] + rule
        return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------
# Scenario types
# ---------------------------------------------------------------------------------------


def _speed_pt_s(rng: random.Random) -> float:
    """A push speed, log-uniform in 50–1500 pt/s."""
    return math.exp(rng.uniform(math.log(50), math.log(1500)))


def _angle(rng: random.Random) -> float:
    return rng.uniform(0, 2 * math.pi)


def scenario_snap(b: SceneBuilder) -> None:
    """Snap from a random start to a point 20–500 pt away, damping 0–1.5."""
    rng = b.rng
    b.add_item(rotated_chance=0.3)
    b.add_item_properties(chance=0.6)
    distance, direction = rng.uniform(20, 500), _angle(rng)
    point = (b.x_pt + distance * math.cos(direction), b.y_pt + distance * math.sin(direction))
    lines = [f"point = {_pair(*point, 2)}"]
    if rng.random() < 0.9:
        lines.append(f"damping = {_num(rng.uniform(0, 1.5), 3)}")
    b.add_behavior("snap", "snap", lines)


def scenario_push_free(b: SceneBuilder) -> None:
    """A push with no wall: instantaneous with an off-centre target (spin), or continuous."""
    rng = b.rng
    b.add_item(rotated_chance=0.0)
    b.add_item_properties(chance=0.8)
    direction = _angle(rng)
    if rng.random() < 0.6:
        offset = (rng.uniform(-0.5, 0.5) * b.width_pt, rng.uniform(-0.5, 0.5) * b.height_pt)
        b.add_push("push", "instantaneous", direction, b.mass_kg * _speed_pt_s(rng) / 100, offset)
    else:
        acceleration_pt_s2 = rng.uniform(100, 1500)
        b.add_push("push", "continuous", direction, b.mass_kg * acceleration_pt_s2 / 100)


def scenario_push_wall(b: SceneBuilder) -> None:
    """An instantaneous push toward a (maybe tilted) wall; sometimes off-centre."""
    rng = b.rng
    b.add_item(rotated_chance=0.25)
    b.add_item_properties(chance=0.8)
    direction = rng.choice([0, math.pi / 2, math.pi, 3 * math.pi / 2]) if rng.random() < 0.4 else _angle(rng)
    speed = _speed_pt_s(rng)
    travel = min(speed * 1.5, 800)
    gap = rng.uniform(0.05, 0.7) * travel if rng.random() < 0.85 else travel * 1.5
    tilt = 0.0 if rng.random() < 0.4 else rng.uniform(-0.5, 0.5)
    push_angle = direction + rng.uniform(-0.4, 0.4)
    offset = None
    if b.angle_rad == 0.0 and rng.random() < 0.4:
        offset = (rng.uniform(-0.4, 0.4) * b.width_pt, rng.uniform(-0.4, 0.4) * b.height_pt)
    b.add_push("push", "instantaneous", push_angle, b.mass_kg * speed / 100, offset)
    b.add_walls("walls", [("wall", *b.wall_ahead(direction, gap, tilt))])


def scenario_continuous_wall(b: SceneBuilder) -> None:
    """A continuous push into a wall (the item ends up pressed against it)."""
    rng = b.rng
    b.add_item(rotated_chance=0.2)
    b.add_item_properties(chance=0.8)
    direction = _angle(rng)
    acceleration_pt_s2 = rng.uniform(100, 3000)
    travel = 0.5 * acceleration_pt_s2 * 1.5**2
    gap = rng.uniform(0.02, 0.6) * min(travel, 700)
    tilt = 0.0 if rng.random() < 0.5 else rng.uniform(-0.5, 0.5)
    b.add_push("push", "continuous", direction + rng.uniform(-0.3, 0.3), b.mass_kg * acceleration_pt_s2 / 100)
    b.add_walls("walls", [("wall", *b.wall_ahead(direction, gap, tilt))])


def scenario_gravity_wall(b: SceneBuilder) -> None:
    """Gravity at any angle onto a floor across its path, or inside the reference bounds."""
    rng = b.rng
    b.add_item(rotated_chance=0.3)
    b.add_item_properties(chance=0.8)
    direction = _angle(rng)
    magnitude = rng.uniform(0.1, 3.0)
    if rng.random() < 0.3:
        # Reference bounds around the item (a box it falls around in).
        margin = [rng.uniform(5, 300) for _ in range(4)]
        reach = max(b.width_pt, b.height_pt) * 0.75
        left, top = b.x_pt - reach - margin[0], b.y_pt - reach - margin[1]
        # Shift the world so the bounds start at (0, 0).
        b.x_pt, b.y_pt = round(b.x_pt - left, 2), round(b.y_pt - top, 2)
        b.item_lines[2] = f"center = {_pair(b.x_pt, b.y_pt, 2)}"
        b.reference_size_pt = (round(b.x_pt + reach + margin[2], 1), round(b.y_pt + reach + margin[3], 1))
        b.add_gravity("gravity", direction, magnitude)
        b.add_walls("bounds", [], reference_bounds=True)
        return
    travel = 0.5 * magnitude * 1000 * 1.5**2
    gap = rng.uniform(0.02, 0.6) * min(travel, 700) if rng.random() < 0.9 else travel * 1.5
    tilt = 0.0 if rng.random() < 0.4 else rng.uniform(-0.6, 0.6)
    b.add_gravity("gravity", direction, magnitude)
    b.add_walls("walls", [("floor", *b.wall_ahead(direction, gap, tilt))])


def scenario_attachment(b: SceneBuilder) -> None:
    """A rod or spring to a point, swung by gravity or a push; sometimes a wall too."""
    rng = b.rng
    b.add_item(rotated_chance=0.0)
    b.add_item_properties(chance=0.6)
    distance, direction = rng.uniform(30, 400), _angle(rng)
    anchor = (b.x_pt + distance * math.cos(direction), b.y_pt + distance * math.sin(direction))
    lines = [f"anchor = {_pair(*anchor, 2)}"]
    if rng.random() < 0.5:
        lines.append(f"offset = {_pair(rng.uniform(-0.5, 0.5) * b.width_pt, rng.uniform(-0.5, 0.5) * b.height_pt, 2)}")
    if rng.random() < 0.5:
        lines.append(f"length = {_num(distance * rng.uniform(0.5, 1.5), 2)}")
    if rng.random() < 0.5:
        lines += [f"frequency = {_num(rng.uniform(0.3, 5), 3)}", f"damping = {_num(rng.uniform(0, 1.5), 3)}"]
    b.add_behavior("tether", "attachment", lines)
    if rng.random() < 0.6:
        gravity_angle = _angle(rng)
        b.add_gravity("gravity", gravity_angle, rng.uniform(0.1, 2.0))
        wall_direction = gravity_angle
    else:
        wall_direction = _angle(rng)
        b.add_push("push", "instantaneous", wall_direction, b.mass_kg * _speed_pt_s(rng) / 100)
    if rng.random() < 0.3:
        gap = rng.uniform(5, 150)
        b.add_walls("walls", [("wall", *b.wall_ahead(wall_direction, gap, rng.uniform(-0.4, 0.4)))])


def scenario_hint(b: SceneBuilder) -> None:
    """Castro-like: push away from a wall while gravity pulls back into it; the first
    contact (or a time) swaps the hint behaviors for a snap home."""
    rng = b.rng
    b.add_item(rotated_chance=0.0)
    toward_wall = rng.choice([0, math.pi / 2, math.pi, 3 * math.pi / 2]) + rng.uniform(-0.2, 0.2)
    gap = rng.uniform(3, 40)
    home = (b.x_pt, b.y_pt)
    b.add_behavior(
        "scrub-snap", "snap", [f"point = {_pair(*home, 2)}", f"damping = {_num(rng.uniform(0, 1.5), 3)}"], start=False
    )
    if rng.random() < 0.6:
        b.add_behavior("scrub-rotation", "item", ["allows_rotation = false"], start=False)
    speed = rng.uniform(100, 800)
    b.add_push("hint-push", "instantaneous", toward_wall + math.pi, b.mass_kg * speed / 100)
    b.add_gravity("hint-gravity", toward_wall, rng.uniform(0.5, 3.0))
    b.add_walls("hint-wall", [("wall", *b.wall_ahead(toward_wall, gap, 0.0))])
    added = '["scrub-snap", "scrub-rotation"]' if any('"scrub-rotation"' in x[0] for x in b.behaviors) else '["scrub-snap"]'
    removed = '["hint-push", "hint-gravity", "hint-wall"]'
    if rng.random() < 0.7:
        b.add_rule(['on = "contact"', 'boundary = "wall"', f"add = {added}", f"remove = {removed}"])
    else:
        b.add_rule(['on = "time"', f"at = {_num(rng.uniform(0.1, 1.2), 3)}", f"add = {added}", f"remove = {removed}"])


# ---------------------------------------------------------------------------------------
# Rules that set a behavior's properties during a run (--family set-rules; docs/scene-format.md,
# "Changing a behavior during a run"): what app code assigns between frames
# ---------------------------------------------------------------------------------------


def _set_trigger(b: SceneBuilder, index: int, contact: str | None = None) -> list[str]:
    """The trigger of a set rule: a time (most often), a contact with `contact`, or a pause
    (the animator paused: the set wakes it)."""
    rng = b.rng
    roll = rng.random()
    if contact is not None and roll < 0.3:
        return ['on = "contact"', f'boundary = "{contact}"']
    if roll < 0.85:
        return ['on = "time"', f"at = {_num(rng.uniform(0.05, 0.4) + 0.45 * index, 3)}"]
    return ['on = "pause"']


def scenario_set_snap(b: SceneBuilder) -> None:
    """A snap whose point (and damping) one to three rules move while it pulls; sometimes
    the snap waits for the last rule to add it, made at the point set before."""
    rng = b.rng
    b.add_item(rotated_chance=0.3)
    b.add_item_properties(chance=0.5)
    b.duration_s = 2.5

    def somewhere() -> tuple[float, float]:
        distance, direction = rng.uniform(20, 400), _angle(rng)
        return b.x_pt + distance * math.cos(direction), b.y_pt + distance * math.sin(direction)

    waits = rng.random() < 0.2
    b.add_behavior("snap", "snap", [f"point = {_pair(*somewhere(), 2)}",
                                    f"damping = {_num(rng.uniform(0, 1.5), 3)}"], start=not waits)
    count = rng.randint(1, 3)
    for k in range(count):
        lines = _set_trigger(b, k) + ['set = "snap"']
        if rng.random() < 0.8:
            lines.append(f"point = {_pair(*somewhere(), 2)}")
        if rng.random() < 0.4 or not lines[-1].startswith("point"):
            lines.append(f"damping = {_num(rng.uniform(0, 1.5), 3)}")
        if waits and k == count - 1:
            lines.append('add = ["snap"]')
        b.add_rule(lines)


def scenario_set_gravity(b: SceneBuilder) -> None:
    """Gravity into a wall, turned or scaled by rules (angle, magnitude, or UIKit's
    gravityDirection) on a time, the first contact or the pause at rest."""
    rng = b.rng
    b.add_item(rotated_chance=0.2)
    b.add_item_properties(chance=0.6)
    b.duration_s = 2.5
    direction = _angle(rng)
    b.add_gravity("gravity", direction, rng.uniform(0.2, 2.0))
    b.add_walls("walls", [("floor", *b.wall_ahead(direction, rng.uniform(2, 120), rng.uniform(-0.4, 0.4)))])
    for k in range(rng.randint(1, 3)):
        lines = _set_trigger(b, k, contact="floor") + ['set = "gravity"']
        angle, magnitude = _angle(rng), rng.uniform(0, 2.5)
        form = rng.random()
        if form < 0.25:
            lines.append(f"direction = {_pair(magnitude * math.cos(angle), magnitude * math.sin(angle), 6)}")
        else:
            if form < 0.75:
                lines.append(f"angle = {_num(angle)}")
            if form >= 0.5:
                lines.append(f"magnitude = {_num(magnitude)}")
        b.add_rule(lines)


def scenario_set_attachment(b: SceneBuilder) -> None:
    """A rod or spring to an anchor under gravity, its anchor moved (as a drag's finger
    would, in jumps) and its length, frequency and damping changed by rules."""
    rng = b.rng
    b.add_item(rotated_chance=0.0)
    b.add_item_properties(chance=0.5)
    b.duration_s = 2.5
    distance, direction = rng.uniform(30, 300), _angle(rng)
    anchor = (b.x_pt + distance * math.cos(direction), b.y_pt + distance * math.sin(direction))
    spring = rng.random() < 0.6
    lines = [f"anchor = {_pair(*anchor, 2)}"]
    if rng.random() < 0.5:
        lines.append(f"length = {_num(distance * rng.uniform(0.5, 1.5), 2)}")
    if spring:
        lines += [f"frequency = {_num(rng.uniform(0.5, 4), 3)}", f"damping = {_num(rng.uniform(0, 1.2), 3)}"]
    b.add_behavior("tether", "attachment", lines)
    b.add_gravity("gravity", _angle(rng), rng.uniform(0.1, 1.5))
    for k in range(rng.randint(1, 3)):
        lines = _set_trigger(b, k) + ['set = "tether"']
        if rng.random() < 0.6:
            shift, heading = rng.uniform(10, 150), _angle(rng)
            lines.append(f"anchor = {_pair(anchor[0] + shift * math.cos(heading), anchor[1] + shift * math.sin(heading), 2)}")
        if rng.random() < 0.5:
            lines.append(f"length = {_num(distance * rng.uniform(0.3, 1.5), 2)}")
        if spring and rng.random() < 0.4:
            lines.append(f"frequency = {_num(rng.uniform(0.5, 4), 3)}")
        if rng.random() < 0.3 or lines[-1].startswith("set"):
            lines.append(f"damping = {_num(rng.uniform(0, 1.2), 3)}")
        b.add_rule(lines)


def scenario_set_push(b: SceneBuilder) -> None:
    """A push (either mode) whose angle, magnitude, pushDirection, target offset or `active`
    rules change: an instantaneous one fired again by `active = true`, a continuous one
    stopped by `active = false`."""
    rng = b.rng
    b.add_item(rotated_chance=0.3)
    b.add_item_properties(chance=0.5)
    b.duration_s = 2.5
    mode = rng.choice(["instantaneous", "continuous"])
    # N·s for a speed of 50–800 pt/s, or N for 100–3000 pt/s².
    scale = (lambda: b.mass_kg * _speed_pt_s(rng) / 100) if mode == "instantaneous" else (
        lambda: b.mass_kg * rng.uniform(1, 30))
    offset = (round(rng.uniform(-0.4, 0.4) * b.width_pt, 2), round(rng.uniform(-0.4, 0.4) * b.height_pt, 2))
    b.add_push("push", mode, _angle(rng), scale(), offset if rng.random() < 0.4 else None)
    for k in range(rng.randint(1, 3)):
        lines = _set_trigger(b, k) + ['set = "push"']
        angle, magnitude = _angle(rng), scale()
        form = rng.random()
        if form < 0.2:
            lines.append(f"direction = {_pair(magnitude * math.cos(angle), magnitude * math.sin(angle), 6)}")
        elif form < 0.7:
            if form < 0.45:
                lines.append(f"angle = {_num(angle)}")
            lines.append(f"magnitude = {_num(magnitude, 6)}")
        if rng.random() < 0.3:
            lines.append(f"offset = {_pair(rng.uniform(-0.4, 0.4) * b.width_pt, rng.uniform(-0.4, 0.4) * b.height_pt, 2)}")
        if rng.random() < 0.5 or lines[-1].startswith("set"):
            lines.append("active = true" if mode == "instantaneous" or rng.random() < 0.4 else "active = false")
        b.add_rule(lines)


def scenario_set_item(b: SceneBuilder) -> None:
    """Gravity onto a tilted wall, the item behavior's elasticity, friction, density,
    resistances and rotation lock changed by rules while it falls, bounces and slides."""
    rng = b.rng
    b.add_item(rotated_chance=0.2)
    b.add_item_properties(chance=0.6)
    if not _has(b, "props"):
        b.add_behavior("props", "item", [f"elasticity = {_num(rng.uniform(0, 1), 3)}"])
    b.duration_s = 2.5
    direction = _angle(rng)
    b.add_gravity("gravity", direction, rng.uniform(0.2, 2.0))
    b.add_walls("walls", [("floor", *b.wall_ahead(direction, rng.uniform(2, 120), rng.uniform(-0.5, 0.5)))])
    choices = {
        "elasticity": lambda: _num(rng.uniform(0, 1), 3),
        "friction": lambda: _num(rng.uniform(0, 1), 3),
        "density": lambda: _num(rng.uniform(0.2, 5), 3),
        "resistance": lambda: _num(rng.uniform(0, 3), 3),
        "angular_resistance": lambda: _num(rng.uniform(0, 3), 3),
        "allows_rotation": lambda: rng.choice(["true", "false"]),
    }
    for k in range(rng.randint(1, 3)):
        lines = _set_trigger(b, k, contact="floor") + ['set = "props"']
        for key, make in choices.items():
            if rng.random() < 0.35:
                lines.append(f"{key} = {make()}")
        if lines[-1].startswith("set"):
            lines.append(f"friction = {choices['friction']()}")
        b.add_rule(lines)


#: Field kinds a set rule changes in the set-rules family: those the reference models (not
#: noise or turbulence), but radial gravity, whose fly-bys past its centre amplify float32
#: differences past the tolerance without any rule (the fields family places it apart).
_SET_FIELD_KINDS = ["linear_gravity", "spring", "drag", "vortex"]


def scenario_set_field(b: SceneBuilder) -> None:
    """A field (iOS 9) whose strength, position, falloff, minimum radius, direction or
    region rules change while it pulls; under the iOS 7 profile, which has no fields, a push
    scene instead."""
    if b.profile == "ios7":
        return scenario_set_push(b)
    rng = b.rng
    b.add_item(rotated_chance=0.2)
    b.add_item_properties(chance=0.4)
    b.duration_s = 2.5
    kind = rng.choice(_SET_FIELD_KINDS)

    def near() -> tuple[float, float]:
        distance, direction = rng.uniform(0, 300), _angle(rng)
        return b.x_pt + distance * math.cos(direction), b.y_pt + distance * math.sin(direction)

    def vector() -> str:
        angle, size = _angle(rng), rng.uniform(0.5, 15)
        return _pair(size * math.cos(angle), size * math.sin(angle), 4)

    lines = [f'kind = "{kind}"', f"position = {_pair(*near(), 2)}",
             f"strength = {_num(rng.uniform(0.2, 5), 3)}"]
    if kind in ("linear_gravity", "drag"):
        lines.append(f"direction = {vector()}")
    b.add_behavior("field", "field", lines)
    for k in range(rng.randint(1, 3)):
        lines = _set_trigger(b, k) + ['set = "field"']
        if rng.random() < 0.5:
            lines.append(f"strength = {_num(rng.uniform(-2, 6), 3)}")
        if rng.random() < 0.4:
            lines.append(f"position = {_pair(*near(), 2)}")
        if rng.random() < 0.25:
            lines.append(f"falloff = {_num(rng.choice([0.0, rng.uniform(0.2, 2)]), 3)}")
        if rng.random() < 0.2:
            lines.append(f"minimum_radius = {_num(rng.uniform(0, 200), 2)}")
        if kind in ("linear_gravity", "drag") and rng.random() < 0.4:
            lines.append(f"direction = {vector()}")
        if rng.random() < 0.2:
            lines.append(f'region = {{ shape = "circle", radius = {_num(rng.uniform(50, 600), 2)} }}')
        if lines[-1].startswith("set"):
            lines.append(f"strength = {_num(rng.uniform(0, 4), 3)}")
        b.add_rule(lines)


def scenario_set_touch(b: SceneBuilder) -> None:
    """Set rules a finger fires (what a gesture handler assigns): a tap or a drag on the
    screen; rules on its events set a snap's point and damping, a gravity's angle or a push's
    magnitude, at once, before the frame's step."""
    rng = b.rng
    b.add_item(rotated_chance=0.2)
    b.add_item_properties(chance=0.4)
    b.duration_s = 2.5
    slop, _, window = _add_recognizer(b)

    def somewhere() -> tuple[float, float]:
        distance, direction = rng.uniform(20, 400), _angle(rng)
        return b.x_pt + distance * math.cos(direction), b.y_pt + distance * math.sin(direction)

    target = rng.choice(["snap", "gravity", "push"])
    if target == "snap":
        b.add_behavior("snap", "snap", [f"point = {_pair(*somewhere(), 2)}"])
    elif target == "gravity":
        b.add_gravity("gravity", _angle(rng), rng.uniform(0.2, 1.5))
    else:
        b.add_push("push", "continuous", _angle(rng), b.mass_kg * rng.uniform(1, 20))
    down = somewhere()
    if rng.random() < 0.5:
        at = round(rng.uniform(0.05, 1.2), 3)
        b.touches.append(['id = "finger"', f"tap = {{ at = {_time_text(at)}, point = {_pair(*down)}, duration = 0.1 }}"])
        events = ["tap", "touch-down", "touch-up"]
    else:
        trace = _finger(b, down, slop, window, latest_start_s=1.0)
        b.touches.append(trace.lines(b, "finger", as_file=rng.random() < 0.3))
        events = ["touch-down", "drag-began", "drag-ended", "touch-up"]
    for event in rng.sample(events, rng.randint(1, min(3, len(events)))):
        lines = [f'on = "{event}"', f'set = "{target}"']
        if target == "snap":
            lines.append(f"point = {_pair(*somewhere(), 2)}")
            if rng.random() < 0.4:
                lines.append(f"damping = {_num(rng.uniform(0, 1.5), 3)}")
        elif target == "gravity":
            lines.append(f"angle = {_num(_angle(rng))}")
        else:
            lines.append(f"magnitude = {_num(b.mass_kg * rng.uniform(0, 20), 6)}")
        b.add_rule(lines)


# ---------------------------------------------------------------------------------------
# Touch scenarios (docs/touches.md, docs/drags.md): a finger, its recognizer, drag behaviors
# and rules
# ---------------------------------------------------------------------------------------

#: The recognizer's defaults (when a scene has no [recognizer] table).
DEFAULT_SLOP_PT = 10.0
DEFAULT_HOLD_S = 0.5
DEFAULT_VELOCITY_WINDOW_S = 0.1


def _time_text(t_s: float) -> str:
    """A sample time as TOML text: repr, so that a frame time k / 60 reads back exactly."""
    return repr(float(t_s))


def _start_time(rng: random.Random, latest_s: float) -> float:
    """When the finger goes down: 0, a frame time (k / 60, so samples fall on frame times),
    or an arbitrary time (6 decimals)."""
    r = rng.random()
    if r < 0.2:
        return 0.0
    if r < 0.45:
        return rng.randint(1, int(latest_s * FRAME_RATE_HZ)) / FRAME_RATE_HZ
    return round(rng.uniform(0.0, latest_s), 6)


def _random_step_s(rng: random.Random) -> float:
    """Time to the next finger sample: several per frame, about one per frame, or a gap of a
    few frames (never long enough for a held body to fall asleep)."""
    r = rng.random()
    if r < 0.3:
        return rng.uniform(0.001, 0.006)
    if r < 0.85:
        return rng.uniform(0.006, 0.02)
    return rng.uniform(0.02, 0.12)


class FingerTrace:
    """A finger's samples [(t_s, x_pt, y_pt)] as written to the scene, built from random
    walks, still phases, circles or a generated `drag` table."""

    def __init__(self, rng: random.Random, t0_s: float, down_pt: tuple[float, float]):
        self.rng = rng
        self.samples: list[tuple[float, float, float]] = [(t0_s, round(down_pt[0], 3), round(down_pt[1], 3))]
        self.heading_rad = rng.uniform(0, 2 * math.pi)
        self.generated: dict | None = None  # a `drag = {…}` table instead of samples

    @property
    def last(self) -> tuple[float, float, float]:
        return self.samples[-1]

    def _append(self, t_s: float, x_pt: float, y_pt: float) -> None:
        t_s = round(t_s, 6)
        if t_s <= self.last[0]:
            t_s = round(self.last[0] + 1e-6, 6)
        self.samples.append((t_s, round(x_pt, 3), round(y_pt, 3)))

    def still(self, duration_s: float, jitter_pt: float) -> None:
        """The finger rests (within jitter_pt of where it is) for duration_s."""
        t_end = self.last[0] + duration_s
        x0, y0 = self.last[1], self.last[2]
        while self.last[0] < t_end:
            t = self.last[0] + self.rng.uniform(0.008, 0.03)
            self._append(t, x0 + self.rng.uniform(-jitter_pt, jitter_pt), y0 + self.rng.uniform(-jitter_pt, jitter_pt))

    def walk(self, duration_s: float, speed_pt_s: float) -> None:
        """A random walk with persistence: heading and speed drift sample by sample."""
        rng = self.rng
        t_end = self.last[0] + duration_s
        speed = speed_pt_s
        while self.last[0] < t_end:
            t, x, y = self.last
            dt = _random_step_s(rng)
            self.heading_rad += rng.gauss(0, 0.35)
            speed = min(max(speed * math.exp(rng.gauss(0, 0.15)), 20.0), 2500.0)
            self._append(t + dt, x + speed * dt * math.cos(self.heading_rad), y + speed * dt * math.sin(self.heading_rad))

    def circle(self, pivot: tuple[float, float], duration_s: float, omega_rad_s: float, dip_pt: float | None) -> None:
        """Round the pivot at omega_rad_s from the current point (radius drifting a little;
        with dip_pt, the radius dips below dip_pt for a moment: dead-zone samples)."""
        rng = self.rng
        t0, x0, y0 = self.last
        radius0 = math.hypot(x0 - pivot[0], y0 - pivot[1])
        angle0 = math.atan2(y0 - pivot[1], x0 - pivot[0])
        dip_at = rng.uniform(0.3, 0.7) * duration_s
        while self.last[0] < t0 + duration_s:
            t = self.last[0] + _random_step_s(rng) * 0.6
            tau = t - t0
            radius = radius0 * (1 + 0.15 * math.sin(3.1 * tau))
            if dip_pt is not None and abs(tau - dip_at) < 0.03:
                radius = dip_pt * rng.uniform(0.1, 0.9)
            angle = angle0 + omega_rad_s * tau
            self._append(t, pivot[0] + radius * math.cos(angle), pivot[1] + radius * math.sin(angle))

    def ensure_drag(self, slop_pt: float) -> None:
        """Make sure some sample is clearly farther than slop from the touch-down point."""
        _, x0, y0 = self.samples[0]
        if max(math.hypot(x - x0, y - y0) for _, x, y in self.samples) > slop_pt + 1:
            return
        t, x, y = self.last
        self._append(t + 0.012, x0 + (slop_pt + 5) * math.cos(self.heading_rad),
                     y0 + (slop_pt + 5) * math.sin(self.heading_rad))

    def avoid_ties(self, slop_pt: float, window_s: float) -> None:
        """Keep away from readings that only rounding decides: no sample within 1e-6 pt of
        the slop circle, none within 1e-7 s of the release velocity window's edge."""
        _, x0, y0 = self.samples[0]
        for k, (t, x, y) in enumerate(self.samples):
            if abs(math.hypot(x - x0, y - y0) - slop_pt) < 1e-6:
                self.samples[k] = (t, round(x + 0.002, 3), y)
        t_last = self.last[0]
        if any(abs(t_last - t - window_s) < 1e-7 for t, _, _ in self.samples):
            t, x, y = self.samples[-1]
            self.samples[-1] = (round(t + 2e-6, 6), x, y)

    def release(self) -> tuple[tuple[float, float], float]:
        """Where the finger lifts and the direction it was last moving in (rad)."""
        (t1, x1, y1), (t2, x2, y2) = self.samples[-2], self.samples[-1]
        return (x2, y2), math.atan2(y2 - y1, x2 - x1)

    def lines(self, b: "SceneBuilder", tid: str, as_file: bool) -> list[str]:
        """The [[touch]] table's lines (a CSV file beside the scene when as_file)."""
        if self.generated is not None:
            g = self.generated
            return [f'id = "{tid}"', f"drag = {{ at = {_time_text(g['at'])}, from = {_pair(*g['from'])}, "
                    f"to = {_pair(*g['to'])}, duration = {_num(g['duration'], 3)} }}"]
        if as_file:
            name = f"traces/{b.file_stem}-{tid}.csv"
            b.files[name] = "t_s,x_pt,y_pt\n" + "".join(f"{_time_text(t)},{x!r},{y!r}\n" for t, x, y in self.samples)
            return [f'id = "{tid}"', f'file = "{name}"']
        rows = ",\n".join(f"  [{_time_text(t)}, {x!r}, {y!r}]" for t, x, y in self.samples)
        return [f'id = "{tid}"', "samples = [\n" + rows + ",\n]"]


def _generated_drag(rng: random.Random, t0_s: float, down: tuple[float, float], heading_rad: float,
                    slop_pt: float) -> tuple[dict, list[tuple[float, float, float]]]:
    """A `drag = {at, from, to, duration}` table, and its approximate samples (for the
    release point and direction only)."""
    distance = rng.uniform(slop_pt + 3, 400)
    duration = round(rng.uniform(0.1, 1.2), 3)
    to = (round(down[0] + distance * math.cos(heading_rad), 3), round(down[1] + distance * math.sin(heading_rad), 3))
    table = {"at": t0_s, "from": (round(down[0], 3), round(down[1], 3)), "to": to, "duration": duration}
    return table, [(t0_s, *table["from"]), (t0_s + duration, *to)]


def _add_recognizer(b: SceneBuilder) -> tuple[float, float, float]:
    """Sometimes a [recognizer] table with random values; returns (slop, hold, window)."""
    rng = b.rng
    if rng.random() < 0.6:
        return DEFAULT_SLOP_PT, DEFAULT_HOLD_S, DEFAULT_VELOCITY_WINDOW_S
    slop = round(rng.uniform(2, 20), 2)
    hold = round(rng.uniform(0.2, 1.0), 3)
    window = round(rng.uniform(0.03, 0.2), 3)
    b.recognizer_lines = [f"slop = {slop!r}", f"hold = {hold!r}", f"velocity_window = {window!r}"]
    return slop, hold, window


def _point_in_item(b: SceneBuilder, fraction: float = 0.9) -> tuple[float, float]:
    """A random point of the item (within `fraction` of its half extents), in the scene."""
    u = b.rng.uniform(-0.5, 0.5) * fraction * b.width_pt
    v = b.rng.uniform(-0.5, 0.5) * fraction * b.height_pt
    c, s = math.cos(b.angle_rad), math.sin(b.angle_rad)
    return (b.x_pt + c * u - s * v, b.y_pt + s * u + c * v)


def _wall_ahead_of(b: SceneBuilder, centre: tuple[float, float], direction_rad: float, gap_pt: float):
    """wall_ahead for the item placed at `centre` (where it will be when released)."""
    saved = (b.x_pt, b.y_pt)
    b.x_pt, b.y_pt = centre
    try:
        return b.wall_ahead(direction_rad, gap_pt, b.rng.uniform(-0.4, 0.4) if b.rng.random() < 0.5 else 0.0)
    finally:
        b.x_pt, b.y_pt = saved


def _has(b: SceneBuilder, bid: str) -> bool:
    return any(lines[0] == f'id = "{bid}"' for lines in b.behaviors)


def _ids(names: list[str]) -> str:
    return "[" + ", ".join(f'"{n}"' for n in names) + "]"


def _finger(b: SceneBuilder, down: tuple[float, float], slop: float, window: float,
            latest_start_s: float = 0.5, hold_first_chance: float = 0.2) -> FingerTrace:
    """A finger trace for a drag: a generated `drag`, or a random walk (inline or in a CSV
    file), sometimes resting first (a hold may fire before the drag begins)."""
    rng = b.rng
    trace = FingerTrace(rng, _start_time(rng, latest_start_s), down)
    if rng.random() < 0.3:
        table, approximate = _generated_drag(rng, trace.samples[0][0], down, trace.heading_rad, slop)
        trace.generated, trace.samples = table, approximate
        return trace
    if rng.random() < hold_first_chance:
        trace.still(rng.uniform(0.1, 0.9), slop / 3)
    trace.walk(rng.uniform(0.15, 1.3), math.exp(rng.uniform(math.log(40), math.log(1500))))
    trace.ensure_drag(slop)
    trace.avoid_ties(slop, window)
    return trace


def scenario_touch_attachment(b: SceneBuilder) -> None:
    """UIKit's canonical drag: an attachment drag added at drag-began (a rod or a 0.5–8 Hz
    spring) from the item's point under the finger to an anchor moved to the finger before
    each frame; gravity, a push and walls sometimes present; at drag-ended the drag goes and
    the item is left alone, snapped, re-made with the release velocity, or dropped."""
    rng = b.rng
    b.duration_s = rng.choice([2.0, 2.5, 3.0])
    b.add_item(rotated_chance=0.25)
    b.add_item_properties(chance=0.5)
    slop, hold, window = _add_recognizer(b)
    present = ["props"] if _has(b, "props") else []
    if rng.random() < 0.35:
        b.add_gravity("gravity", _angle(rng), rng.uniform(0.1, 1.5))
        present.append("gravity")
    if rng.random() < 0.25:
        b.add_push("push", "instantaneous", _angle(rng), b.mass_kg * _speed_pt_s(rng) / 100)
        present.append("push")
    down = _point_in_item(b)
    trace = _finger(b, down, slop, window)
    lift, heading = trace.release()
    if rng.random() < 0.4:
        walls = [("wall", *_wall_ahead_of(b, (b.x_pt, b.y_pt), _angle(rng), rng.uniform(5, 200)))]
        if rng.random() < 0.5:
            walls.append(("far-wall", *_wall_ahead_of(b, lift, heading, rng.uniform(20, 300))))
        b.add_walls("walls", walls)
        present.append("walls")
    b.touches.append(trace.lines(b, "finger", as_file=trace.generated is None and rng.random() < 0.25))

    lines = ['touch = "finger"', 'mode = "attachment"']
    if rng.random() < 0.4:
        if rng.random() < 0.5:
            lines.append("frequency = 0.0")
    else:
        lines += [f"frequency = {_num(rng.uniform(0.5, 8), 3)}", f"damping = {_num(rng.uniform(0, 1), 3)}"]
    b.add_behavior("grab", "drag", lines, start=False)

    began = ['on = "drag-began"']
    if rng.random() < 0.3:
        began.append('touch = "finger"')
    if rng.random() < 0.2:  # a rectangle around the touch-down point
        began.append(f"within = [{_pair(down[0] - rng.uniform(1, 50), down[1] - rng.uniform(1, 50))}, "
                     f"{_pair(down[0] + rng.uniform(1, 50), down[1] + rng.uniform(1, 50))}]")
    removed = ["push"] if "push" in present and rng.random() < 0.5 else []
    b.add_rule(began + [f"add = {_ids(['grab'])}", f"remove = {_ids(removed)}"])

    outcome = rng.random()
    if outcome < 0.25:
        b.add_rule(['on = "drag-ended"', 'remove = ["grab"]'])
    elif outcome < 0.5:
        point = (b.x_pt, b.y_pt) if rng.random() < 0.5 else (lift[0] + rng.uniform(-200, 200), lift[1] + rng.uniform(-200, 200))
        b.add_behavior("snap", "snap", [f"point = {_pair(*point, 2)}", f"damping = {_num(rng.uniform(0, 1.2), 3)}"], start=False)
        b.add_rule(['on = "drag-ended"', 'remove = ["grab"]', 'add = ["snap"]'])
    elif outcome < 0.8:
        # every behavior goes: the body is made again, with the finger's velocity
        b.add_behavior("snap", "snap", [f"point = {_pair(b.x_pt, b.y_pt, 2)}", f"damping = {_num(rng.uniform(0, 1.2), 3)}"], start=False)
        b.add_rule(['on = "drag-ended"', f"remove = {_ids(['grab'] + present)}", 'add = ["snap"]',
                    f"release_velocity = {'true' if rng.random() < 0.8 else 'false'}"])
    else:
        if "gravity" not in present:
            b.add_gravity("gravity", _angle(rng), rng.uniform(0.1, 1.5), start=False)
        b.add_rule(['on = "drag-ended"', 'remove = ["grab"]', 'add = ["gravity"]'])
    if rng.random() < 0.25:  # the finger catches the item: the push goes, or it gets heavy
        if "push" in present:
            b.add_rule(['on = "touch-down"', 'remove = ["push"]'])
        else:
            b.add_behavior("heavy", "item", [f"density = {_num(rng.uniform(0.5, 4), 3)}",
                                             f"resistance = {_num(rng.uniform(0, 2), 3)}"], start=False)
            b.add_rule(['on = "touch-down"', 'add = ["heavy"]'])
    if rng.random() < 0.2:
        b.add_rule(['on = "hold"', f"remove = {_ids([x for x in present if x != 'props'])}"])
    if rng.random() < 0.15:
        b.add_behavior("flick", "push", ['mode = "instantaneous"', f"angle = {_num(heading)}",
                                          f"magnitude = {_num(b.mass_kg * rng.uniform(50, 500) / 100, 6)}"], start=False)
        b.add_rule(['on = "touch-up"', 'add = ["flick"]'])


def scenario_touch_kinematic(b: SceneBuilder) -> None:
    """A follow (axis x, y or both) or rotate (pivot, dead zone, turns) drag added at
    drag-began, which removes the item's other behaviors; at drag-ended the drag goes and
    a snap home, a fling into walls or a free spin takes over, often with the release
    velocity (linear, or angular after a rotate)."""
    rng = b.rng
    b.duration_s = rng.choice([2.0, 2.5, 3.0])
    b.add_item(rotated_chance=0.2)
    slop, hold, window = _add_recognizer(b)
    home = (b.x_pt, b.y_pt)
    present = []
    if rng.random() < 0.4:
        b.add_behavior("home", "snap", [f"point = {_pair(*home, 2)}", f"damping = {_num(rng.uniform(0.1, 1.2), 3)}"])
        present.append("home")
    b.add_item_properties(chance=0.4)
    if _has(b, "props"):
        present.append("props")
    rotate = rng.random() < 0.45
    down = _point_in_item(b)
    if rotate:
        pivot = None if rng.random() < 0.6 else (home[0] + rng.uniform(-60, 60), home[1] + rng.uniform(-60, 60))
        centre = pivot or home
        radius = rng.uniform(25, 200)
        start_angle = _angle(rng)
        down = (centre[0] + radius * math.cos(start_angle), centre[1] + radius * math.sin(start_angle))
        dead_zone = 0.0 if rng.random() < 0.5 else round(rng.uniform(2, min(30, radius * 0.6)), 2)
        trace = FingerTrace(rng, _start_time(rng, 0.5), down)
        if rng.random() < 0.15:
            trace.still(rng.uniform(0.1, 0.8), slop / 3)
        omega = rng.choice([-1, 1]) * rng.uniform(2, 25)
        trace.circle(centre, rng.uniform(0.2, 1.4), omega, dead_zone if dead_zone > 0 and rng.random() < 0.5 else None)
        trace.ensure_drag(slop)
        trace.avoid_ties(slop, window)
        lines = ['touch = "finger"', 'mode = "rotate"']
        if pivot is not None:
            lines.append(f"pivot = {_pair(*pivot, 2)}")
        if dead_zone > 0:
            lines.append(f"dead_zone = {dead_zone!r}")
    else:
        trace = _finger(b, down, slop, window)
        axis = rng.choice(["x", "y", "both", None])
        lines = ['touch = "finger"', 'mode = "follow"'] + ([f'axis = "{axis}"'] if axis else [])
    b.touches.append(trace.lines(b, "finger", as_file=trace.generated is None and rng.random() < 0.25))
    b.add_behavior("drag", "drag", lines, start=False)
    b.add_rule(['on = "drag-began"', 'add = ["drag"]', f"remove = {_ids(present)}"])

    release = "true" if rng.random() < 0.7 else "false"
    lift, heading = trace.release()
    outcome = rng.random()
    if outcome < 0.4:
        b.add_behavior("snap", "snap", [f"point = {_pair(*home, 2)}", f"damping = {_num(rng.uniform(0, 1.2), 3)}"], start=False)
        b.add_rule(['on = "drag-ended"', 'remove = ["drag"]', 'add = ["snap"]', f"release_velocity = {release}"])
    elif outcome < 0.75 and not rotate:
        # fling: the item leaves where the follow put it, towards walls ahead
        (_, fx, fy), (lx, ly) = trace.samples[0][:3], lift
        dx = lx - fx if axis in ("x", "both", None) else 0.0
        dy = ly - fy if axis in ("y", "both", None) else 0.0
        released_at = (home[0] + dx, home[1] + dy)
        b.add_item_properties("fling", chance=1.0, start=False, resistance=_num(rng.uniform(0.2, 3), 3))
        added = ["fling"] if _has(b, "fling") else []
        walls = [("wall", *_wall_ahead_of(b, released_at, heading, rng.uniform(10, 250)))]
        b.add_walls("walls", walls, start=False)
        added.append("walls")
        if rng.random() < 0.4:
            b.add_gravity("gravity", _angle(rng), rng.uniform(0.1, 1.0), start=False)
            added.append("gravity")
        b.add_rule(['on = "drag-ended"', 'remove = ["drag"]', f"add = {_ids(added)}", f"release_velocity = {release}"])
    elif outcome < 0.9:
        b.add_behavior("spin", "item", [f"angular_resistance = {_num(rng.uniform(0, 3), 3)}",
                                         f"resistance = {_num(rng.uniform(0, 3), 3)}"], start=False)
        b.add_rule(['on = "drag-ended"', 'remove = ["drag"]', 'add = ["spin"]', f"release_velocity = {release}"])
    else:
        b.add_rule(['on = "drag-ended"', 'remove = ["drag"]'])


def scenario_spin_in_place(b: SceneBuilder) -> None:
    """The tempo dial on UIKit Dynamics (docs/tempo-dial.md): a square disc kept in place by a
    pin (an attachment of length 0 from its centre to an anchor there) and slowed by its
    angular resistance (often 1.8415 /s, the author's 0.97 per frame); a finger turns it with
    a rotate drag about its centre (often with the author's 22 pt dead spot), the drag-began
    rule taking the disc's body away, the drag-ended rule giving it back with the angular
    release velocity; sometimes the disc spins from t = 0 and a second flick follows."""
    rng = b.rng
    b.duration_s = rng.choice([3.0, 4.0])
    side = round(rng.uniform(120, 360), 1)
    b.width_pt = b.height_pt = side
    b.x_pt = round(rng.uniform(side / 2, 1000 - side / 2), 2)
    b.y_pt = round(rng.uniform(side / 2, 1000 - side / 2), 2)
    b.angle_rad = round(rng.uniform(-math.pi, math.pi), 4) if rng.random() < 0.3 else 0.0
    b.item_lines = ['id = "box"', f"size = {_pair(side, side, 1)}", f"center = {_pair(b.x_pt, b.y_pt, 2)}"]
    if b.angle_rad != 0.0:
        b.item_lines.append(f"angle = {_num(b.angle_rad)}")
    if rng.random() < 0.2:
        b.item_lines.append(f"angular_velocity = {_num(rng.choice([-1, 1]) * rng.uniform(1, 30), 4)}")
    centre = (b.x_pt, b.y_pt)
    slop, hold, window = _add_recognizer(b)
    resistance = 1.8415 if rng.random() < 0.3 else math.exp(rng.uniform(math.log(0.2), math.log(8)))
    spin = [f"angular_resistance = {_num(resistance, 4)}"]
    if rng.random() < 0.3:
        spin.append(f"resistance = {_num(rng.uniform(0, 2), 3)}")
    if rng.random() < 0.3:
        spin.append(f"density = {_num(rng.uniform(0.3, 3), 3)}")
    b.add_behavior("spin", "item", spin)
    pin = [f"anchor = {_pair(*centre, 2)}"]
    if rng.random() < 0.4:
        pin.append("length = 0.0")
    if rng.random() < 0.3:
        pin.append("frequency = 0.0")
    b.add_behavior("pin", "attachment", pin)
    dead_zone = 22.0 if rng.random() < 0.6 else round(rng.uniform(0, 30), 2)
    lines = ['touch = "finger"', 'mode = "rotate"']
    if dead_zone > 0:
        lines.append(f"dead_zone = {dead_zone!r}")
    b.add_behavior("turn", "drag", lines, start=False)
    fingers = ["finger"] + (["second"] if rng.random() < 0.3 else [])
    t0 = _start_time(rng, 0.5)
    for tid in fingers:
        # mostly outside the dead spot; now and then a finger circling inside it turns nothing
        radius = rng.uniform(10, 40) if rng.random() < 0.1 else rng.uniform(max(30.0, dead_zone + 5), side / 2)
        start_angle = _angle(rng)
        down = (centre[0] + radius * math.cos(start_angle), centre[1] + radius * math.sin(start_angle))
        trace = FingerTrace(rng, t0, down)
        if rng.random() < 0.15:
            trace.still(rng.uniform(0.05, 0.4), slop / 3)
        omega = rng.choice([-1, 1]) * rng.uniform(2, 30)
        dip = dead_zone if dead_zone > 0 and rng.random() < 0.4 else None
        trace.circle(centre, rng.uniform(0.12, 0.8), omega, dip)
        if rng.random() < 0.2:  # the finger stops before it lifts: little or no release speed
            trace.still(rng.uniform(0.03, 0.2), 0.0)
        trace.ensure_drag(slop)
        trace.avoid_ties(slop, window)
        b.touches.append(trace.lines(b, tid, as_file=rng.random() < 0.2))
        t0 = round(trace.last[0] + rng.uniform(0.2, 0.9), 6)
    if len(fingers) > 1:  # the drag follows whichever finger drags
        b.add_behavior("turn-second", "drag", ['touch = "second"', 'mode = "rotate"'] +
                       ([f"dead_zone = {dead_zone!r}"] if dead_zone > 0 else []), start=False)
        b.add_rule(['on = "drag-began"', 'touch = "second"', 'remove = ["spin", "pin"]', 'add = ["turn-second"]'])
        b.add_rule(['on = "drag-ended"', 'touch = "second"', 'remove = ["turn-second"]', 'add = ["spin", "pin"]',
                    "release_velocity = true"])
    b.add_rule(['on = "drag-began"', 'touch = "finger"', 'remove = ["spin", "pin"]', 'add = ["turn"]'])
    b.add_rule(['on = "drag-ended"', 'touch = "finger"', 'remove = ["turn"]', 'add = ["spin", "pin"]',
                f"release_velocity = {'true' if rng.random() < 0.85 else 'false'}"])


SCENARIO_FUNCTIONS = {
    "snap": scenario_snap,
    "push-free": scenario_push_free,
    "push-wall": scenario_push_wall,
    "continuous-wall": scenario_continuous_wall,
    "gravity-wall": scenario_gravity_wall,
    "attachment": scenario_attachment,
    "hint": scenario_hint,
    "touch-attachment": scenario_touch_attachment,
    "touch-kinematic": scenario_touch_kinematic,
    "spin-in-place": scenario_spin_in_place,
    "set-snap": scenario_set_snap,
    "set-gravity": scenario_set_gravity,
    "set-attachment": scenario_set_attachment,
    "set-push": scenario_set_push,
    "set-item": scenario_set_item,
    "set-field": scenario_set_field,
    "set-touch": scenario_set_touch,
}


#: Families of scenes (--family): the mixed one above, and the touch ones.
FAMILIES = {
    "mixed": SCENARIOS,
    "touch-attachment": {"touch-attachment": 1},
    "touch-kinematic": {"touch-kinematic": 1},
    "spin-in-place": {"spin-in-place": 1},
    "set-rules": {"set-snap": 20, "set-gravity": 15, "set-attachment": 20, "set-push": 15,
                  "set-item": 10, "set-field": 10, "set-touch": 10},
}


def make_scene(index: int, seed: int, profile: str = "modern", family: str = "mixed") -> tuple[str, str, dict[str, str]]:
    """Scene number `index` of the run with `seed`: (scenario type, TOML text, files it
    refers to: path relative to the scene → text). Each scene has its own generator, so
    scene k does not depend on how many scenes come before it."""
    if family in random_item_scenes.FAMILIES:
        kind, text = random_item_scenes.make_scene(index, seed, profile, family)
        return kind, text, {}
    if family in random_field_scenes.FAMILIES:
        kind, text = random_field_scenes.make_scene(index, seed, profile, family)
        return kind, text, {}
    if family in random_joint_scenes.FAMILIES:
        kind, text = random_joint_scenes.make_scene(index, seed, profile, family)
        return kind, text, {}
    if family in random_boundary_scenes.FAMILIES:
        kind, text = random_boundary_scenes.make_scene(index, seed, profile, family)
        return kind, text, {}
    if family in random_scroll_scenes.FAMILIES:
        kind, text = random_scroll_scenes.make_scene(index, seed, profile, family)
        return kind, text, {}
    rng = random.Random(f"{seed}:{index}" if family == "mixed" else f"{family}:{seed}:{index}")
    weights = FAMILIES[family]
    kinds = list(weights)
    kind = rng.choices(kinds, weights=[weights[k] for k in kinds])[0]
    builder = SceneBuilder(rng, f"random {kind} #{index} (seed {seed})")
    builder.file_stem = f"random-{index:04d}"
    builder.profile = profile
    SCENARIO_FUNCTIONS[kind](builder)
    header = f"Generated by random_scenes.py, seed {seed}, scene {index}: {kind}"
    return kind, builder.render(header, profile), builder.files


def write_scenes(out_dir: Path, count: int, seed: int, profile: str = "modern", family: str = "mixed") -> list[Path]:
    """Write `count` scenes to out_dir (and the trace files they refer to); return their
    paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for index in range(count):
        _, text, files = make_scene(index, seed, profile, family)
        for name, content in files.items():
            (out_dir / name).parent.mkdir(parents=True, exist_ok=True)
            (out_dir / name).write_text(content)
        path = out_dir / f"random-{index:04d}.toml"
        path.write_text(text)
        paths.append(path)
    if family in random_item_scenes.BARE_FAMILIES:
        # Appended: boundary-less collisions, from generators of their own (scenes 0..count-1
        # above are those the family wrote before they existed).
        for index in range(random_item_scenes.bare_count(count)):
            _, text = random_item_scenes.make_scene(index, seed, profile, family, bare=True)
            path = out_dir / f"random-bare-{index:04d}.toml"
            path.write_text(text)
            paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write seeded random scenes for compare.py.")
    parser.add_argument("out_dir", type=Path, help="directory for the .toml files")
    parser.add_argument("--count", type=int, default=200, help="number of scenes (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--profile", choices=["modern", "ios7"], default="modern",
                        help="the scenes' profile (default modern)")
    parser.add_argument("--family", choices=sorted(FAMILIES) + sorted(random_item_scenes.FAMILIES)
                        + sorted(random_field_scenes.FAMILIES) + sorted(random_joint_scenes.FAMILIES)
                        + sorted(random_boundary_scenes.FAMILIES) + sorted(random_scroll_scenes.FAMILIES),
                        default="mixed",
                        help="mixed (default): no touches; touch-attachment: attachment drags with moving "
                             "anchors; touch-kinematic: follow and rotate drags and release velocity; "
                             "spin-in-place: the tempo dial on UIKit (a pinned disc, a rotate drag, "
                             "angular resistance); set-rules: rules (on times, contacts, pauses and touches) that set a snap's point, a gravity's angle or "
                             "magnitude, an attachment's anchor, length, frequency, damping, a push's, an item behavior's or a field's properties during the run; items: two to four items that touch (stacks, hits, "
                             "collision modes); items-ios9: the same with groups, anchored bumpers and "
                             "iOS 9 collision bounds (modern profile); fields: field behaviors and regions "
                             "(modern profile); joints: iOS 9's attachment kinds (pendulums on pins, chains, "
                             "sliders, welds, ropes; modern profile); scroll: springy lists scrolled, flicked and "
                             "caught (docs/springy-list.md; modern profile)")
    args = parser.parse_args(argv)
    paths = write_scenes(args.out_dir, args.count, args.seed, args.profile, args.family)
    print(f"wrote {len(paths)} scenes to {args.out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
