"""Field behaviors and regions for the reference engine (docs/fields.md), written from the
documented formulas and region rules, in double precision, independently of the Swift engine.

Each sub-step, before pybox2d's Step, every awake dynamic body in at least one field gets its
fields' forces as a velocity change h·F/m (pybox2d then adds gravity and damps, as the Swift
engine does after the fields), or, inside a velocity field, the field's velocity with its
gravity switched off for that Step. Noise and turbulence are not modelled (issue 23 leaves
them out of the reference engine; the differential test leaves scenes with them out, and
Tests/FeelEngineTests/ReferenceSimplexNoise.swift checks the noise itself).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

#: Keys of a field behavior (besides id, type, items, start).
FIELD_KEYS = {"kind", "position", "strength", "falloff", "minimum_radius", "direction", "smoothness",
              "animation_speed", "region"}
KINDS = ("linear_gravity", "radial_gravity", "spring", "drag", "vortex", "velocity", "electric", "magnetic")
#: UIKit's falloff per kind (measured); 0 for the others.
DEFAULT_FALLOFF = {"radial_gravity": 2.0, "spring": -1.0, "electric": 1.0, "magnetic": 1.0}
#: UIKit's minimum radius: 2^-15 m, in pt.
DEFAULT_MINIMUM_RADIUS_PT = 100.0 * 2.0 ** -15
#: A force below this (|S × what it scales|) is zero.
ZERO = 2.0 ** -15
#: UIKit's animator holds at most this many fields.
MAX_FIELDS = 32


@dataclass
class Shape:
    kind: str = "infinite"  # infinite | circle | rect
    radius_pt: float = 0.0
    size_pt: tuple[float, float] = (0.0, 0.0)

    def holds(self, x: float, y: float, edge_in: bool = False) -> bool:
        if self.kind == "infinite":
            return True
        if self.kind == "circle":
            return x * x + y * y <= self.radius_pt * self.radius_pt
        half_w, half_h = self.size_pt[0] / 2, self.size_pt[1] / 2
        if edge_in:
            return abs(x) <= half_w and abs(y) <= half_h
        return abs(x) < half_w and abs(y) < half_h


@dataclass
class Region:
    shape: Shape = field(default_factory=Shape)
    inverse: bool = False
    operation: str | None = None  # union | difference | intersection
    operand: Shape | None = None

    def holds(self, x: float, y: float) -> bool:
        a = self.shape.holds(x, y) != self.inverse
        if self.operation == "union":
            return a or self.operand.holds(x, y)
        if self.operation == "difference":
            return a and not self.operand.holds(x, y)
        if self.operation == "intersection":
            return a and self.operand.holds(x, y, edge_in=True)
        return a


@dataclass
class Field:
    kind: str
    position_pt: tuple[float, float] = (0.0, 0.0)
    strength: float = 1.0
    falloff: float = 0.0
    minimum_radius_pt: float = DEFAULT_MINIMUM_RADIUS_PT
    direction: tuple[float, float] = (0.0, 0.0)
    region: Region = field(default_factory=Region)

    def holds(self, x_m: float, y_m: float) -> bool:
        return self.region.holds(100.0 * x_m - self.position_pt[0], 100.0 * y_m - self.position_pt[1])

    def fall(self, r_m: float) -> float:
        if abs(self.falloff) < ZERO:
            return 1.0
        return max(r_m, self.minimum_radius_pt / 100.0) ** (-self.falloff)

    def force(self, x_m: float, y_m: float, vx: float, vy: float, m: float, q: float) -> tuple[float, float]:
        """The force (N) on a body at (x, y) m moving at (vx, vy) m/s, mass m kg, charge q."""
        s = self.strength
        px, py = x_m - self.position_pt[0] / 100.0, y_m - self.position_pt[1] / 100.0
        r = math.hypot(px, py)
        if self.kind == "linear_gravity":
            if abs(m * s) < ZERO:
                return (0.0, 0.0)
            k = s * m * self.fall(r)
            return (k * self.direction[0], k * self.direction[1])
        if self.kind == "radial_gravity":
            if abs(m * s) < ZERO or r * r < 1e-5:
                return (0.0, 0.0)
            k = -s * m * self.fall(r) / r
            return (k * px, k * py)
        if self.kind == "spring":
            if abs(s) < ZERO or r < 1e-5:
                return (0.0, 0.0)
            k = -s * self.fall(r) / r
            return (k * px, k * py)
        if self.kind == "electric":
            if abs(q * s) < ZERO or r == 0:
                return (0.0, 0.0)
            k = s * q * self.fall(r) / r
            return (k * px, k * py)
        if self.kind == "magnetic":
            if abs(q * s) < ZERO:
                return (0.0, 0.0)
            k = s * self.fall(r)
            return (k * vy, -k * vx)
        if self.kind == "vortex":
            if abs(m * s) < ZERO or r == 0:
                return (0.0, 0.0)
            k = s * self.fall(r) / (r * m)
            return (-k * py, k * px)
        if self.kind == "drag":
            if abs(s) < ZERO:
                return (0.0, 0.0)
            ux, uy = vx - self.direction[0], vy - self.direction[1]
            speed = math.hypot(ux, uy)
            if speed <= ZERO:
                return (0.0, 0.0)
            k = -s * speed * self.fall(r)
            return (k * ux, k * uy)
        return (0.0, 0.0)


def _shape(raw: dict, where: str, error) -> Shape:
    kind = raw.get("shape", "infinite")
    if kind == "circle":
        if "radius" not in raw:
            raise error(f"{where}: key 'radius': a circle needs its radius")
        return Shape("circle", radius_pt=float(raw["radius"]))
    if kind == "rect":
        if "size" not in raw:
            raise error(f"{where}: key 'size': a rect needs its size")
        w, h = raw["size"]
        return Shape("rect", size_pt=(float(w), float(h)))
    if kind != "infinite":
        raise error(f"{where}: key 'shape': expected infinite, circle or rect, got '{kind}'")
    return Shape()


def read_region(raw: dict, where: str, error) -> Region:
    region = Region(shape=_shape(raw, where, error), inverse=bool(raw.get("inverse", False)))
    operations = [op for op in ("union", "difference", "intersection") if op in raw]
    if len(operations) > 1:
        raise error(f"{where}: at most one region operation")
    if operations:
        region.operation = operations[0]
        operand = raw[operations[0]]
        if "inverse" in operand or any(op in operand for op in ("union", "difference", "intersection")):
            raise error(f"{where}: key '{operations[0]}': its operand must be a plain shape")
        region.operand = _shape(operand, where, error)
    return region


def read_field(table, where: str, error) -> Field:
    """A field behavior's keys from a reference_engine._Table."""
    kind = table.string("kind", required=True)
    if kind not in KINDS:
        raise error(f"{where}: key 'kind': expected one of {', '.join(KINDS)}, got '{kind}'")
    spec = Field(kind=kind)
    spec.position_pt = table.pair("position", (0.0, 0.0))
    spec.strength = table.number("strength", 1.0)
    spec.falloff = table.number("falloff", DEFAULT_FALLOFF.get(kind, 0.0))
    spec.minimum_radius_pt = table.number("minimum_radius", DEFAULT_MINIMUM_RADIUS_PT)
    spec.direction = table.pair("direction", (0.0, 0.0))
    if table.has("region"):
        spec.region = read_region(table.data["region"], where, error)
    return spec


def apply_fields(fields: list, bodies: list, h: float) -> list:
    """Before one Step of h s: `fields` the present field behaviors' (items, Field) in the order
    added (at most MAX_FIELDS act), `bodies` (item id, body, charge). Returns the bodies whose
    gravity scale was switched off, with their old scale, for `restore`."""
    acting = fields[:MAX_FIELDS]
    switched = []
    for iid, body, charge in bodies:
        mine = [f for items, f in acting if iid in items]
        if not mine or not body.awake:
            continue
        x, y = body.position.x, body.position.y
        velocity = next((f for f in mine if f.kind == "velocity" and f.holds(x, y)), None)
        if velocity is not None:
            body.linearVelocity = velocity.direction
            switched.append((body, body.gravityScale))
            body.gravityScale = 0.0
            continue
        vx, vy = body.linearVelocity.x, body.linearVelocity.y
        m = body.mass
        fx = fy = 0.0
        for f in mine:
            if f.kind != "velocity" and f.holds(x, y):
                dx, dy = f.force(x, y, vx, vy, m, charge)
                fx += dx
                fy += dy
        if fx != 0.0 or fy != 0.0:
            body.linearVelocity = (vx + h * fx / m, vy + h * fy / m)
    return switched


def restore(switched: list) -> None:
    for body, scale in switched:
        body.gravityScale = scale
