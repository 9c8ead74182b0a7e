"""Seeded random scenes with iOS 9's attachment kinds, for the differential test
(random_scenes.py --family joints; modern profile: iOS 7 refuses the kinds).

Scenarios: a pendulum on a pin (an anchored pivot; a range, a friction torque, or both), a
chain of two or three items hung from an anchored hook by pins, welds and ropes, a slider on a
rail (a sliding attachment to an anchor, or between two items), a welded pair thrown into the
reference bounds, items tied by ropes (limit attachments with offsets) thrown about in a box,
and a mixed scene where a pinned or roped pair also hits a free item and a distance
attachment pulls one of them.

What the scenes avoid on purpose: attachments made after the first frame while other joints
act (the pair's contact bookkeeping differs when a joint appears between touching items, see
random_item_scenes.py on remade bodies), and ranges whose ends are within two slops of each
other are left to the closed-form tests.
"""

from __future__ import annotations

import math
import random

from random_item_scenes import ItemScene, _num, _pair

#: Each scenario's weight.
FAMILIES = {"joints": {"pendulum": 20, "chain": 15, "slider": 20, "weld": 15, "rope": 15, "mixed": 15}}


def _attachment(scene: ItemScene, bid: str, item: str, kind: str, **keys) -> None:
    lines = [f'kind = "{kind}"']
    for key, value in keys.items():
        if value is None:
            continue
        if isinstance(value, str):
            lines.append(f'{key} = "{value}"')
        elif isinstance(value, tuple):
            lines.append(f"{key} = {_pair(*value, 3)}")
        else:
            lines.append(f"{key} = {_num(value, 4)}")
    scene.add_behavior(bid, "attachment", [item], lines)


def _anchor(scene: ItemScene, bid: str, item: str) -> None:
    scene.add_behavior(bid, "item", [item], ["anchored = true"])


def _maybe_range(rng: random.Random, low: float, high: float) -> tuple[float, float] | None:
    if rng.random() < 0.4:
        return None
    a, b = sorted((rng.uniform(low, high), rng.uniform(low, high)))
    if b - a < 0.2 * (high - low):
        b = a + 0.2 * (high - low)
    return (a, b)


def scenario_pendulum(scene: ItemScene) -> None:
    rng = scene.rng
    scene.duration_s = rng.choice([1.5, 2.0, 3.0])
    px, py = rng.uniform(120, 280), rng.uniform(80, 160)
    scene.add_item("a", (20.0, 20.0), (px, py))
    length = rng.uniform(60, 160)
    theta = rng.uniform(-1.4, 1.4)
    size = (rng.uniform(20, 70), rng.uniform(20, 70))
    scene.add_item("b", size, (px + length * math.sin(theta), py + length * math.cos(theta)),
                   angle=rng.choice([0.0, rng.uniform(-1, 1)]),
                   velocity=(rng.uniform(-200, 200), rng.uniform(-100, 100)) if rng.random() < 0.5 else None)
    _anchor(scene, "fix", "a")
    scene.add_properties("props", ["b"], allows_rotation="true")
    scene.add_gravity(["b"], magnitude=rng.choice([0.5, 1.0, 1.0, 2.0]))
    torque = rng.choice([None, rng.uniform(0.001, 0.05)])
    pin_range = _maybe_range(rng, -2.0, 2.0)
    point = (px, py) if rng.random() < 0.6 else (px + rng.uniform(-8, 8), py + rng.uniform(-8, 8))
    _attachment(scene, "pin", "b", "pin", to="a", point=point, range=pin_range, friction_torque=torque)


def scenario_chain(scene: ItemScene) -> None:
    rng = scene.rng
    scene.duration_s = rng.choice([1.5, 2.0])
    hx, hy = rng.uniform(150, 250), 80.0
    scene.add_item("a", (20.0, 20.0), (hx, hy))
    _anchor(scene, "fix", "a")
    links = rng.choice([2, 3])
    ids = ["b", "c", "d"][:links]
    x, y = hx, hy
    previous = "a"
    for k, iid in enumerate(ids):
        dx, dy = rng.uniform(-40, 40), rng.uniform(40, 70)
        nx, ny = x + dx, y + dy
        scene.add_item(iid, (rng.uniform(20, 40), rng.uniform(20, 40)), (nx, ny))
        kind = rng.choice(["pin", "pin", "limit", "fixed"] if k > 0 else ["pin", "limit"])
        if kind == "pin":
            _attachment(scene, f"j{k}", iid, "pin", to=previous, point=(x, y),
                        range=_maybe_range(rng, -1.5, 1.5), friction_torque=rng.choice([None, 0.01]))
        elif kind == "fixed":
            _attachment(scene, f"j{k}", iid, "fixed", to=previous, point=(0.5 * (x + nx), 0.5 * (y + ny)))
        else:
            _attachment(scene, f"j{k}", iid, "limit", to=previous,
                        offset=(rng.uniform(-10, 10), rng.uniform(-10, 10)),
                        to_offset=(rng.uniform(-5, 5), rng.uniform(-5, 5)))
        x, y, previous = nx, ny, iid
    scene.add_gravity(ids)
    scene.add_push("kick", [ids[-1]], rng.uniform(0, 2 * math.pi), rng.uniform(0.01, 0.2))


def scenario_slider(scene: ItemScene) -> None:
    rng = scene.rng
    scene.duration_s = rng.choice([1.5, 2.0])
    cx, cy = rng.uniform(120, 280), rng.uniform(150, 300)
    angle = rng.uniform(-math.pi, math.pi)
    axis = (math.cos(angle) * rng.uniform(0.5, 3), math.sin(angle) * rng.uniform(0.5, 3))
    scene.add_item("a", (rng.uniform(30, 80), rng.uniform(20, 50)), (cx, cy),
                   angle=rng.choice([0.0, rng.uniform(-1, 1)]),
                   velocity=(rng.uniform(-300, 300), rng.uniform(-300, 300)),
                   omega=rng.choice([0.0, rng.uniform(-3, 3)]))
    slide_range = _maybe_range(rng, -150, 150)
    if rng.random() < 0.5:
        anchor = (cx + rng.uniform(-30, 30), cy + rng.uniform(-30, 30))
        _attachment(scene, "rail", "a", "sliding", anchor=anchor, axis=axis, range=slide_range)
        scene.add_gravity(["a"], angle=rng.uniform(0, 2 * math.pi), magnitude=rng.choice([0.0, 0.5, 1.0]))
    else:
        scene.add_item("b", (40.0, 40.0), (cx + rng.uniform(-60, 60), cy + rng.uniform(-60, 60)))
        if rng.random() < 0.5:
            _anchor(scene, "fix", "b")
        point = (cx + rng.uniform(-20, 20), cy + rng.uniform(-20, 20))
        _attachment(scene, "rail", "a", "sliding", to="b", point=point, axis=axis, range=slide_range)
        scene.add_gravity(["a", "b"], angle=rng.uniform(0, 2 * math.pi), magnitude=rng.choice([0.5, 1.0]))
    scene.add_properties("props", ["a"], allows_rotation="true")


def scenario_weld(scene: ItemScene) -> None:
    rng = scene.rng
    scene.duration_s = rng.choice([1.5, 2.0])
    scene.reference_size_pt = (400.0, 600.0)
    cx, cy = rng.uniform(120, 280), rng.uniform(150, 350)
    scene.add_item("a", (rng.uniform(30, 70), rng.uniform(30, 70)), (cx, cy),
                   velocity=(rng.uniform(-400, 400), rng.uniform(-400, 400)), omega=rng.uniform(-4, 4))
    bx, by = cx + rng.uniform(-60, 60), cy + rng.uniform(-60, 60)
    scene.add_item("b", (rng.uniform(20, 50), rng.uniform(20, 50)), (bx, by), angle=rng.uniform(-1, 1))
    _attachment(scene, "weld", "a", "fixed", to="b", point=(0.5 * (cx + bx), 0.5 * (cy + by)))
    scene.add_collision("walls", ["a", "b"], reference_bounds=True)
    scene.add_properties("props", ["a", "b"], allows_rotation="true")
    if rng.random() < 0.6:
        scene.add_gravity(["a", "b"])


def scenario_rope(scene: ItemScene) -> None:
    rng = scene.rng
    scene.duration_s = rng.choice([1.5, 2.0])
    scene.reference_size_pt = (400.0, 600.0)
    ids = ["a", "b", "c"][: rng.choice([2, 3])]
    for iid in ids:
        scene.add_item(iid, (rng.uniform(20, 50), rng.uniform(20, 50)),
                       (rng.uniform(80, 320), rng.uniform(100, 450)), angle=rng.choice([0.0, rng.uniform(-1, 1)]),
                       velocity=(rng.uniform(-300, 300), rng.uniform(-300, 300)))
    for k in range(len(ids) - 1):
        _attachment(scene, f"rope{k}", ids[k + 1], "limit", to=ids[k],
                    offset=(rng.uniform(-10, 10), rng.uniform(-10, 10)) if rng.random() < 0.6 else None,
                    to_offset=(rng.uniform(-10, 10), rng.uniform(-10, 10)) if rng.random() < 0.6 else None)
    scene.add_collision("walls", ids, reference_bounds=True)
    scene.add_gravity(ids)


def scenario_mixed(scene: ItemScene) -> None:
    rng = scene.rng
    scene.duration_s = 2.0
    scene.reference_size_pt = (400.0, 600.0)
    scene.add_item("a", (40.0, 40.0), (200.0, 150.0))
    _anchor(scene, "fix", "a")
    scene.add_item("b", (40.0, 30.0), (200.0 + rng.uniform(-80, 80), 250.0 + rng.uniform(-20, 40)))
    scene.add_item("c", (50.0, 50.0), (rng.uniform(80, 320), 480.0), velocity=(rng.uniform(-200, 200), -400.0))
    if rng.random() < 0.5:
        _attachment(scene, "joint", "b", "pin", to="a", point=(200.0, 150.0),
                    friction_torque=rng.choice([None, 0.02]))
    else:
        _attachment(scene, "joint", "b", "limit", to="a")
    scene.add_behavior("spring", "attachment", ["c"],
                       [f"anchor = {_pair(rng.uniform(100, 300), 400.0, 2)}", "frequency = 2", "damping = 0.3"])
    scene.add_collision("walls", ["a", "b", "c"], reference_bounds=True)
    scene.add_gravity(["b", "c"])


SCENARIOS = {
    "pendulum": scenario_pendulum,
    "chain": scenario_chain,
    "slider": scenario_slider,
    "weld": scenario_weld,
    "rope": scenario_rope,
    "mixed": scenario_mixed,
}


def make_scene(index: int, seed: int, profile: str, family: str) -> tuple[str, str]:
    """Scene `index` of `family` with `seed`: (scenario type, TOML text)."""
    rng = random.Random(f"{family}:{seed}:{index}")
    weights = FAMILIES[family]
    kinds = list(weights)
    kind = rng.choices(kinds, weights=[weights[k] for k in kinds])[0]
    scene = ItemScene(rng, f"random {kind} #{index} (seed {seed})", ios9=True)
    SCENARIOS[kind](scene)
    header = f"Generated by random_scenes.py --family {family}, seed {seed}, scene {index}: {kind}"
    return kind, scene.render(header, profile)
