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
        self.reference_size_pt: tuple[float, float] | None = None
        self.item_lines: list[str] = []
        self.behaviors: list[list[str]] = []
        self.rules: list[list[str]] = []
        # the item, set by add_item
        self.x_pt = self.y_pt = self.angle_rad = 0.0
        self.width_pt = self.height_pt = 0.0
        self.density = 1.0

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
               f"frame_rate = {FRAME_RATE_HZ}", f"duration = {DURATION_S}"]
        if self.reference_size_pt is not None:
            out.append(f"reference_size = {_pair(*self.reference_size_pt, 1)}")
        out += ["", "[[item]]"] + self.item_lines
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


SCENARIO_FUNCTIONS = {
    "snap": scenario_snap,
    "push-free": scenario_push_free,
    "push-wall": scenario_push_wall,
    "continuous-wall": scenario_continuous_wall,
    "gravity-wall": scenario_gravity_wall,
    "attachment": scenario_attachment,
    "hint": scenario_hint,
}


def make_scene(index: int, seed: int, profile: str = "modern") -> tuple[str, str]:
    """Scene number `index` of the run with `seed`: (scenario type, TOML text). Each scene
    has its own generator, so scene k does not depend on how many scenes come before it."""
    rng = random.Random(f"{seed}:{index}")
    kinds = list(SCENARIOS)
    kind = rng.choices(kinds, weights=[SCENARIOS[k] for k in kinds])[0]
    builder = SceneBuilder(rng, f"random {kind} #{index} (seed {seed})")
    SCENARIO_FUNCTIONS[kind](builder)
    header = f"Generated by random_scenes.py, seed {seed}, scene {index}: {kind}"
    return kind, builder.render(header, profile)


def write_scenes(out_dir: Path, count: int, seed: int, profile: str = "modern") -> list[Path]:
    """Write `count` scenes to out_dir; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for index in range(count):
        _, text = make_scene(index, seed, profile)
        path = out_dir / f"random-{index:04d}.toml"
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
    args = parser.parse_args(argv)
    paths = write_scenes(args.out_dir, args.count, args.seed, args.profile)
    print(f"wrote {len(paths)} scenes to {args.out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
