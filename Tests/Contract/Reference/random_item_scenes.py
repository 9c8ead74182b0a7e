"""Seeded random scenes of two to four items that touch each other, for the differential test
(random_scenes.py --family items | items-ios9).

`items` (both profiles; keys iOS 7 has): stacks settling on a floor, head-on hits, glancing
hits of spinning items, and collision modes (one behavior in `items` mode over every item, one
in `boundaries` mode over some of them with a floor the others fall through).

`items-ios9` (modern profile; iOS 9's keys): item groups (one body for several members),
anchored bumpers a puck bounces between, and items whose collision bounds are circles,
ellipses or convex paths, mixed with the scenes above.

Both families then append collision behaviors with no boundary (`bare_count`, their own
generators): items thrown at each other in `UICollisionBehavior(items:)`, items alone in one
(they collide with nothing), a `boundaries`-mode behavior with nothing to collide with, and
(iOS 9) a puck or a group thrown at an anchored bumper.

What the scenes avoid on purpose, because the reference engine (pybox2d) cannot follow
UIKit there: ellipses and paths of more than 16 vertices (pybox2d's limit; ellipses up to
about 60 pt), paths whose points pybox2d's convex hull would reorder (they are given
counter-clockwise from the right-most point), `anchored` changing after the first frame
(pybox2d's SetType destroys contacts where Box2D 2.2.1 keeps them), a collision behavior
added after another has gone (UIKit's counter would reuse its bits and, in another mode,
make one item push another without being pushed), and bodies remade while others touch
(FeelLab numbers broad-phase proxies in creation order; Box2D's tree reuses freed numbers).
"""

from __future__ import annotations

import math
import random

FRAME_RATE_HZ = 60
IDS = ["a", "b", "c", "d"]


def _num(value: float, digits: int = 4) -> str:
    return repr(round(float(value), digits))


def _pair(x: float, y: float, digits: int = 3) -> str:
    return f"[{_num(x, digits)}, {_num(y, digits)}]"


class ItemScene:
    """Items, groups, behaviors and rules of one scene, rendered as TOML."""

    def __init__(self, rng: random.Random, title: str, ios9: bool):
        self.rng = rng
        self.title = title
        self.ios9 = ios9
        self.duration_s = 2.0
        self.reference_size_pt: tuple[float, float] | None = None
        self.items: list[list[str]] = []
        self.groups: list[list[str]] = []
        self.behaviors: list[list[str]] = []
        self.rules: list[list[str]] = []

    def add_item(self, iid: str, size: tuple[float, float], center: tuple[float, float], angle: float = 0.0,
                 velocity: tuple[float, float] | None = None, omega: float = 0.0, bounds: str = "rectangle",
                 path: list[tuple[float, float]] | None = None) -> None:
        lines = [f'id = "{iid}"', f"size = {_pair(*size, 1)}", f"center = {_pair(*center, 2)}"]
        if angle:
            lines.append(f"angle = {_num(angle)}")
        if velocity is not None:
            lines.append(f"velocity = {_pair(*velocity, 2)}")
        if omega:
            lines.append(f"angular_velocity = {_num(omega)}")
        if bounds != "rectangle":
            lines.append(f'bounds = "{bounds}"')
        if path is not None:
            lines.append("path = [" + ", ".join(_pair(x, y, 2) for x, y in path) + "]")
        self.items.append(lines)

    def add_group(self, gid: str, members: list[str]) -> None:
        self.groups.append([f'id = "{gid}"', "items = [" + ", ".join(f'"{m}"' for m in members) + "]"])

    def add_behavior(self, bid: str, kind: str, items: list[str], lines: list[str]) -> None:
        self.behaviors.append(
            [f'id = "{bid}"', f'type = "{kind}"', "items = [" + ", ".join(f'"{i}"' for i in items) + "]"] + lines
        )

    def add_properties(self, bid: str, items: list[str], **fixed) -> None:
        """An item behavior with a random subset of properties (and `fixed`)."""
        rng = self.rng
        lines = []
        choices = {
            "elasticity": lambda: _num(rng.uniform(0, 1), 3),
            "friction": lambda: _num(rng.uniform(0, 1), 3),
            "density": lambda: _num(rng.uniform(0.3, 4), 3),
            "resistance": lambda: _num(rng.choice([0.0, rng.uniform(0, 1.5)]), 3),
            "angular_resistance": lambda: _num(rng.uniform(0, 1.5), 3),
            "allows_rotation": lambda: rng.choice(["true", "true", "false"]),
        }
        for key, make in choices.items():
            if rng.random() < 0.5:
                lines.append(f"{key} = {make()}")
        for key, value in fixed.items():
            lines = [line for line in lines if not line.startswith(f"{key} =")]
            lines.append(f"{key} = {value}")
        if lines:
            self.add_behavior(bid, "item", items, lines)

    def add_collision(self, bid: str, items: list[str], walls: list[tuple[str, tuple, tuple]] = (),
                      reference_bounds: bool = False, mode: str | None = None) -> None:
        lines = []
        if walls:
            lines.append("boundaries = [" + ", ".join(
                f'{{ id = "{wid}", from = {_pair(*a, 2)}, to = {_pair(*b, 2)} }}' for wid, a, b in walls) + "]")
        if reference_bounds:
            lines.append("reference_bounds = true")
        if mode is not None:
            lines.append(f'mode = "{mode}"')
        self.add_behavior(bid, "collision", items, lines)

    def add_gravity(self, items: list[str], angle: float = math.pi / 2, magnitude: float = 1.0) -> None:
        self.add_behavior("gravity", "gravity", items, [f"angle = {_num(angle)}", f"magnitude = {_num(magnitude)}"])

    def add_push(self, bid: str, items: list[str], angle: float, magnitude: float,
                 offset: tuple[float, float] | None = None) -> None:
        lines = ['mode = "instantaneous"', f"angle = {_num(angle)}", f"magnitude = {_num(magnitude, 6)}"]
        if offset is not None:
            lines.append(f"offset = {_pair(*offset, 2)}")
        self.add_behavior(bid, "push", items, lines)

    def render(self, header: str, profile: str) -> str:
        out = [f"# {header}", f'title = "{self.title}"', f'profile = "{profile}"',
               f"frame_rate = {FRAME_RATE_HZ}", f"duration = {self.duration_s}"]
        if self.reference_size_pt is not None:
            out.append(f"reference_size = {_pair(*self.reference_size_pt, 1)}")
        for lines in self.items:
            out += ["", "[[item]]"] + lines
        for lines in self.groups:
            out += ["", "[[group]]"] + lines
        for lines in self.behaviors:
            out += ["", "[[behavior]]"] + lines
        for lines in self.rules:
            out += ["", "[[rule]]"] + lines
        return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------
# Shapes
# ---------------------------------------------------------------------------------------


def _shape(s: ItemScene, width: float, height: float) -> dict:
    """Collision bounds for an item of this size: a rectangle, or (iOS 9) a circle, a small
    ellipse or a convex path inside the box."""
    rng = s.rng
    if not s.ios9 or rng.random() < 0.4:
        return {}
    kind = rng.choice(["circle", "ellipse", "path"])
    if kind == "circle":
        return {"bounds": "ellipse", "size": (width, width)}
    if kind == "ellipse":
        # at most 16 vertices: both sides under about 60 pt
        w, h = round(rng.uniform(12, 58), 1), round(rng.uniform(12, 58), 1)
        if w == h:
            h += 3
        return {"bounds": "ellipse", "size": (w, h)}
    return {"bounds": "path", "path": _convex_path(rng, width, height)}


def _convex_path(rng: random.Random, width: float, height: float) -> list[tuple[float, float]]:
    """3–8 points on an ellipse inside the box at increasing angles (counter-clockwise with y
    up), starting from the right-most one, at least 25° apart so no three are nearly on a line."""
    count = rng.randint(3, 8)
    while True:
        angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(count))
        gaps = [(angles[(k + 1) % count] - angles[k]) % (2 * math.pi) for k in range(count)]
        if min(gaps) > math.radians(25) and max(gaps) < math.radians(170):
            break
    points = [(round(0.5 * width * math.cos(a), 2), round(0.5 * height * math.sin(a), 2)) for a in angles]
    start = max(range(count), key=lambda k: (points[k][0], -points[k][1]))
    return points[start:] + points[:start]


def _add_shaped_item(s: ItemScene, iid: str, size: tuple[float, float], center: tuple[float, float], **kwargs):
    shape = _shape(s, *size)
    size = shape.pop("size", size)
    s.add_item(iid, size, center, **kwargs, **shape)
    return size


# ---------------------------------------------------------------------------------------
# Scenarios
# ---------------------------------------------------------------------------------------


def scenario_stack(s: ItemScene) -> None:
    """Two to four items stacked above a floor (the reference bounds), falling and settling;
    sometimes one more thrown at the stack."""
    rng = s.rng
    width = round(rng.uniform(300, 600), 1)
    height = round(rng.uniform(500, 900), 1)
    s.reference_size_pt = (width, height)
    s.duration_s = 3.0
    n = rng.randint(2, 4)
    ids = IDS[:n]
    y = height - rng.uniform(2, 40)
    thrown = n >= 3 and rng.random() < 0.3
    for k, iid in enumerate(ids):
        w, h = round(rng.uniform(40, 200), 1), round(rng.uniform(20, 80), 1)
        if thrown and k == n - 1:
            center = (round(rng.uniform(40, width - 40), 2), round(rng.uniform(60, 200), 2))
            velocity = (rng.uniform(-400, 400), rng.uniform(-200, 300))
            _add_shaped_item(s, iid, (w, h), center, velocity=velocity, omega=round(rng.uniform(-6, 6), 3))
            continue
        y -= h / 2 + rng.uniform(0, 30)
        x = width / 2 + rng.uniform(-0.3, 0.3) * w
        angle = rng.uniform(-0.3, 0.3) if rng.random() < 0.3 else 0.0
        size = _add_shaped_item(s, iid, (w, h), (x, y), angle=angle)
        y -= size[1] / 2
    s.add_gravity(ids, math.pi / 2 + rng.uniform(-0.2, 0.2), rng.uniform(0.5, 2))
    s.add_collision("collide", ids, reference_bounds=True)
    for iid in ids:
        if rng.random() < 0.6:
            s.add_properties(f"props-{iid}", [iid])


def _line_of_items(s: ItemScene, n: int, gap: tuple[float, float], spread: float = 0.0):
    """n items on a horizontal line in a reference view, with walls beyond both ends."""
    rng = s.rng
    sizes = [(round(rng.uniform(30, 160), 1), round(rng.uniform(30, 160), 1)) for _ in range(n)]
    x = 60.0
    centres = []
    for w, h in sizes:
        x += w / 2
        centres.append((x, 400 + rng.uniform(-spread, spread) * h))
        x += w / 2 + rng.uniform(*gap)
    s.reference_size_pt = (round(x + 60, 1), 800.0)
    return sizes, centres


def scenario_head_on(s: ItemScene) -> None:
    """Items on a line pushed towards each other (no gravity), between the reference bounds."""
    rng = s.rng
    n = rng.randint(2, 3)
    ids = IDS[:n]
    sizes, centres = _line_of_items(s, n, (20, 200))
    for iid, size, centre in zip(ids, sizes, centres):
        _add_shaped_item(s, iid, size, centre)
    speeds = [math.exp(rng.uniform(math.log(80), math.log(1500))) for _ in ids]
    # the first goes right, the last left, a middle one either way
    directions = [0.0] + [rng.choice([0.0, math.pi]) for _ in ids[1:-1]] + [math.pi]
    for iid, speed, direction, (w, h) in zip(ids, speeds, directions, sizes):
        mass = w * h / 1e4
        s.add_push(f"push-{iid}", [iid], direction + rng.uniform(-0.05, 0.05), mass * speed / 100)
    s.add_collision("collide", ids, reference_bounds=True)
    s.add_properties("props", ids)


def scenario_glancing(s: ItemScene) -> None:
    """Two or three spinning items thrown at each other off-centre, under light gravity or
    none, in a box."""
    rng = s.rng
    n = rng.randint(2, 3)
    ids = IDS[:n]
    sizes, centres = _line_of_items(s, n, (10, 150), spread=0.6)
    for iid, size, centre in zip(ids, sizes, centres):
        angle = rng.uniform(-math.pi, math.pi) if rng.random() < 0.5 else 0.0
        speed = math.exp(rng.uniform(math.log(100), math.log(1200)))
        heading = rng.uniform(-0.6, 0.6) + (0.0 if centre[0] < s.reference_size_pt[0] / 2 else math.pi)
        _add_shaped_item(s, iid, size, centre, angle=angle,
                         velocity=(speed * math.cos(heading), speed * math.sin(heading)),
                         omega=round(rng.uniform(-8, 8), 3))
    if rng.random() < 0.5:
        s.add_gravity(ids, rng.uniform(0, 2 * math.pi), rng.uniform(0.05, 0.5))
    s.add_collision("collide", ids, reference_bounds=True)
    s.add_properties("props", ids)


def scenario_modes(s: ItemScene) -> None:
    """One behavior in `items` mode over every item (they collide with each other and pass
    through its boundary), one in `boundaries` (or `everything`) mode over some items with a
    floor: the others fall through it."""
    rng = s.rng
    n = rng.randint(2, 4)
    ids = IDS[:n]
    width = round(rng.uniform(300, 600), 1)
    s.reference_size_pt = (width, 900.0)
    s.duration_s = 2.5
    for k, iid in enumerate(ids):
        w, h = round(rng.uniform(40, 140), 1), round(rng.uniform(20, 80), 1)
        _add_shaped_item(s, iid, (w, h), (width / 2 + rng.uniform(-80, 80), 100 + 130 * k))
    floor_y = round(rng.uniform(650, 800), 1)
    held = sorted(rng.sample(ids, rng.randint(1, n - 1)))
    s.add_gravity(ids, math.pi / 2, rng.uniform(0.5, 1.5))
    s.add_collision("together", ids, walls=[("shelf", (-50.0, 500.0), (width + 50, 520.0))], mode="items")
    s.add_collision("floor", held, walls=[("floor", (-40.0, floor_y), (width + 40, floor_y))],
                    mode=rng.choice(["boundaries", "everything"]))
    s.add_properties("props", ids)


def scenario_group(s: ItemScene) -> None:
    """A group of two or three members falling onto a floor, or thrown at another item."""
    rng = s.rng
    width = round(rng.uniform(400, 700), 1)
    s.reference_size_pt = (width, 900.0)
    s.duration_s = 2.5
    members = IDS[: rng.randint(2, 3)]
    x = width / 2 - 60
    for k, iid in enumerate(members):
        w, h = round(rng.uniform(30, 100), 1), round(rng.uniform(20, 80), 1)
        _add_shaped_item(s, iid, (w, h), (x + rng.uniform(-10, 10), 200 + rng.uniform(-40, 40)))
        x += w / 2 + rng.uniform(0, 20) + 30
    s.add_group("pair", members)
    others = IDS[len(members):][: rng.randint(0, 1)]
    for iid in others:
        _add_shaped_item(s, iid, (round(rng.uniform(40, 150), 1), round(rng.uniform(30, 90), 1)),
                         (width / 2 + rng.uniform(-60, 60), 600 + rng.uniform(-50, 100)))
    everything = ["pair"] + others
    s.add_gravity(everything, math.pi / 2 + rng.uniform(-0.3, 0.3), rng.uniform(0.5, 1.5))
    if rng.random() < 0.4:
        s.add_push("throw", ["pair"], rng.uniform(0, 2 * math.pi), rng.uniform(0.2, 1.5),
                   offset=(rng.uniform(-20, 20), rng.uniform(-20, 20)))
    s.add_collision("collide", everything, reference_bounds=True)
    s.add_properties("props", everything)


def scenario_bumpers(s: ItemScene) -> None:
    """A puck pushed between one or two anchored bumpers, in a box."""
    rng = s.rng
    width = round(rng.uniform(400, 700), 1)
    height = round(rng.uniform(400, 800), 1)
    s.reference_size_pt = (width, height)
    s.duration_s = 2.5
    bumpers = IDS[1: 1 + rng.randint(1, 2)]
    for k, iid in enumerate(bumpers):
        size = (round(rng.uniform(30, 120), 1), round(rng.uniform(30, 120), 1))
        x = width * (0.25 if k == 0 else 0.75)
        _add_shaped_item(s, iid, size, (x + rng.uniform(-20, 20), height / 2 + rng.uniform(-60, 60)),
                         angle=rng.uniform(-1, 1) if rng.random() < 0.3 else 0.0)
    puck = round(rng.uniform(20, 60), 1)
    _add_shaped_item(s, "a", (puck, puck), (width / 2, height / 2 + rng.uniform(-40, 40)))
    heading = rng.choice([0.0, math.pi]) + rng.uniform(-0.4, 0.4)
    speed = math.exp(rng.uniform(math.log(150), math.log(1500)))
    s.add_push("flick", ["a"], heading, puck * puck / 1e4 * speed / 100)
    s.add_behavior("anchor", "item", bumpers, ["anchored = true"] + (
        [f"elasticity = {_num(rng.uniform(0, 1), 3)}"] if rng.random() < 0.5 else []))
    if rng.random() < 0.3:
        s.add_behavior("charged", "item", ["a"], [f"charge = {_num(rng.uniform(-2, 2), 3)}"])
    if rng.random() < 0.4:
        s.add_gravity(["a"], rng.uniform(0, 2 * math.pi), rng.uniform(0.05, 0.5))
    s.add_collision("collide", ["a"] + bumpers, reference_bounds=True)
    s.add_properties("puck", ["a"])


def scenario_shapes(s: ItemScene) -> None:
    """Items of every iOS 9 shape falling into a box and onto each other."""
    rng = s.rng
    width = round(rng.uniform(250, 500), 1)
    s.reference_size_pt = (width, 700.0)
    s.duration_s = 3.0
    n = rng.randint(2, 4)
    ids = IDS[:n]
    for k, iid in enumerate(ids):
        size = (round(rng.uniform(30, 120), 1), round(rng.uniform(30, 120), 1))
        _add_shaped_item(s, iid, size, (width / 2 + rng.uniform(-60, 60), 120 + 140 * k),
                         angle=rng.uniform(-math.pi, math.pi) if rng.random() < 0.4 else 0.0,
                         omega=round(rng.uniform(-3, 3), 3) if rng.random() < 0.3 else 0.0)
    s.add_gravity(ids, math.pi / 2 + rng.uniform(-0.4, 0.4), rng.uniform(0.5, 1.5))
    s.add_collision("collide", ids, reference_bounds=True)
    s.add_properties("props", ids)


def scenario_bare_pair(s: ItemScene) -> None:
    """Two or three items thrown at each other in one collision behavior with no boundaries and
    no reference bounds (UIKit's `UICollisionBehavior(items:)`): they bounce off each other and
    fly on; sometimes under light gravity, sometimes in `items` mode (the same with nothing else
    to collide with)."""
    rng = s.rng
    n = rng.randint(2, 3)
    ids = IDS[:n]
    sizes, centres = _line_of_items(s, n, (10, 150), spread=0.3)
    s.reference_size_pt = None
    for iid, size, centre in zip(ids, sizes, centres):
        speed = math.exp(rng.uniform(math.log(100), math.log(1200)))
        heading = rng.uniform(-0.3, 0.3) + (0.0 if iid == ids[0] else math.pi)
        _add_shaped_item(s, iid, size, centre,
                         velocity=(speed * math.cos(heading), speed * math.sin(heading)),
                         omega=round(rng.uniform(-4, 4), 3) if rng.random() < 0.4 else 0.0)
    if rng.random() < 0.4:
        s.add_gravity(ids, rng.uniform(0, 2 * math.pi), rng.uniform(0.05, 0.5))
    s.add_collision("collide", ids, mode=rng.choice([None, None, "items"]))
    s.add_properties("props", ids)


def scenario_bare_apart(s: ItemScene) -> None:
    """Items each alone in a collision behavior with no boundaries (a single item collides with
    nothing): they fall or fly through each other, since no behavior holds two of them; then
    one behavior in `boundaries` mode holding two (they pass through each other too) and one
    holding a pair in `everything` mode, which do collide."""
    rng = s.rng
    width = round(rng.uniform(300, 600), 1)
    s.duration_s = 2.0
    n = rng.randint(2, 4)
    ids = IDS[:n]
    for k, iid in enumerate(ids):
        w, h = round(rng.uniform(40, 140), 1), round(rng.uniform(20, 80), 1)
        _add_shaped_item(s, iid, (w, h), (width / 2 + rng.uniform(-40, 40), 100 + 90 * k),
                         velocity=(0.0, round(rng.uniform(-400, -50), 2)) if k > 0 else None)
    s.add_gravity(ids, math.pi / 2 + rng.uniform(-0.2, 0.2), rng.uniform(0.5, 1.5))
    shape = rng.choice(["alone", "boundaries", "pair"])
    if shape == "alone":
        for iid in ids:
            s.add_collision(f"alone-{iid}", [iid])
    elif shape == "boundaries":
        s.add_collision("passing", ids[:2], mode="boundaries")
    else:
        s.add_collision("pair", ids[:2], mode="everything")
        if n > 2:
            s.add_collision("rest", ids[2:])
    s.add_properties("props", ids)


def scenario_bare_bumper(s: ItemScene) -> None:
    """iOS 9: a puck (or a group) thrown at an anchored bumper, the two in a collision behavior
    with no boundaries."""
    rng = s.rng
    s.duration_s = 2.0
    bumper = (round(rng.uniform(30, 120), 1), round(rng.uniform(30, 120), 1))
    _add_shaped_item(s, "b", bumper, (400.0, 300 + rng.uniform(-30, 30)),
                     angle=rng.uniform(-1, 1) if rng.random() < 0.3 else 0.0)
    thrower = "a"
    if rng.random() < 0.5:
        _add_shaped_item(s, "a", (round(rng.uniform(20, 60), 1), round(rng.uniform(20, 60), 1)), (150.0, 300.0))
        _add_shaped_item(s, "c", (round(rng.uniform(20, 60), 1), round(rng.uniform(20, 60), 1)),
                         (150.0 + rng.uniform(-20, 20), 345.0 + rng.uniform(0, 20)))
        s.add_group("pair", ["a", "c"])
        thrower = "pair"
    else:
        puck = round(rng.uniform(20, 60), 1)
        _add_shaped_item(s, "a", (puck, puck), (150.0, 300.0 + rng.uniform(-30, 30)))
    speed = math.exp(rng.uniform(math.log(150), math.log(1200)))
    s.add_push("flick", [thrower], rng.uniform(-0.3, 0.3), 0.2 * speed / 100)
    s.add_behavior("anchor", "item", ["b"], ["anchored = true"])
    s.add_collision("collide", [thrower, "b"])
    s.add_properties("props", [thrower])


#: Scenario types of each family and their weights.
FAMILIES = {
    "items": {"stack": 30, "head-on": 25, "glancing": 25, "modes": 20},
    "items-ios9": {"stack": 15, "head-on": 10, "glancing": 15, "modes": 10, "group": 20, "bumpers": 15,
                   "shapes": 15},
}
SCENARIOS = {
    "stack": scenario_stack,
    "head-on": scenario_head_on,
    "glancing": scenario_glancing,
    "modes": scenario_modes,
    "group": scenario_group,
    "bumpers": scenario_bumpers,
    "shapes": scenario_shapes,
}


#: Collision behaviors with no boundary (docs/scene-format.md), in scenes of their own that
#: each family appends after its others (`bare_count`), so the scenes the families made before
#: stay the same for every seed.
BARE_FAMILIES = {
    "items": {"bare-pair": 50, "bare-apart": 50},
    "items-ios9": {"bare-pair": 30, "bare-apart": 30, "bare-bumper": 40},
}
SCENARIOS.update({
    "bare-pair": scenario_bare_pair,
    "bare-apart": scenario_bare_apart,
    "bare-bumper": scenario_bare_bumper,
})


def bare_count(count: int) -> int:
    """How many boundary-less scenes a family of `count` scenes appends: one in eight."""
    return count // 8


def make_scene(index: int, seed: int, profile: str, family: str, bare: bool = False) -> tuple[str, str]:
    """Scene `index` of `family` with `seed`: (scenario type, TOML text)."""
    rng = random.Random(f"{family}:bare:{seed}:{index}" if bare else f"{family}:{seed}:{index}")
    weights = (BARE_FAMILIES if bare else FAMILIES)[family]
    kinds = list(weights)
    kind = rng.choices(kinds, weights=[weights[k] for k in kinds])[0]
    scene = ItemScene(rng, f"random {kind} #{index} (seed {seed})", ios9=family == "items-ios9")
    SCENARIOS[kind](scene)
    which = "boundary-less scene" if bare else "scene"
    header = f"Generated by random_scenes.py --family {family}, seed {seed}, {which} {index}: {kind}"
    return kind, scene.render(header, profile)
