#!/usr/bin/env python3
"""Reference engine: UIKit Dynamics rebuilt on pybox2d (Box2D 2.3), for tests only.

    python reference_engine.py SCENE.toml [--events]

prints exactly the CSV that `feel run SCENE.toml` must print (see
docs/scene-format.md) and, with --events, writes `frame,t_s,event,detail` rows to
standard error.

The world is built the way docs/uikit-dynamics-model.md describes UIKit's
construction, so that this program is an independent oracle for FeelLab's Swift engine:

- 100 pt = 1 m, y down; positions cross into Box2D as float32 metres and come back as
  float32(100 × metres).
- Display frames feed an accumulator that runs 1/120 s Box2D steps (8 velocity and
  3 position iterations, warm starting, continuous physics, no sub-stepping).
- Items are boxes (b2PolygonShape.SetAsBox, default 0.01 m skin) whose fixture density is
  the item density, so Box2D's mass is density × w × h / 100² kg.
- pybox2d's Box2D damps with v *= 1 − h·c; UIKit damps with v *= 1/(1 + h·c). Giving
  Box2D the damping c / (1 + h·c) makes the two factors equal.

The "ios7" profile (iOS 7.0, docs/uikit-dynamics-model.md) is modelled too: 0.004 s steps from the
fmod accumulator, pybox2d's own damping v *= clamp(1 − h·c, 0, 1) with c as given, and boxes
inset by 0.01 m on every side with a 0.001 m skin, their mass data still the full box's.
"""

from __future__ import annotations

import argparse
import difflib
import math
import struct
import sys
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path

import Box2D

import joints as joint_kinds
import numpy

import reference_fields
import reference_shapes as shapes
import reference_touch as touch_model

# ---------------------------------------------------------------------------------------
# Constants (sources: docs/uikit-dynamics-model.md)
# ---------------------------------------------------------------------------------------

POINTS_PER_METRE = 100.0
SUBSTEP_S = 1.0 / 120.0
#: The iOS 7.0 profile's step (s), and its boxes' inset (m) and skin (m).
IOS7_SUBSTEP_S = 0.004
IOS7_INSET_M = 0.01
IOS7_SKIN_M = 0.001
VELOCITY_ITERATIONS = 8
POSITION_ITERATIONS = 3


def f32(value: float) -> float:
    """Round a Python float to the nearest float32 and return it as a Python float."""
    return struct.unpack("f", struct.pack("f", value))[0]


#: The accumulator threshold: float32(1/120) compared against a double accumulator (s).
THRESHOLD_S = f32(1.0 / 120.0)

#: UIKit's item defaults (the documentation's zeros are wrong).
DEFAULT_ELASTICITY = 0.2
DEFAULT_FRICTION = 0.2
DEFAULT_DENSITY = 1.0
DEFAULT_RESISTANCE_PER_S = 0.1
DEFAULT_ANGULAR_RESISTANCE_PER_S = 0.1
DEFAULT_ALLOWS_ROTATION = True

#: UISnapBehavior's construction: four distance joints, 4 Hz, rest length 50 pt.
SNAP_DEFAULT_DAMPING = 0.5
SNAP_FREQUENCY_HZ = 4.0
SNAP_REST_LENGTH_PT = 50.0

#: UIGravityBehavior: magnitude 1 = 1000 pt/s² = 10 m/s², default angle down.
GRAVITY_DEFAULT_ANGLE_RAD = math.pi / 2
GRAVITY_DEFAULT_MAGNITUDE = 1.0
GRAVITY_M_S2_PER_MAGNITUDE = 10.0

#: Boundary material.
BOUNDARY_ELASTICITY = 0.2
BOUNDARY_FRICTION = 0.2

#: Identifier the reference view's bounds carry in rules and events.
REFERENCE_BOUNDS_ID = "reference-bounds"

CSV_HEADER = "frame,t_s,item,x_pt,y_pt,angle_rad,vx_pt_s,vy_pt_s,omega_rad_s,running"
EVENTS_HEADER = "frame,t_s,event,detail"


def to_metres(pt: float) -> float:
    """Points to engine metres, as UIKit does it: (float)(0.01 * pt)."""
    return f32(0.01 * pt)


def to_points(metres: float) -> float:
    """Engine metres (a float32 value) to points, as UIKit does it: float32(100 * metres)."""
    return f32(POINTS_PER_METRE * metres)


def box2d_damping(resistance_per_s: float) -> float:
    """The Box2D damping c′ that makes pybox2d's per-sub-step factor 1 − h·c′ equal UIKit's
    1/(1 + h·c) to the last bit of float32.

    c / (1 + h·c) makes them equal in real arithmetic, but the two float32 expressions round
    differently (about 6e-8 relative per sub-step, 0.01 pt after a few hundred fast sub-steps).
    So: compute UIKit's factor t in float32, take x = 1 − t (exact, by Sterbenz's lemma), and
    pick the float32 c′ nearest x / h for which float32(h·c′) == x.
    """
    one = numpy.float32(1)
    h = numpy.float32(SUBSTEP_S)
    target = one / (one + h * numpy.float32(resistance_per_s))
    x = one - target
    c = numpy.float32(x / h)
    for _ in range(64):
        product = h * c
        if product == x:
            break
        c = numpy.nextafter(c, numpy.float32(numpy.inf if product < x else -numpy.inf))
    if one - h * c != target:  # unreachable in practice; fall back to the real-arithmetic value
        return resistance_per_s / (1.0 + SUBSTEP_S * resistance_per_s)
    return float(c)


# ---------------------------------------------------------------------------------------
# Scene model and reader
# ---------------------------------------------------------------------------------------


class SceneError(Exception):
    """A scene file that cannot be read or that the reference engine cannot model."""


@dataclass
class Item:
    """A dynamic item: a width_pt × height_pt box centred at (x_pt, y_pt); iOS 9's collision
    bounds may make it an ellipse or a convex path (points from its centre, pt)."""

    id: str
    width_pt: float
    height_pt: float
    x_pt: float
    y_pt: float
    angle_rad: float = 0.0
    vx_pt_s: float = 0.0
    vy_pt_s: float = 0.0
    omega_rad_s: float = 0.0
    bounds: str = "rectangle"
    path_pt: list[tuple[float, float]] | None = None


@dataclass
class Group:
    """iOS 9's UIDynamicItemGroup: one compound body for its member items."""

    id: str
    items: list[str]


@dataclass
class Boundary:
    """A named segment boundary from (x1_pt, y1_pt) to (x2_pt, y2_pt), or a path's: then
    `segments` holds its flattened edges (x1, y1, x2, y2), pt."""

    id: str
    x1_pt: float
    y1_pt: float
    x2_pt: float
    y2_pt: float
    segments: list[tuple[float, float, float, float]] | None = None

    def edges(self) -> list[tuple[float, float, float, float]]:
        if self.segments is not None:
            return self.segments
        return [(self.x1_pt, self.y1_pt, self.x2_pt, self.y2_pt)]


#: The scroll behavior (docs/springy-list.md): the published handler's R (pt), UIScrollView's
#: `.normal` deceleration rate (per ms), the stop rule's travel (pt), the offset rows' prefix.
SCROLL_DEFAULT_RESISTANCE_PT = 1500.0
SCROLL_DEFAULT_DECELERATION_RATE = 0.998
SCROLL_STOP_TRAVEL_PT = 0.5
SCROLL_ROW_PREFIX = "scroll:"


@dataclass
class Behavior:
    """A UIDynamicBehavior. `kind` is one of snap, push, gravity, collision, attachment,
    item; the fields that do not belong to that kind keep their defaults."""

    id: str
    kind: str
    items: list[str]
    start: bool = True
    # snap
    point_pt: tuple[float, float] = (0.0, 0.0)
    # snap and attachment: damping ratio (non-dimensional)
    damping: float = 0.0
    # push and gravity
    mode: str = "instantaneous"
    angle_rad: float = 0.0
    magnitude: float = 0.0
    offset_pt: tuple[float, float] = (0.0, 0.0)
    #: push: UIPushBehavior.active, as a rule sets it (a continuous push pushes only while true)
    active: bool = True
    # collision
    boundaries: list[Boundary] = field(default_factory=list)
    reference_bounds: bool = False
    #: UIEdgeInsets (top, left, bottom, right), pt: setTranslatesReferenceBoundsIntoBoundary(with:)
    reference_bounds_insets_pt: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    collision_mode: str = "everything"
    # attachment
    anchor_pt: tuple[float, float] | None = None
    to_item: str | None = None
    to_offset_pt: tuple[float, float] = (0.0, 0.0)
    length_pt: float | None = None
    frequency_hz: float = 0.0
    # attachment kinds (iOS 9, joints.py): kind, point, axis, range, friction torque
    kind_name: str = "distance"
    kind_point_pt: tuple[float, float] | None = None
    kind_axis: tuple[float, float] | None = None
    range: tuple[float, float] | None = None
    friction_torque: float = 0.0
    # item (UIDynamicItemBehavior): None = not set
    elasticity: float | None = None
    friction: float | None = None
    density: float | None = None
    resistance_per_s: float | None = None
    angular_resistance_per_s: float | None = None
    allows_rotation: bool | None = None
    anchored: bool | None = None
    charge: float | None = None
    # drag (touch contract): the touch it follows, follow | attachment | rotate, follow's
    # axis (x | y | both), rotate's pivot (None: the item's centre at drag-began) and dead zone
    touch: str | None = None
    drag_mode: str = ""
    axis: str = "both"
    pivot_pt: tuple[float, float] | None = None
    dead_zone_pt: float = 0.0
    # follow: the centre's limits [min, max] per axis (pt), the rubber band's c and d (pt)
    limit_x_pt: tuple[float, float] | None = None
    limit_y_pt: tuple[float, float] | None = None
    rubber_band: float = 0.0
    rubber_band_dimension_pt: float | None = None
    # field (docs/fields.md): a reference_fields.Field
    field: object = None
    # scroll (docs/springy-list.md): its axis (x | y), R (pt) and deceleration rate (per ms);
    # `touch` above names its finger (None: any touch inside the reference view)
    scroll_axis: str = "y"
    scroll_resistance_pt: float = SCROLL_DEFAULT_RESISTANCE_PT
    deceleration_rate: float = SCROLL_DEFAULT_DECELERATION_RATE

    def used_items(self) -> list[str]:
        """Every item this behavior acts on (an attachment's `to` item too). A scroll moves
        its cells as app code does: it makes and keeps no body."""
        if self.kind == "scroll":
            return []
        if self.to_item is not None:
            return self.items + [self.to_item]
        return list(self.items)

    @property
    def is_kinematic_drag(self) -> bool:
        """A follow or rotate drag: it moves its item kinematically (no dynamic body)."""
        return self.kind == "drag" and self.drag_mode in ("follow", "rotate")

    @property
    def needs_body(self) -> bool:
        """Whether the items of this behavior need a dynamic body while it is present."""
        return not self.is_kinematic_drag


@dataclass
class Rule:
    """When `on` happens (contact | time | pause, or a touch event), remove then add
    behaviors."""

    on: str
    add: list[str]
    remove: list[str]
    boundary: str | None = None
    #: contact rules: fire on contacts with this item instead of a boundary
    item: str | None = None
    at_s: float = 0.0
    # touch events: only this touch; only if it went down inside this rectangle (pt);
    # drag-ended: items that get a new body start with the release velocity
    touch: str | None = None
    within: tuple[tuple[float, float], tuple[float, float]] | None = None
    #: touch events: only touches that went down on this item (hit-tested): `touch_item`
    touch_item: str | None = None
    release_velocity: bool = False
    # drag-ended: set the snap `snap`'s point to the candidate of `nearest` closest to the item's
    # centre projected by the release velocity with deceleration rate `projection` per ms
    snap: str | None = None
    nearest: list[tuple[float, float]] = field(default_factory=list)
    projection: float = 0.998
    #: the behavior whose properties the rule sets when it fires, and the new values by
    #: Behavior field (point_pt, damping, angle_rad, magnitude, anchor_pt, length_pt,
    #: frequency_hz)
    set: str | None = None
    change: dict = field(default_factory=dict)


@dataclass
class Scene:
    """A whole scene file."""

    path: str
    title: str | None
    profile: str
    frame_rate_hz: float
    duration_s: float
    reference_size_pt: tuple[float, float] | None
    items: list[Item]
    behaviors: list[Behavior]
    rules: list[Rule]
    recognizer: touch_model.Recognizer = field(default_factory=touch_model.Recognizer)
    touches: list[touch_model.Touch] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)

    @property
    def frame_count(self) -> int:
        """Display frames simulated: round(duration × frame rate)."""
        return int(round(self.duration_s * self.frame_rate_hz))


class _Table:
    """One TOML table being read: remembers which keys were used, so unknown keys can be
    reported (with a "did you mean")."""

    def __init__(self, data: object, where: str):
        if not isinstance(data, dict):
            raise SceneError(f"{where}: expected a table")
        self.data = data
        self.where = where

    def check_keys(self, allowed: set[str]) -> None:
        for key in self.data:
            if key not in allowed:
                close = difflib.get_close_matches(key, sorted(allowed), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise SceneError(f"{self.where}: unknown key '{key}'{hint}")

    def has(self, key: str) -> bool:
        return key in self.data

    def number(self, key: str, default: float | None = None, required: bool = False) -> float | None:
        if key not in self.data:
            if required:
                raise SceneError(f"{self.where}: missing key '{key}' (expected a number)")
            return default
        value = self.data[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise SceneError(f"{self.where}: key '{key}': expected a number, got {value!r}")
        return float(value)

    def pair(self, key: str, default=None, required: bool = False):
        if key not in self.data:
            if required:
                raise SceneError(f"{self.where}: missing key '{key}' (expected [x, y])")
            return default
        value = self.data[key]
        if (
            not isinstance(value, list)
            or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in value)
        ):
            raise SceneError(f"{self.where}: key '{key}': expected [x, y] numbers, got {value!r}")
        return (float(value[0]), float(value[1]))

    def string(self, key: str, default: str | None = None, required: bool = False) -> str | None:
        if key not in self.data:
            if required:
                raise SceneError(f"{self.where}: missing key '{key}' (expected a string)")
            return default
        value = self.data[key]
        if not isinstance(value, str):
            raise SceneError(f"{self.where}: key '{key}': expected a string, got {value!r}")
        return value

    def boolean(self, key: str, default: bool | None = None) -> bool | None:
        if key not in self.data:
            return default
        value = self.data[key]
        if not isinstance(value, bool):
            raise SceneError(f"{self.where}: key '{key}': expected true or false, got {value!r}")
        return value

    def strings(self, key: str, default: list[str] | None = None, required: bool = False) -> list[str]:
        if key not in self.data:
            if required:
                raise SceneError(f"{self.where}: missing key '{key}' (expected a list of ids)")
            return list(default or [])
        value = self.data[key]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise SceneError(f"{self.where}: key '{key}': expected a list of strings, got {value!r}")
        return list(value)

    def tables(self, key: str) -> list[dict]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise SceneError(f"{self.where}: key '{key}': expected an array of tables")
        return value


#: `measure` (FeelLab's defaults for metrics: item, target, band, touch, commit_after) does not
#: change the motion; the reference accepts the table and reads nothing from it.
_TOP_KEYS = {
    "title", "profile", "frame_rate", "duration", "reference_size", "item", "behavior", "rule", "recognizer", "touch",
    "measure", "group",
}
_ITEM_KEYS = {"id", "size", "center", "angle", "velocity", "angular_velocity", "bounds", "path"}
_GROUP_KEYS = {"id", "items"}
_BEHAVIOR_COMMON_KEYS = {"id", "type", "items", "start"}
_BEHAVIOR_KEYS = {
    "snap": {"point", "damping"},
    "push": {"mode", "angle", "direction", "magnitude", "offset"},
    "gravity": {"angle", "direction", "magnitude"},
    "collision": {"boundaries", "reference_bounds", "reference_bounds_insets", "mode"},
    "attachment": joint_kinds.ALL_KEYS,
    "item": {"elasticity", "friction", "density", "resistance", "angular_resistance", "allows_rotation",
             "anchored", "charge"},
    "drag": {"touch", "mode", "axis", "frequency", "damping", "pivot", "dead_zone", "limit_x", "limit_y",
             "rubber_band", "rubber_band_dimension"},
    "field": reference_fields.FIELD_KEYS,
    "scroll": {"touch", "axis", "resistance", "deceleration_rate"},
}
#: Keys of a drag behavior that only one mode takes.
_DRAG_MODE_KEYS = {"follow": {"axis", "limit_x", "limit_y", "rubber_band", "rubber_band_dimension"}, "attachment": {"frequency", "damping"}, "rotate": {"pivot", "dead_zone"}}
_BOUNDARY_KEYS = {"id", "from", "to", "path_data", "points"}
_RULE_KEYS = {"on", "boundary", "item", "at", "add", "remove", "touch", "within", "release_velocity",
              "snap", "nearest", "projection", "set", "point", "angle", "direction", "magnitude", "anchor",
              "length", "frequency", "damping", "active", "offset", "elasticity", "friction", "density",
              "resistance", "angular_resistance", "allows_rotation", "anchored", "charge", "position",
              "strength", "falloff", "minimum_radius", "region"}
#: UIScrollView.DecelerationRate.normal (per millisecond): the default of a rule's projection.
NORMAL_DECELERATION_RATE = 0.998


def rubber_banded(p: float, limit: tuple[float, float], c: float, d: float) -> float:
    """A follow drag's coordinate past its limit (docs/touches.md): inside [min, max] as it
    is; x = p - max > 0 past max gives max + d(1 - 1/(x c/d + 1)), and the same below min."""
    low, high = limit
    if p > high:
        return high + d * (1 - 1 / ((p - high) * c / d + 1))
    if p < low:
        return low - d * (1 - 1 / ((low - p) * c / d + 1))
    return p
_RECOGNIZER_KEYS = {"slop", "hold", "velocity_window"}
_TOUCH_SOURCES = ("samples", "file", "tap", "hold", "drag")
_GENERATOR_KEYS = {"tap": {"at", "point", "duration"}, "hold": {"at", "point", "duration"},
                   "drag": {"at", "from", "to", "duration"}}


def _angle_and_magnitude(table: _Table, default_angle: float, default_magnitude: float):
    """Read `angle` + `magnitude`, or `direction = [dx, dy]`, which sets both (as UIKit's
    pushDirection / gravityDirection do)."""
    if table.has("direction"):
        for other in ("angle", "magnitude"):
            if table.has(other):
                raise SceneError(f"{table.where}: key '{other}': not allowed together with 'direction'")
        dx, dy = table.pair("direction")
        return math.atan2(dy, dx), math.hypot(dx, dy)
    return table.number("angle", default_angle), table.number("magnitude", default_magnitude)


def _read_behavior(raw: object, index: int) -> Behavior:
    where = f"behavior[{index}]"
    table = _Table(raw, where)
    bid = table.string("id", required=True)
    where = f"behavior '{bid}'"
    table.where = where
    kind = table.string("type", required=True)
    if kind not in _BEHAVIOR_KEYS:
        close = difflib.get_close_matches(kind, sorted(_BEHAVIOR_KEYS), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise SceneError(f"{where}: key 'type': expected one of {', '.join(sorted(_BEHAVIOR_KEYS))}, got '{kind}'{hint}")
    table.check_keys(_BEHAVIOR_COMMON_KEYS | _BEHAVIOR_KEYS[kind])
    items = table.strings("items", required=True)
    if not items:
        raise SceneError(f"{where}: key 'items': expected at least one item id")
    behavior = Behavior(id=bid, kind=kind, items=items, start=table.boolean("start", True))
    if kind in ("snap", "attachment", "drag") and len(items) != 1:
        raise SceneError(f"{where}: key 'items': a {kind} behavior takes exactly one item")
    if kind == "snap":
        behavior.point_pt = table.pair("point", required=True)
        behavior.damping = table.number("damping", SNAP_DEFAULT_DAMPING)
        if behavior.damping < 0:
            raise SceneError(f"{where}: key 'damping': expected a number >= 0")
    elif kind == "push":
        behavior.mode = table.string("mode", required=True)
        if behavior.mode not in ("instantaneous", "continuous"):
            raise SceneError(f"{where}: key 'mode': expected 'instantaneous' or 'continuous', got '{behavior.mode}'")
        behavior.angle_rad, behavior.magnitude = _angle_and_magnitude(table, 0.0, 0.0)
        behavior.offset_pt = table.pair("offset", (0.0, 0.0))
    elif kind == "gravity":
        behavior.angle_rad, behavior.magnitude = _angle_and_magnitude(
            table, GRAVITY_DEFAULT_ANGLE_RAD, GRAVITY_DEFAULT_MAGNITUDE
        )
    elif kind == "collision":
        for k, raw_boundary in enumerate(table.tables("boundaries")):
            bt = _Table(raw_boundary, f"{where}: boundaries[{k}]")
            bt.check_keys(_BOUNDARY_KEYS)
            bid_ = bt.string("id", required=True)
            if bt.has("path_data") or bt.has("points"):
                if bt.has("path_data"):
                    pieces = shapes.parse_path_data(bt.string("path_data"))
                else:
                    given = [(float(x), float(y)) for x, y in bt.data["points"]]
                    pieces = [("M", given[0])] + [("L", p) for p in given[1:]]
                segments = shapes.polyline_segments_pt(shapes.path_polyline_pt(pieces))
                behavior.boundaries.append(Boundary(bid_, 0.0, 0.0, 0.0, 0.0, segments))
                continue
            x1, y1 = bt.pair("from", required=True)
            x2, y2 = bt.pair("to", required=True)
            behavior.boundaries.append(Boundary(bid_, x1, y1, x2, y2))
        behavior.reference_bounds = table.boolean("reference_bounds", False)
        if table.has("reference_bounds_insets"):
            insets = table.data["reference_bounds_insets"]
            if not (isinstance(insets, list) and len(insets) == 4
                    and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in insets)):
                raise SceneError(f"{where}: key 'reference_bounds_insets': expected four numbers")
            if not behavior.reference_bounds:
                raise SceneError(f"{where}: key 'reference_bounds_insets': needs reference_bounds = true")
            behavior.reference_bounds_insets_pt = tuple(float(v) for v in insets)
        behavior.collision_mode = table.string("mode", "everything")
        if behavior.collision_mode not in ("items", "boundaries", "everything"):
            raise SceneError(f"{where}: key 'mode': expected items, boundaries or everything")
    elif kind == "attachment" and table.string("kind", "distance") != "distance":
        try:
            joint_kinds.read_kind(table, behavior)
        except joint_kinds.KindError as error:
            raise SceneError(str(error)) from None
        behavior.anchor_pt = table.pair("anchor")
        behavior.to_item = table.string("to")
        behavior.offset_pt = table.pair("offset", (0.0, 0.0))
        behavior.to_offset_pt = table.pair("to_offset", (0.0, 0.0))
    elif kind == "attachment":
        try:
            joint_kinds.read_kind(table, behavior)
        except joint_kinds.KindError as error:
            raise SceneError(str(error)) from None
        if table.has("anchor") == table.has("to"):
            raise SceneError(f"{where}: expected exactly one of 'anchor' (a point) or 'to' (an item id)")
        behavior.anchor_pt = table.pair("anchor")
        behavior.to_item = table.string("to")
        behavior.offset_pt = table.pair("offset", (0.0, 0.0))
        behavior.to_offset_pt = table.pair("to_offset", (0.0, 0.0))
        if behavior.to_item is None and table.has("to_offset"):
            raise SceneError(f"{where}: key 'to_offset': only allowed with 'to'")
        behavior.length_pt = table.number("length")
        behavior.frequency_hz = table.number("frequency", 0.0)
        behavior.damping = table.number("damping", 0.0)
        if behavior.length_pt is not None and behavior.length_pt < 0:
            raise SceneError(f"{where}: key 'length': expected a number >= 0")
        if behavior.frequency_hz < 0 or behavior.damping < 0:
            raise SceneError(f"{where}: keys 'frequency', 'damping': expected numbers >= 0")
    elif kind == "scroll":
        behavior.touch = table.string("touch")
        behavior.scroll_axis = table.string("axis", "y")
        if behavior.scroll_axis not in ("x", "y"):
            raise SceneError(f"{where}: key 'axis': expected 'x' or 'y', got '{behavior.scroll_axis}'")
        behavior.scroll_resistance_pt = table.number("resistance", SCROLL_DEFAULT_RESISTANCE_PT)
        behavior.deceleration_rate = table.number("deceleration_rate", SCROLL_DEFAULT_DECELERATION_RATE)
        if behavior.scroll_resistance_pt <= 0 or not 0 <= behavior.deceleration_rate < 1:
            raise SceneError(f"{where}: expected resistance > 0 and deceleration_rate in [0, 1)")
    elif kind == "drag":
        # no touch: the item's gestures, every touch that goes down on the item, in turn
        behavior.touch = table.string("touch")
        behavior.drag_mode = table.string("mode", required=True)
        if behavior.drag_mode not in _DRAG_MODE_KEYS:
            raise SceneError(f"{where}: key 'mode': expected follow, attachment or rotate, got '{behavior.drag_mode}'")
        for mode, keys in _DRAG_MODE_KEYS.items():
            for key in sorted(keys):
                if mode != behavior.drag_mode and table.has(key):
                    raise SceneError(f"{where}: key '{key}': only allowed with mode = \"{mode}\"")
        behavior.axis = table.string("axis", "both")
        if behavior.axis not in ("x", "y", "both"):
            raise SceneError(f"{where}: key 'axis': expected 'x', 'y' or 'both', got '{behavior.axis}'")
        behavior.frequency_hz = table.number("frequency", 0.0)
        behavior.damping = table.number("damping", 0.0)
        if behavior.frequency_hz < 0 or behavior.damping < 0:
            raise SceneError(f"{where}: keys 'frequency', 'damping': expected numbers >= 0")
        behavior.pivot_pt = table.pair("pivot")
        behavior.dead_zone_pt = table.number("dead_zone", 0.0)
        if behavior.dead_zone_pt < 0:
            raise SceneError(f"{where}: key 'dead_zone': expected a number >= 0")
        behavior.limit_x_pt = table.pair("limit_x")
        behavior.limit_y_pt = table.pair("limit_y")
        for key, limit, fixed in (("limit_x", behavior.limit_x_pt, "y"), ("limit_y", behavior.limit_y_pt, "x")):
            if limit is not None and limit[0] > limit[1]:
                raise SceneError(f"{where}: key '{key}': expected [min, max] with min <= max")
            if limit is not None and behavior.axis == fixed:
                raise SceneError(f"{where}: key '{key}': a limit on an axis the drag does not move")
        behavior.rubber_band = table.number("rubber_band", 0.0)
        if behavior.rubber_band < 0:
            raise SceneError(f"{where}: key 'rubber_band': expected a number >= 0")
        behavior.rubber_band_dimension_pt = table.number("rubber_band_dimension")
        if behavior.rubber_band_dimension_pt is not None and behavior.rubber_band_dimension_pt <= 0:
            raise SceneError(f"{where}: key 'rubber_band_dimension': expected a number > 0")
    elif kind == "field":
        behavior.field = reference_fields.read_field(table, where, SceneError)
    elif kind == "item":
        behavior.elasticity = table.number("elasticity")
        behavior.friction = table.number("friction")
        behavior.density = table.number("density")
        behavior.resistance_per_s = table.number("resistance")
        behavior.angular_resistance_per_s = table.number("angular_resistance")
        behavior.allows_rotation = table.boolean("allows_rotation")
        behavior.anchored = table.boolean("anchored")
        behavior.charge = table.number("charge")
        if behavior.density is not None and behavior.density <= 0:
            raise SceneError(f"{where}: key 'density': expected a number > 0")
    return behavior


def _read_rule(raw: object, index: int) -> Rule:
    table = _Table(raw, f"rule[{index}]")
    table.check_keys(_RULE_KEYS)
    on = table.string("on", required=True)
    events = ("contact", "time", "pause") + touch_model.TOUCH_EVENTS
    if on not in events:
        raise SceneError(f"rule[{index}]: key 'on': expected one of {', '.join(events)}, got '{on}'")
    rule = Rule(on=on, add=table.strings("add"), remove=table.strings("remove"))
    if on in touch_model.TOUCH_EVENTS:
        rule.touch = table.string("touch")
        rule.touch_item = table.string("item")
        if table.has("within"):
            value = table.data["within"]
            try:
                if not isinstance(value, list) or len(value) != 2:
                    raise SceneError("")
                corners = _Table({"a": value[0], "b": value[1]}, f"rule[{index}]")
                rule.within = (corners.pair("a"), corners.pair("b"))
            except SceneError:
                raise SceneError(f"rule[{index}]: key 'within': expected [[x1, y1], [x2, y2]], got {value!r}") from None
        rule.release_velocity = bool(table.boolean("release_velocity", False))
        for key in ("release_velocity", "snap", "nearest", "projection"):
            if table.has(key) and on != touch_model.DRAG_ENDED:
                raise SceneError(f"rule[{index}]: key '{key}': only allowed with on = \"drag-ended\"")
        if table.has("snap") or table.has("nearest") or table.has("projection"):
            rule.snap = table.string("snap", required=True)
            raw = table.data.get("nearest")
            if not isinstance(raw, list) or not raw:
                raise SceneError(f"rule[{index}]: key 'nearest': expected [[x, y], ...], got {raw!r}")
            points = _Table({str(i): p for i, p in enumerate(raw)}, f"rule[{index}].nearest")
            rule.nearest = [points.pair(str(i)) for i in range(len(raw))]
            rule.projection = table.number("projection", NORMAL_DECELERATION_RATE)
            if not 0 <= rule.projection < 1:
                raise SceneError(f"rule[{index}]: key 'projection': expected a rate in [0, 1), got {rule.projection}")
    else:
        for key in ("touch", "within", "release_velocity", "snap", "nearest", "projection"):
            if table.has(key):
                raise SceneError(f"rule[{index}]: key '{key}': only allowed on a touch event")
    if on == "contact":
        rule.boundary = table.string("boundary")
        rule.item = table.string("item")
        if rule.boundary is not None and rule.item is not None:
            raise SceneError(f"rule[{index}]: keys 'boundary', 'item': at most one")
    else:
        for key in ("boundary",) if on in touch_model.TOUCH_EVENTS else ("boundary", "item"):
            if table.has(key):
                raise SceneError(f"rule[{index}]: key '{key}': only allowed with on = \"contact\"")
    if on == "time":
        rule.at_s = table.number("at", required=True)
    elif table.has("at"):
        raise SceneError(f"rule[{index}]: key 'at': only allowed with on = \"time\"")
    _read_set(table, rule)
    return rule


#: A rule's `set` keys and the Behavior fields they set (`direction` sets angle and magnitude,
#: or a field's vector).
_SET_FIELDS = {"point": "point_pt", "angle": "angle_rad", "magnitude": "magnitude",
               "anchor": "anchor_pt", "length": "length_pt", "frequency": "frequency_hz",
               "damping": "damping", "active": "active", "offset": "offset_pt",
               "elasticity": "elasticity", "friction": "friction", "density": "density",
               "resistance": "resistance_per_s", "angular_resistance": "angular_resistance_per_s",
               "allows_rotation": "allows_rotation", "anchored": "anchored", "charge": "charge"}

#: A rule's `set` keys of a field and the reference_fields.Field attributes they set.
_SET_FIELD_KEYS = {"position": "position_pt", "strength": "strength", "falloff": "falloff",
                   "minimum_radius": "minimum_radius_pt", "region": "region"}


def _read_set(table: _Table, rule: Rule) -> None:
    """`set = "ID"` and the new values of that behavior's properties; which keys fit which
    behavior is checked once the behaviors are known (parse_scene). A field's are kept apart,
    in `change["field"]`; `direction`, in `change["direction"]` too until then."""
    given = [k for k in (*_SET_FIELDS, *_SET_FIELD_KEYS, "direction") if table.has(k)]
    rule.set = table.string("set")
    if rule.set is None:
        if given:
            raise SceneError(f"{table.where}: key '{given[0]}': only with 'set'")
        return
    if not given:
        raise SceneError(f"{table.where}: key 'set': no value to set")
    if table.has("direction") or table.has("angle") or table.has("magnitude"):
        angle, magnitude = _angle_and_magnitude(table, None, None)
        if angle is not None:
            rule.change["angle_rad"] = angle
        if magnitude is not None:
            rule.change["magnitude"] = magnitude
    if table.has("direction"):
        rule.change["direction"] = table.pair("direction")
    for key in ("point", "anchor", "offset"):
        if table.has(key):
            rule.change[_SET_FIELDS[key]] = table.pair(key)
    for key in ("length", "frequency", "damping", "elasticity", "friction", "density", "resistance",
                "angular_resistance", "charge"):
        if table.has(key):
            rule.change[_SET_FIELDS[key]] = table.number(key)
    for key in ("active", "allows_rotation", "anchored"):
        if table.has(key):
            rule.change[_SET_FIELDS[key]] = table.boolean(key)
    field_change = {}
    for key in ("position",):
        if table.has(key):
            field_change[_SET_FIELD_KEYS[key]] = table.pair(key)
    for key in ("strength", "falloff", "minimum_radius"):
        if table.has(key):
            field_change[_SET_FIELD_KEYS[key]] = table.number(key)
    if table.has("region"):
        field_change["region"] = reference_fields.read_region(table.data["region"], table.where, SceneError)
    if field_change:
        rule.change["field"] = field_change


def _resolve_direction(rule: Rule, kind: str) -> None:
    """A set rule's `direction` once its behavior is known: a field's vector, or the angle and
    magnitude of a gravity or push (read already)."""
    direction = rule.change.pop("direction", None)
    if direction is None or kind != "field":
        return
    rule.change.pop("angle_rad", None)
    rule.change.pop("magnitude", None)
    rule.change.setdefault("field", {})["direction"] = direction


#: The Behavior fields a rule may set on each kind (a distance attachment's; its anchor only
#: when it has one).
_SETTABLE = {"snap": {"point_pt", "damping"}, "gravity": {"angle_rad", "magnitude"},
             "attachment": {"anchor_pt", "length_pt", "frequency_hz", "damping"},
             "push": {"active", "angle_rad", "magnitude", "offset_pt"},
             "item": {"elasticity", "friction", "density", "resistance_per_s",
                      "angular_resistance_per_s", "allows_rotation", "anchored", "charge"},
             "field": {"field"}}


def parse_scene(data: dict, path: str = "<scene>") -> Scene:
    """Validate a parsed TOML document and build a Scene (defaults as in UIKit)."""
    top = _Table(data, path)
    top.check_keys(_TOP_KEYS)
    scene = Scene(
        path=path,
        title=top.string("title"),
        profile=top.string("profile", "modern"),
        frame_rate_hz=top.number("frame_rate", 60.0),
        duration_s=top.number("duration", 2.0),
        reference_size_pt=top.pair("reference_size"),
        items=[],
        behaviors=[],
        rules=[],
    )
    if scene.profile not in ("modern", "ios7"):
        raise SceneError(f"{path}: key 'profile': expected 'modern' or 'ios7', got '{scene.profile}'")
    if scene.frame_rate_hz <= 0:
        raise SceneError(f"{path}: key 'frame_rate': expected a number > 0")
    if scene.duration_s < 0:
        raise SceneError(f"{path}: key 'duration': expected a number >= 0")

    for index, raw in enumerate(top.tables("item")):
        table = _Table(raw, f"item[{index}]")
        table.check_keys(_ITEM_KEYS)
        iid = table.string("id", required=True)
        table.where = f"item '{iid}'"
        w, h = table.pair("size", required=True)
        if w <= 0 or h <= 0:
            raise SceneError(f"item '{iid}': key 'size': expected positive width and height")
        x, y = table.pair("center", required=True)
        vx, vy = table.pair("velocity", (0.0, 0.0))
        item = Item(iid, w, h, x, y, table.number("angle", 0.0), vx, vy, table.number("angular_velocity", 0.0))
        item.bounds = table.string("bounds", "rectangle")
        if item.bounds not in ("rectangle", "ellipse", "path"):
            raise SceneError(f"item '{iid}': key 'bounds': expected rectangle, ellipse or path")
        if item.bounds == "path":
            value = table.data.get("path")
            if not isinstance(value, list):
                raise SceneError(f"item '{iid}': key 'path': expected an array of [x, y] points")
            corners = _Table({str(k): v for k, v in enumerate(value)}, f"item '{iid}': key 'path'")
            item.path_pt = [corners.pair(str(k)) for k in range(len(value))]
        elif table.has("path"):
            raise SceneError(f"item '{iid}': key 'path': only allowed with bounds = \"path\"")
        scene.items.append(item)
    for index, raw in enumerate(top.tables("group")):
        table = _Table(raw, f"group[{index}]")
        table.check_keys(_GROUP_KEYS)
        gid = table.string("id", required=True)
        members = table.strings("items", required=True)
        if not members:
            raise SceneError(f"group '{gid}': key 'items': expected at least one item id")
        scene.groups.append(Group(gid, members))
    scene.behaviors = [_read_behavior(raw, k) for k, raw in enumerate(top.tables("behavior"))]
    scene.rules = [_read_rule(raw, k) for k, raw in enumerate(top.tables("rule"))]
    if top.has("recognizer"):
        scene.recognizer = _read_recognizer(top.data["recognizer"], path)
    scene.touches = [_read_touch(raw, k, scene, path) for k, raw in enumerate(top.tables("touch"))]

    # Cross-references.
    item_ids = [item.id for item in scene.items]
    group_ids = [g.id for g in scene.groups]
    for group in scene.groups:
        for member in group.items:
            if member in group_ids:
                raise SceneError(f"group '{group.id}': key 'items': a group cannot hold a group ('{member}')")
            if member not in item_ids:
                raise SceneError(f"group '{group.id}': key 'items': unknown item '{member}'")
    if scene.profile == "ios7":
        ios9 = [("group", bool(scene.groups))]
        ios9 += [("bounds", any(i.bounds != "rectangle" for i in scene.items))]
        ios9 += [(k, any(getattr(b, k) is not None for b in scene.behaviors)) for k in ("anchored", "charge")]
        ios9 += [("kind", any(b.kind == "attachment" and b.kind_name != "distance" for b in scene.behaviors))]
        for key, used in ios9:
            if used:
                raise SceneError(f"{path}: key '{key}' is iOS 9 (profile = \"ios7\" has none)")
    entity_ids = item_ids + group_ids
    behavior_ids = [b.id for b in scene.behaviors]
    touch_ids = [t.id for t in scene.touches]
    for ids, what in ((entity_ids, "item or group"), (behavior_ids, "behavior"), (touch_ids, "touch")):
        for duplicate in {i for i in ids if ids.count(i) > 1}:
            raise SceneError(f"{path}: {what} id '{duplicate}' is used twice")
    boundary_ids = {REFERENCE_BOUNDS_ID}
    for behavior in scene.behaviors:
        for iid in behavior.used_items():
            if iid not in entity_ids:
                raise SceneError(f"behavior '{behavior.id}': unknown item '{iid}'")
        if behavior.to_item is not None and behavior.to_item == behavior.items[0]:
            raise SceneError(f"behavior '{behavior.id}': key 'to': an item cannot attach to itself")
        if behavior.kind == "collision":
            if behavior.reference_bounds and scene.reference_size_pt is None:
                raise SceneError(f"behavior '{behavior.id}': key 'reference_bounds': needs top-level 'reference_size'")
            boundary_ids.update(b.id for b in behavior.boundaries)
        if behavior.kind == "drag" and behavior.touch is not None and behavior.touch not in touch_ids:
            raise SceneError(f"behavior '{behavior.id}': key 'touch': unknown touch '{behavior.touch}'")
    for index, rule in enumerate(scene.rules):
        if rule.touch is not None and rule.touch not in touch_ids:
            raise SceneError(f"rule[{index}]: key 'touch': unknown touch '{rule.touch}'")
        if rule.touch_item is not None and rule.touch_item not in [i.id for i in scene.items]:
            raise SceneError(f"rule[{index}]: key 'item': unknown item '{rule.touch_item}'")
        if rule.on in touch_model.TOUCH_EVENTS and not touch_ids:
            raise SceneError(f"rule[{index}]: key 'on': '{rule.on}' needs a [[touch]], the scene has none")
        for bid in rule.add + rule.remove:
            if bid not in behavior_ids:
                raise SceneError(f"rule[{index}]: unknown behavior '{bid}'")
        if rule.boundary is not None and rule.boundary not in boundary_ids:
            raise SceneError(f"rule[{index}]: key 'boundary': unknown boundary '{rule.boundary}'")
        if rule.item is not None and rule.item not in item_ids:
            raise SceneError(f"rule[{index}]: key 'item': unknown item '{rule.item}'")
        if rule.set is not None:
            target = next((b for b in scene.behaviors if b.id == rule.set), None)
            if target is None:
                raise SceneError(f"rule[{index}]: key 'set': unknown behavior '{rule.set}'")
            _resolve_direction(rule, target.kind)
            allowed = set(_SETTABLE.get(target.kind, ()))
            if target.kind == "attachment" and (target.kind_name != "distance" or target.anchor_pt is None):
                allowed.discard("anchor_pt")
                if target.kind_name != "distance":
                    allowed = set()
            for name in rule.change:
                if name not in allowed:
                    raise SceneError(f"rule[{index}]: '{name}' cannot be set on the {target.kind} '{rule.set}'")
    return scene


def _read_recognizer(raw: object, path: str) -> touch_model.Recognizer:
    table = _Table(raw, "recognizer")
    table.check_keys(_RECOGNIZER_KEYS)
    recognizer = touch_model.Recognizer(
        slop_pt=table.number("slop", touch_model.DEFAULT_SLOP_PT),
        hold_s=table.number("hold", touch_model.DEFAULT_HOLD_S),
        velocity_window_s=table.number("velocity_window", touch_model.DEFAULT_VELOCITY_WINDOW_S),
    )
    for key, value in (("slop", recognizer.slop_pt), ("hold", recognizer.hold_s),
                       ("velocity_window", recognizer.velocity_window_s)):
        if value < 0:
            raise SceneError(f"recognizer: key '{key}': expected a number >= 0")
    return recognizer


def _read_touch(raw: object, index: int, scene: Scene, path: str) -> touch_model.Touch:
    """A [[touch]]: exactly one of samples, file, tap, hold, drag."""
    table = _Table(raw, f"touch[{index}]")
    table.check_keys({"id"} | set(_TOUCH_SOURCES))
    tid = table.string("id", required=True)
    where = f"touch '{tid}'"
    table.where = where
    sources = [key for key in _TOUCH_SOURCES if table.has(key)]
    if len(sources) != 1:
        raise SceneError(f"{where}: expected exactly one of {', '.join(_TOUCH_SOURCES)}, got {len(sources)}")
    source = sources[0]
    try:
        if source == "samples":
            value = table.data["samples"]
            if not isinstance(value, list):
                raise SceneError(f"{where}: key 'samples': expected an array of [t_s, x_pt, y_pt]")
            samples = []
            for k, entry in enumerate(value):
                if (not isinstance(entry, list) or len(entry) != 3
                        or any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in entry)):
                    raise SceneError(f"{where}: key 'samples': sample {k + 1}: expected [t_s, x_pt, y_pt], got {entry!r}")
                samples.append(touch_model.Sample(float(entry[0]), float(entry[1]), float(entry[2])))
            touch_model.check_trace(samples, f"{where}: key 'samples'")
        elif source == "file":
            relative = table.string("file")
            file_path = Path(path).parent / relative
            samples = touch_model.read_trace_csv(file_path)
            touch_model.check_trace(samples, f"{where}: key 'file': {file_path}")
        else:
            generator = _Table(table.data[source], f"{where}: key '{source}'")
            generator.check_keys(_GENERATOR_KEYS[source])
            at_s = generator.number("at", 0.0)
            duration_s = generator.number("duration", required=True)
            if at_s < 0:
                raise SceneError(f"{generator.where}: key 'at': expected a number >= 0")
            if duration_s < 0 or (source == "drag" and duration_s == 0):
                bound = "> 0" if source == "drag" else ">= 0"
                raise SceneError(f"{generator.where}: key 'duration': expected a number {bound}")
            if source == "drag":
                start, end = generator.pair("from", required=True), generator.pair("to", required=True)
            else:
                start = end = generator.pair("point", required=True)
            samples = touch_model.generated_trace(at_s, duration_s, start, end, scene.frame_rate_hz)
    except touch_model.TraceError as error:
        raise SceneError(str(error)) from None
    return touch_model.Touch(tid, samples)


def load_scene(path: str | Path) -> Scene:
    """Read and validate a scene file. Raises SceneError with a message naming the file."""
    path = str(path)
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except OSError as error:
        raise SceneError(f"{path}: cannot read: {error.strerror}") from error
    except tomllib.TOMLDecodeError as error:
        raise SceneError(f"{path}: {error}") from error
    try:
        return parse_scene(data, path)
    except SceneError as error:
        message = str(error)
        raise SceneError(message if message.startswith(path) else f"{path}: {message}") from None


def check_supported(scene: Scene) -> None:
    """Refuse what this reference does not model (raises SceneError): polygons of more than
    pybox2d's 16 vertices."""
    for item in scene.items:
        if item.bounds == "rectangle" or (item.bounds == "ellipse" and item.width_pt == item.height_pt):
            continue
        vertices = outline_vertices_m(item)
        if not 3 <= len(vertices) <= shapes.MAX_POLYGON_VERTICES:
            raise SceneError(
                f"{scene.path}: item '{item.id}': its {item.bounds} has {len(vertices)} vertices; pybox2d "
                f"holds 3 to {shapes.MAX_POLYGON_VERTICES}"
            )


def outline_vertices_m(item: Item) -> list[tuple[float, float]]:
    """An ellipse's or a path's polygon vertices (m, item frame)."""
    if item.bounds == "ellipse":
        return shapes.ellipse_vertices_m(item.width_pt, item.height_pt)
    return shapes.path_vertices_m(item.path_pt)


# ---------------------------------------------------------------------------------------
# Simulation
# ---------------------------------------------------------------------------------------


def _travel_left_pt(v_pt_s: float, r: float) -> float:
    """How far a deceleration at v still goes (pt): |v|·r/(1 − r)/1000."""
    return abs(v_pt_s) * r / (1 - r) / 1000


@dataclass
class _Scroll:
    """A scroll during a run: idle, dragging (its finger, the offset and the finger's point
    at touch-down) or decelerating (v0, the offset and frame of the lift)."""

    phase: str = "idle"
    touch: str | None = None
    offset_pt: float = 0.0
    start_offset_pt: float = 0.0
    start_pt: tuple[float, float] = (0.0, 0.0)
    v0_pt_s: float = 0.0
    lift_offset_pt: float = 0.0
    lift_frame: int = 0
    moved: bool = False


@dataclass
class Row:
    """One output row: an item's state after a display frame."""

    frame: int
    t_s: float
    item: str
    x_pt: float
    y_pt: float
    angle_rad: float
    vx_pt_s: float
    vy_pt_s: float
    omega_rad_s: float
    running: int


@dataclass
class Event:
    """One --events row."""

    frame: int
    t_s: float
    event: str
    detail: str


@dataclass
class SimulationResult:
    rows: list[Row]
    events: list[Event]


@dataclass
class _BoundaryTag:
    """userData of a boundary edge fixture: its name, the collision behavior that made it
    and that behavior's masks for its boundaries."""

    boundary_id: str
    owner: str
    masks: tuple[int, int, int]


@dataclass
class _FixtureTag:
    """userData of an item's fixture: the item it stands for (a group's member) and the
    entity (item or group) whose body holds it."""

    item: str
    entity: str


#: UIKit's collision groups (measured: kern0x1b/charon UIDynamicAnimator.md §7.1–§7.3,
#: docs/shapes.md, "Collisions between items"), written from the measurements:
#: collision behavior number g (an animator counter, up when one is added, down when one
#: goes) owns the item bit 1 << (2g mod 32) and the boundary bit 1 << (2g + 1 mod 32).
def group_bits(g: int) -> tuple[int, int]:
    return 1 << ((2 * g) % 32), 1 << ((2 * g + 1) % 32)


def masks_on(masks: tuple[int, int, int], g: int, mode: str, boundary: bool) -> tuple[int, int, int]:
    """(category, collision, contact) once a collision behavior of group g and `mode` takes
    the side: its two bits replaced in the collision and contact masks by the mode's, its
    own bit (item or boundary) set in the category."""
    item_bit, boundary_bit = group_bits(g)
    both = item_bit | boundary_bit
    mode_bits = {"items": item_bit, "boundaries": boundary_bit, "everything": both}[mode]
    collision = (masks[1] & ~both) | mode_bits
    category = (masks[0] & ~both) | (boundary_bit if boundary else item_bit)
    return (category, collision, collision)


def masks_off(masks: tuple[int, int, int], g: int) -> tuple[int, int, int]:
    """(category, collision, contact) once the behavior of group g lets the side go."""
    both = group_bits(g)[0] | group_bits(g)[1]
    collision = masks[1] & ~both
    return (masks[0] & ~both, collision, collision)


class _MaskFilter(Box2D.b2ContactFilter):
    """UIKit's contact filter: a contact exists when either side's category meets the other's
    collision mask (Box2D has checked first that the bodies differ and one is dynamic)."""

    def __init__(self, simulation):
        super().__init__()
        self.simulation = simulation

    def ShouldCollide(self, fixture_a, fixture_b):  # noqa: N802 (Box2D's name)
        a = self.simulation.masks_of(fixture_a)
        b = self.simulation.masks_of(fixture_b)
        return bool((a[0] & b[1]) or (b[0] & a[1]))


class _ContactRecorder(Box2D.b2ContactListener):
    """Buffers the contacts that began and ended during the sub-steps, as --events details;
    they are delivered after the frame's step, as UIKit does. (_RespondingContactRecorder
    adds UIKit's response rule.)"""

    def __init__(self, simulation):
        super().__init__()
        self.simulation = simulation
        self.enabled = True
        self.began: list[tuple[str, tuple]] = []
        self.ended: list[tuple[str, tuple]] = []
        self.one_sided: str | None = None

    def _record(self, contact, into: list) -> None:
        if not self.enabled:
            return
        event = self.simulation.contact_event(contact)
        if event is not None:
            into.append(event)

    def BeginContact(self, contact):  # noqa: N802 (Box2D's name)
        self._record(contact, self.began)

    def EndContact(self, contact):  # noqa: N802
        self._record(contact, self.ended)

    def take(self):
        began, ended = self.began, self.ended
        self.began, self.ended = [], []
        return began, ended


class _RespondingContactRecorder(_ContactRecorder):
    """_ContactRecorder with UIKit's response rule (PreSolve), for scenes with a collision
    behavior in `items` or `boundaries` mode: with every behavior in `everything` mode both
    sides of every contact respond, and leaving PreSolve out spares pybox2d a call into Python
    per contact and sub-step (the benchmark's pybox2d figure is then Box2D's own)."""

    def PreSolve(self, contact, old_manifold):  # noqa: N802
        fa, fb = contact.fixtureA, contact.fixtureB
        a, b = self.simulation.masks_of(fa), self.simulation.masks_of(fb)
        dynamic_a = fa.body.type == Box2D.b2_dynamicBody
        dynamic_b = fb.body.type == Box2D.b2_dynamicBody
        responds_a = dynamic_a and bool(b[0] & a[1])
        responds_b = dynamic_b and bool(a[0] & b[1])
        if not responds_a and not responds_b:
            contact.enabled = False
        elif dynamic_a and dynamic_b and responds_a != responds_b and self.one_sided is None:
            self.one_sided = f"{fa.userData.item} and {fb.userData.item}"


@dataclass
class _ItemState:
    """What an item's view shows (centre, angle) and its body while it has one; or the same
    for a group (`spec` a Group), whose body is the compound of its members. `masks`,
    `anchored` and `charge` are UIKit's body object's (they go with the body)."""

    spec: object
    x_pt: float
    y_pt: float
    angle_rad: float
    body: object = None
    masks: tuple[int, int, int] = (0, 0, 0)
    anchored: bool = False
    charge: float = 0.0
    #: a group: its members' offsets from its centre (pt), in member order
    offsets_pt: list[tuple[float, float]] = field(default_factory=list)

    @property
    def is_group(self) -> bool:
        return isinstance(self.spec, Group)


@dataclass
class _DragHold:
    """A drag behavior while its touch drags (from drag-began, or from its addition during
    a drag, to drag-ended): where the item was when the hold began, and for a rotate drag
    the pivot and the finger's unwrapped angle about it."""

    centre_pt: tuple[float, float]
    angle_rad: float
    pivot_pt: tuple[float, float] | None = None
    unwrapper: touch_model.AngleUnwrapper | None = None


#: Choice (attachment anchor), settled: the app's pan handler runs per touch event, so the
#: anchor body is moved (SetTransform) to each delivered sample whose float32 point differs
#: from the anchor, before the frame's sub-steps, and that move wakes the item's body and a
#: paused animator; a finger that does not move sends no event, so a held item may fall
#: asleep mid-drag (docs/drags.md). True would move and wake at every frame as well.
ATTACHMENT_ANCHOR_SET_EVERY_FRAME = False

#: Choice (release velocity of a rotate drag): "items that get a new body from this rule
#: start with the release velocity (linear; angular for a rotate drag)" is read as: after a
#: rotate drag the new body gets the angular release velocity and, with "none", no linear
#: velocity; with "pivot" (FeelLab's Swift reading, as of the touch branch), the velocity of
#: its centre turning about the pivot, ω × (centre − pivot). After a follow or attachment
#: drag, the linear release velocity only.
ROTATE_RELEASE_LINEAR_VELOCITY = "pivot"  # settled: the centre's own velocity in the turn

#: Choice (release velocity of a follow drag with an axis): False hands the finger's whole
#: release velocity (the drag-ended event's) to the new body; True (the Swift reading) only
#: its component along the follow drag's axis.
RELEASE_VELOCITY_ALONG_FOLLOW_AXIS = True  # settled: the item moved only along the axis

#: Choice (frames while a touch is pending): True: "the animator keeps running (frames
#: step …) while a touch is down or still has samples to come" is read literally: such a
#: frame runs its sub-steps and advances the accumulator even when no body is awake (so the
#: first frame with a body after a touch-down usually runs two 1/120 s sub-steps at 60 Hz).
#: False (the Swift reading): such frames are running (no pause) but step only when a body
#: is awake, so the accumulator stays frozen until then (one sub-step on that first frame).
#: Settled False (docs/drags.md): a running animator whose bodies all sleep (or that has
#: none) keeps its accumulator, as a paused one does; so a release after a drag that held the
#: item without a body starts the snap exactly as a release scene does.
FRAMES_STEP_WHILE_TOUCH_PENDING = False


@dataclass
class _Release:
    """What a drag-ended rule with release_velocity hands to the new bodies: the linear
    velocity (pt/s), and after a rotate drag the angular one (rad/s) and the pivot (pt)."""

    velocity_pt_s: tuple[float, float]
    omega_rad_s: float | None = None
    pivot_pt: tuple[float, float] | None = None


class _ChangeQueue:
    """Behaviors added or removed during a frame, applied after its step: all removals,
    then the additions. Adding a behavior queued for removal cancels the removal, and the
    reverse; removing an absent or adding a present behavior does nothing."""

    def __init__(self):
        self.removals: list[str] = []
        self.additions: list[str] = []

    def remove(self, bid: str, present: list[str]) -> None:
        if bid in self.additions:
            self.additions.remove(bid)
        elif bid in present and bid not in self.removals:
            self.removals.append(bid)

    def add(self, bid: str, present: list[str]) -> None:
        if bid in self.removals:
            self.removals.remove(bid)
        elif bid not in present and bid not in self.additions:
            self.additions.append(bid)

    def __bool__(self) -> bool:
        return bool(self.removals or self.additions)


class ReferenceSimulation:
    """A UIDynamicAnimator over one pybox2d world, driven frame by frame."""

    def __init__(self, scene: Scene):
        check_supported(scene)
        self.scene = scene
        self.ios7 = scene.profile == "ios7"
        self.behaviors = {b.id: b for b in scene.behaviors}
        # Entities: items, then groups (a group is one compound body for its members).
        self.items = {item.id: _ItemState(item, item.x_pt, item.y_pt, item.angle_rad) for item in scene.items}
        self.item_ids = [item.id for item in scene.items]
        for group in scene.groups:
            self.items[group.id] = self._new_group_state(group)

        self.world = Box2D.b2World(gravity=(0.0, 0.0), doSleep=True)
        self.world.continuousPhysics = True
        self.world.warmStarting = True
        self.world.subStepping = False
        # Continuous pushes are applied once per frame and act in all its sub-steps.
        self.world.autoClearForces = False
        modes = {b.collision_mode for b in scene.behaviors if b.kind == "collision"}
        recorder = _ContactRecorder if modes <= {"everything"} else _RespondingContactRecorder
        self.contacts = recorder(self)
        self.world.contactListener = self.contacts
        self.mask_filter = _MaskFilter(self)
        self.world.contactFilter = self.mask_filter

        self.present: list[str] = []  # behavior ids in the animator, in order of addition
        self.engine_objects: dict[str, dict] = {}  # behavior id -> its joints and bodies
        self.collision_counter = 0  # UIKit's counter of collision behaviors in the animator
        self.collision_groups: dict[str, int] = {}  # collision behavior id -> its group number
        self.pending_impulses: list[str] = []  # instantaneous pushes to fire at the next step
        self.fired_pushes: set[str] = set()
        self.fired_time_rules: set[int] = set()
        self.accumulator_s = 0.0
        self.paused = False
        self.events: list[Event] = []
        # touches: one recognizer per finger, and the drag behaviors holding an item now
        self.recognizers = [
            touch_model.TouchRecognizer(t, scene.recognizer, index=k) for k, t in enumerate(scene.touches)
        ]
        self.touch_by_id = {r.touch.id: r for r in self.recognizers}
        self.drag_holds: dict[str, _DragHold] = {}
        # the items' gestures: the item each touch went down on (hit-tested at touch-down, None
        # off every item or while another touch on it is down), the touch each drag without a
        # touch of its own holds now, the poses of the last step, the touch whose rules run
        self.on_item: dict[str, str | None] = {}
        self.holder: dict[str, str] = {}
        self.stepped_poses: dict[str, tuple[float, float, float]] = {}
        self.rule_touch: tuple[str, str] | None = None
        # scrolls (docs/springy-list.md): each one's phase and content offset along its axis
        self.scrolls = {b.id: _Scroll() for b in scene.behaviors if b.kind == "scroll"}
        self.scroll_release: dict[str, tuple[float, float]] = {}

    def _new_group_state(self, group: Group) -> _ItemState:
        """A group at the middle of the union of its members' rectangles (their own rotations
        ignored), at angle 0 (UIKit's fresh group answers a zero transform); the members'
        offsets from that middle."""
        members = [self.items[m].spec for m in group.items]
        left = min(m.x_pt - m.width_pt / 2 for m in members)
        right = max(m.x_pt + m.width_pt / 2 for m in members)
        top = min(m.y_pt - m.height_pt / 2 for m in members)
        bottom = max(m.y_pt + m.height_pt / 2 for m in members)
        cx, cy = (left + right) / 2, (top + bottom) / 2
        state = _ItemState(group, cx, cy, 0.0)
        state.offsets_pt = [(m.x_pt - cx, m.y_pt - cy) for m in members]
        return state

    # -- masks and contact reports --------------------------------------------------------

    def masks_of(self, fixture) -> tuple[int, int, int]:
        tag = fixture.userData
        if isinstance(tag, _BoundaryTag):
            return tag.masks
        return self.items[tag.entity].masks

    def _members(self, entity: str) -> list[str]:
        state = self.items[entity]
        return list(state.spec.items) if state.is_group else [entity]

    def contact_event(self, contact) -> tuple[str, str, str] | None:
        """(item, "boundary" or "item", the boundary's or other item's id) of a contact if some
        present collision behavior reports it: a boundary's contact to the behavior that made
        the boundary, if it holds the item; a contact between two items to any behavior holding
        both (reported once)."""
        a, b = contact.fixtureA.userData, contact.fixtureB.userData
        if isinstance(a, _BoundaryTag):
            owner = self.behaviors[a.owner]
            if b.item in [m for e in owner.items for m in self._members(e)]:
                return (b.item, "boundary", a.boundary_id)
            return None
        for bid in self.present:
            behavior = self.behaviors[bid]
            if behavior.kind != "collision":
                continue
            members = [m for e in behavior.items for m in self._members(e)]
            if a.item in members and b.item in members:
                return (a.item, "item", b.item)
        return None

    def _set_masks(self, entity: str, masks: tuple[int, int, int]) -> None:
        """New masks for an entity's body: its fixtures are filtered again (SetFilterData)."""
        state = self.items[entity]
        if state.masks == masks:
            return
        state.masks = masks
        if state.body is not None:
            for fixture in state.body.fixtures:
                fixture.filterData = fixture.filterData  # SetFilterData: Refilter

    # -- bodies ---------------------------------------------------------------------------

    def _items_used(self) -> set[str]:
        """Entities that need a dynamic body: those of every present behavior except follow
        and rotate drags (kinematic: the item has no body while they hold it)."""
        used = set()
        for bid in self.present:
            if self.behaviors[bid].needs_body:
                used.update(self.behaviors[bid].used_items())
        return used

    def _shapes_of(self, item: Item, offset_m: tuple[float, float] | None = None) -> list:
        """The Box2D shapes of an item: its box (ios7: inset, 0.001 m skin), a circle, or an
        ellipse's or path's polygon (0.009 m skin); at `offset_m` in a group's body."""
        ox, oy = offset_m if offset_m is not None else (0.0, 0.0)
        half_width, half_height = 0.5 * to_metres(item.width_pt), 0.5 * to_metres(item.height_pt)
        if item.bounds == "rectangle":
            if self.ios7:
                half_width = max(f32(half_width - f32(IOS7_INSET_M)), f32(IOS7_SKIN_M))
                half_height = max(f32(half_height - f32(IOS7_INSET_M)), f32(IOS7_SKIN_M))
            if offset_m is None:
                shape = Box2D.b2PolygonShape(box=(half_width, half_height))
            else:
                shape = Box2D.b2PolygonShape(box=(half_width, half_height, (ox, oy), 0.0))
            if self.ios7:
                # Set before the fixture is made: its broad-phase box is computed with the skin.
                shape.radius = IOS7_SKIN_M
            return shape
        if item.bounds == "ellipse" and item.width_pt == item.height_pt:
            return Box2D.b2CircleShape(radius=half_width, pos=(ox, oy))
        vertices = outline_vertices_m(item)
        if offset_m is not None:
            vertices = [(f32(x + ox), f32(y + oy)) for x, y in vertices]
        shape = Box2D.b2PolygonShape(vertices=vertices)
        kept = [(v[0], v[1]) for v in shape.vertices]
        if kept != [(f32(x), f32(y)) for x, y in vertices]:
            raise SceneError(
                f"{self.scene.path}: item '{item.id}': pybox2d's convex hull reorders its {item.bounds}'s "
                "vertices (give its points counter-clockwise from the right-most one)"
            )
        shape.radius = float(shapes.OUTLINE_RADIUS_M)
        return shape

    def _create_body(self, state: _ItemState, initial: bool, release=None) -> None:
        """A new body at the entity's current centre and angle; at rest unless it is the
        body made at t = 0, which takes the scene's initial velocity, or a body made by a
        drag-ended rule with release_velocity, which takes `release` (a _Release)."""
        spec = state.spec
        body = self.world.CreateDynamicBody(
            position=(to_metres(state.x_pt), to_metres(state.y_pt)), angle=state.angle_rad
        )
        if state.is_group:
            parts = []
            for member_id, (ox, oy) in zip(spec.items, state.offsets_pt):
                member = self.items[member_id].spec
                parts.append((self._shapes_of(member, (to_metres(ox), to_metres(oy))), member_id))
        else:
            parts = [(self._shapes_of(spec), spec.id)]
        for shape, member_id in parts:
            fixture = body.CreateFixture(
                shape=shape,
                density=DEFAULT_DENSITY,
                friction=DEFAULT_FRICTION,
                restitution=DEFAULT_ELASTICITY,
            )
            fixture.userData = _FixtureTag(member_id, spec.id)
        if initial and not state.is_group:
            body.linearVelocity = (to_metres(spec.vx_pt_s), to_metres(spec.vy_pt_s))
            body.angularVelocity = spec.omega_rad_s
        elif release is not None:
            vx_pt_s, vy_pt_s = release.velocity_pt_s
            if release.omega_rad_s is not None:
                body.angularVelocity = release.omega_rad_s
                vx_pt_s = vy_pt_s = 0.0
                if ROTATE_RELEASE_LINEAR_VELOCITY == "pivot":
                    px, py = release.pivot_pt
                    vx_pt_s = -release.omega_rad_s * (state.y_pt - py)
                    vy_pt_s = release.omega_rad_s * (state.x_pt - px)
            body.linearVelocity = (to_metres(vx_pt_s), to_metres(vy_pt_s))
        state.body = body

    def _refresh_body(self, iid: str) -> None:
        """Apply the item properties, bullet flag, gravity scale and `anchored` that the
        behaviors present now give this entity's body."""
        state = self.items[iid]
        body = state.body
        elasticity, friction, density = DEFAULT_ELASTICITY, DEFAULT_FRICTION, DEFAULT_DENSITY
        resistance, angular_resistance = DEFAULT_RESISTANCE_PER_S, DEFAULT_ANGULAR_RESISTANCE_PER_S
        allows_rotation = DEFAULT_ALLOWS_ROTATION
        in_gravity = in_push = False
        for bid in self.present:
            b = self.behaviors[bid]
            if iid not in b.used_items():
                continue
            if b.kind == "item":
                elasticity = b.elasticity if b.elasticity is not None else elasticity
                friction = b.friction if b.friction is not None else friction
                density = b.density if b.density is not None else density
                resistance = b.resistance_per_s if b.resistance_per_s is not None else resistance
                if b.angular_resistance_per_s is not None:
                    angular_resistance = b.angular_resistance_per_s
                allows_rotation = b.allows_rotation if b.allows_rotation is not None else allows_rotation
                # iOS 9's anchored and charge stay as the last item behavior set them.
                state.anchored = b.anchored if b.anchored is not None else state.anchored
                state.charge = b.charge if b.charge is not None else state.charge
            elif b.kind == "gravity":
                in_gravity = True
            elif b.kind == "push":
                in_push = True

        density_changed = False
        for fixture in body.fixtures:
            if fixture.density != f32(density):
                fixture.density = density
                density_changed = True
            fixture.friction = friction
            fixture.restitution = elasticity
        if density_changed and body.type == Box2D.b2_dynamicBody:
            body.ResetMassData()
        if self.ios7:  # pybox2d's damping law is iOS 7's
            body.linearDamping = resistance
            body.angularDamping = angular_resistance
        else:
            body.linearDamping = box2d_damping(resistance)
            body.angularDamping = box2d_damping(angular_resistance)
        if body.fixedRotation == allows_rotation:
            # Box2D's SetFixedRotation zeroes the spin; UIKit's allowsRotation does not.
            omega = body.angularVelocity
            body.fixedRotation = not allows_rotation
            body.angularVelocity = omega
        if self.ios7 and not state.is_group and state.spec.bounds == "rectangle":
            # The inset box collides; the mass is still the full box's (ResetMassData, which
            # density and fixedRotation changes call, took the inset box's).
            spec = state.spec
            full = Box2D.b2PolygonShape(
                box=(0.5 * to_metres(spec.width_pt), 0.5 * to_metres(spec.height_pt))
            ).getMass(body.fixtures[0].density)
            mass_data = body.massData
            if (mass_data.mass, mass_data.I) != (full.mass, full.I):
                body.massData = full
        body.bullet = in_gravity or in_push
        body.gravityScale = 1.0 if in_gravity else 0.0
        wanted = Box2D.b2_staticBody if state.anchored else Box2D.b2_dynamicBody
        if body.type != wanted:
            # pybox2d's SetType (Box2D 2.3) destroys the body's contacts where 2.2.1 (UIKit's)
            # filters them again: the random scenes anchor only bodies made at t = 0.
            body.type = wanted

    def _refresh_gravity(self) -> None:
        """World gravity from the latest-added gravity behavior present; zero if none."""
        gravity = (0.0, 0.0)
        for bid in self.present:
            b = self.behaviors[bid]
            if b.kind == "gravity":
                g = GRAVITY_M_S2_PER_MAGNITUDE * b.magnitude
                gravity = (g * math.cos(b.angle_rad), g * math.sin(b.angle_rad))
        self.world.gravity = gravity

    # -- behaviors ------------------------------------------------------------------------

    def _static_body_at(self, x_pt: float, y_pt: float):
        return self.world.CreateStaticBody(position=(to_metres(x_pt), to_metres(y_pt)))

    def _set_up(self, bid: str) -> None:
        """Create the Box2D objects a behavior needs (its items already have bodies)."""
        b = self.behaviors[bid]
        objects: dict = {"joints": [], "bodies": []}
        if b.kind == "scroll":
            self.engine_objects[bid] = objects
            return
        if b.kind == "drag":
            self.engine_objects[bid] = objects
            if b.touch is None and bid not in self.holder and self.rule_touch is not None:
                tid, event = self.rule_touch
                if event in (touch_model.TOUCH_DOWN, touch_model.DRAG_BEGAN) and self.on_item.get(tid) == b.items[0]:
                    self.holder[bid] = tid
            tid = self._touch_of(bid)
            if tid is not None and self.touch_by_id[tid].dragging:
                self._start_holding(bid)
            return
        if b.kind == "snap":
            body = self.items[b.items[0]].body
            spec = self.items[b.items[0]].spec
            anchor = self._static_body_at(*b.point_pt)
            hw, hh = 0.5 * to_metres(spec.width_pt), 0.5 * to_metres(spec.height_pt)
            d = to_metres(SNAP_REST_LENGTH_PT)
            table = [  # (anchor on item, anchor on static body), local coordinates
                ((-hw, -hh), (-hw - d, -hh)),
                ((-hw, -hh), (-hw, -hh - d)),
                ((hw, hh), (hw + d, hh)),
                ((hw, hh), (hw, hh + d)),
            ]
            # Box2D prepends each new joint to the body's joint list and builds islands from
            # that list, so the last joint created is solved first. Creating 4, 3, 2, 1 makes
            # Box2D solve joint 1 first, as UIKit does.
            joints = []
            for on_item, on_anchor in reversed(table):
                definition = Box2D.b2DistanceJointDef()
                definition.Initialize(body, anchor, body.GetWorldPoint(on_item), anchor.GetWorldPoint(on_anchor))
                definition.frequencyHz = SNAP_FREQUENCY_HZ
                definition.dampingRatio = b.damping
                joints.append(self.world.CreateJoint(definition))
            for joint in joints:  # joints start at their current length; rest length D
                joint.length = d
            objects = {"joints": joints, "bodies": [anchor]}
        elif b.kind == "attachment" and b.kind_name != "distance":
            other = self.items[b.to_item].body if b.to_item is not None else None
            joint, made = joint_kinds.create_kind_joint(
                self.world, b, self.items[b.items[0]].body, other, to_metres, self._static_body_at)
            objects["joints"].append(joint)
            objects["bodies"].extend(made)
        elif b.kind == "attachment":
            body = self.items[b.items[0]].body
            on_item = body.GetWorldPoint((to_metres(b.offset_pt[0]), to_metres(b.offset_pt[1])))
            if b.anchor_pt is not None:
                other = self._static_body_at(*b.anchor_pt)
                on_other = other.position
                objects["bodies"].append(other)
            else:
                other = self.items[b.to_item].body
                on_other = other.GetWorldPoint((to_metres(b.to_offset_pt[0]), to_metres(b.to_offset_pt[1])))
            definition = Box2D.b2DistanceJointDef()
            definition.Initialize(body, other, on_item, on_other)
            definition.frequencyHz = b.frequency_hz
            definition.dampingRatio = b.damping
            joint = self.world.CreateJoint(definition)
            if b.length_pt is not None:
                joint.length = to_metres(b.length_pt)
            objects["joints"].append(joint)
        elif b.kind == "collision":
            # UIKit's collision group: the counter goes up; the items take the group's bits;
            # each boundary is a static body of its own (the reference bounds one body).
            self.collision_counter += 1
            g = self.collision_counter
            self.collision_groups[bid] = g
            for entity in b.items:
                self._set_masks(entity, masks_on(self.items[entity].masks, g, b.collision_mode, boundary=False))
            edge_masks = masks_on((0, 0, 0), g, b.collision_mode, boundary=True)
            bodies = [[(s.id, *edge) for edge in s.edges()] for s in b.boundaries]
            if b.reference_bounds:
                w, h = self.scene.reference_size_pt
                # UIEdgeInsetsInsetRect of the bounds (0, 0, w, h).
                top, left, bottom, right = b.reference_bounds_insets_pt
                x0, y0, x1, y1 = left, top, w - right, h - bottom
                corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
                bodies.append([
                    (REFERENCE_BOUNDS_ID, *corners[k], *corners[(k + 1) % 4]) for k in range(4)
                ])
            for segments in bodies:
                ground = self.world.CreateStaticBody(position=(0.0, 0.0))
                for boundary_id, x1, y1, x2, y2 in segments:
                    fixture = ground.CreateEdgeFixture(
                        vertices=[(to_metres(x1), to_metres(y1)), (to_metres(x2), to_metres(y2))],
                        friction=BOUNDARY_FRICTION,
                        restitution=BOUNDARY_ELASTICITY,
                    )
                    fixture.userData = _BoundaryTag(boundary_id, bid, edge_masks)
                objects["bodies"].append(ground)
        elif b.kind == "push" and b.mode == "instantaneous":
            if bid not in self.fired_pushes and bid not in self.pending_impulses:
                self.pending_impulses.append(bid)
        self.engine_objects[bid] = objects

    def _tear_down(self, bid: str) -> None:
        """Destroy the Box2D objects a behavior made."""
        objects = self.engine_objects.pop(bid, {"joints": [], "bodies": []})
        for joint in objects["joints"]:
            self.world.DestroyJoint(joint)
        for body in objects["bodies"]:
            self.world.DestroyBody(body)
        if bid in self.collision_groups:
            g = self.collision_groups.pop(bid)
            self.collision_counter -= 1
            for entity in self.behaviors[bid].items:
                self._set_masks(entity, masks_off(self.items[entity].masks, g))
        self.drag_holds.pop(bid, None)
        self.holder.pop(bid, None)
        if bid in self.pending_impulses:
            self.pending_impulses.remove(bid)

    def _apply_changes(self, removals: list[str], additions: list[str], initial: bool = False,
                       release=None) -> None:
        """Remove behaviors, drop bodies no behavior uses, then add behaviors (making bodies
        at rest where needed, or with `release`, see _create_body), and refresh every
        touched body."""
        self.contacts.enabled = False  # contacts ended by destruction are not reported
        touched: set[str] = set()
        for bid in removals:
            self._tear_down(bid)
            self.present.remove(bid)
            touched.update(self.behaviors[bid].used_items())
        used = self._items_used()
        for iid in sorted(touched - used):
            state = self.items[iid]
            if state.body is not None:
                if state.is_group:
                    self._park_members(state)
                self.world.DestroyBody(state.body)
                state.body = None
                # UIKit's body object goes, with its masks, anchored and charge.
                state.masks, state.anchored, state.charge = (0, 0, 0), False, 0.0
        for bid in additions:
            if self.behaviors[bid].needs_body:
                for iid in self.behaviors[bid].used_items():
                    if self.items[iid].body is None:
                        self._create_body(self.items[iid], initial, release)
            self.present.append(bid)
            self._set_up(bid)
            touched.update(self.behaviors[bid].used_items())
        for iid in sorted(touched):
            body = self.items[iid].body
            if body is not None:
                self._refresh_body(iid)
                body.awake = True
        self._refresh_gravity()
        self.contacts.enabled = True
        self._check_kinematic_drags()

    def _check_kinematic_drags(self) -> None:
        """Refuse (SceneError) a follow or rotate drag present together with another
        behavior on its item: the contract leaves what happens then to FeelLab (refuse, or
        suspend the others while the drag holds the item); this reference models neither,
        so its scenes remove the item's other behaviors in the rule that adds the drag."""
        for bid in self.present:
            b = self.behaviors[bid]
            if not b.is_kinematic_drag:
                continue
            for other in self.present:
                o = self.behaviors[other]
                if other != bid and b.items[0] in o.used_items():
                    raise SceneError(
                        f"{self.scene.path}: the reference engine does not model the {b.drag_mode} drag "
                        f"'{bid}' together with behavior '{other}' on item '{b.items[0]}'"
                    )

    # -- touches --------------------------------------------------------------------------

    def _touch_of(self, bid: str) -> str | None:
        """The touch a drag behavior follows: its own, or the one holding an item's drag."""
        b = self.behaviors[bid]
        return b.touch if b.touch is not None else self.holder.get(bid)

    def _drags_of(self, touch_id: str) -> list[str]:
        """Present drag behaviors of this touch, in order of addition."""
        return [bid for bid in self.present if self.behaviors[bid].kind == "drag" and self._touch_of(bid) == touch_id]

    def _hit_item(self, finger: touch_model.TouchRecognizer) -> str | None:
        """The item a touch went down on: the last in the file whose rectangle, at its pose of
        the last step and turned by its angle (edges inside), holds the touch-down point;
        None when another touch that went down on it is still down."""
        px, py = finger.down_sample.x_pt, finger.down_sample.y_pt
        top = None
        for item in self.scene.items:
            x, y, a = self.stepped_poses[item.id]
            dx, dy = px - x, py - y
            u = math.cos(a) * dx + math.sin(a) * dy
            v = -math.sin(a) * dx + math.cos(a) * dy
            if abs(u) <= item.width_pt / 2 and abs(v) <= item.height_pt / 2:
                top = item.id
        for other, item in self.on_item.items():
            if other != finger.touch.id and item == top and self.touch_by_id[other].down:
                return None
        return top

    def _bind_item_drags(self, tid: str) -> None:
        """Present drags without a touch, on the item `tid` went down on and held by no
        touch, take `tid`."""
        for bid in self.present:
            b = self.behaviors[bid]
            if b.kind == "drag" and b.touch is None and bid not in self.holder and self.on_item.get(tid) == b.items[0]:
                self.holder[bid] = tid

    def _start_holding(self, bid: str) -> None:
        """A drag behavior takes hold of its item while its touch drags: an attachment makes
        its joint from the item's point under the finger to a static anchor body at the
        finger; follow and rotate remember the item's centre (and rotate its angle and
        pivot) and catch up with the finger at once."""
        b = self.behaviors[bid]
        finger = self.touch_by_id[self._touch_of(bid)]
        state = self.items[b.items[0]]
        hold = _DragHold((state.x_pt, state.y_pt), state.angle_rad)
        self.drag_holds[bid] = hold
        if b.drag_mode == "attachment":
            objects = self.engine_objects[bid]
            if not objects["joints"]:
                anchor = self._static_body_at(finger.position.x_pt, finger.position.y_pt)
                definition = Box2D.b2DistanceJointDef()
                definition.Initialize(state.body, anchor, anchor.position, anchor.position)
                definition.frequencyHz = b.frequency_hz
                definition.dampingRatio = b.damping
                objects["joints"].append(self.world.CreateJoint(definition))
                objects["bodies"].append(anchor)
                state.body.awake = True
            return
        if b.drag_mode == "rotate":
            hold.pivot_pt = b.pivot_pt if b.pivot_pt is not None else hold.centre_pt
            hold.unwrapper = touch_model.AngleUnwrapper(hold.pivot_pt, b.dead_zone_pt)
            for sample in finger.delivered:
                hold.unwrapper.feed(sample)
        self._move_kinematic(bid)

    def _move_kinematic(self, bid: str) -> None:
        """Place a follow or rotate drag's item from the finger's position now.
        follow: centre = centre at drag-began + the finger's translation since touch-down,
        constrained to `axis`. rotate: the item turns about the pivot by the finger's
        unwrapped turn since touch-down (its centre turning with it)."""
        b, hold = self.behaviors[bid], self.drag_holds[bid]
        finger = self.touch_by_id[self._touch_of(bid)]
        state = self.items[b.items[0]]
        if b.drag_mode == "follow":
            tx = finger.position.x_pt - finger.down_sample.x_pt
            ty = finger.position.y_pt - finger.down_sample.y_pt
            state.x_pt = hold.centre_pt[0] + (tx if b.axis in ("x", "both") else 0.0)
            state.y_pt = hold.centre_pt[1] + (ty if b.axis in ("y", "both") else 0.0)
            spec = state.spec
            size = self.scene.reference_size_pt or (spec.width_pt, spec.height_pt)
            if b.rubber_band_dimension_pt is not None:
                size = (b.rubber_band_dimension_pt, b.rubber_band_dimension_pt)
            if b.limit_x_pt is not None:
                state.x_pt = rubber_banded(state.x_pt, b.limit_x_pt, b.rubber_band, size[0])
            if b.limit_y_pt is not None:
                state.y_pt = rubber_banded(state.y_pt, b.limit_y_pt, b.rubber_band, size[1])
        else:
            turn = hold.unwrapper.change_rad
            state.angle_rad = hold.angle_rad + turn
            state.x_pt, state.y_pt = touch_model.rotate_about(hold.centre_pt, hold.pivot_pt, turn)

    def _move_anchor(self, bid: str) -> None:
        """An attachment drag's anchor to the finger; the move wakes the item's body."""
        finger = self.touch_by_id[self._touch_of(bid)]
        b = self.behaviors[bid]
        anchor = self.engine_objects[bid]["bodies"][0]
        anchor.position = (to_metres(finger.position.x_pt), to_metres(finger.position.y_pt))
        self.items[b.items[0]].body.awake = True

    def _move_drags(self, finger: touch_model.TouchRecognizer) -> None:
        """What a delivered sample moves: every drag behavior of its touch holding an item."""
        for bid in self._drags_of(finger.touch.id):
            if bid not in self.drag_holds:
                continue
            b = self.behaviors[bid]
            if b.drag_mode == "attachment":
                self._move_anchor(bid)
            else:
                if b.drag_mode == "rotate":
                    self.drag_holds[bid].unwrapper.feed(finger.position)
                self._move_kinematic(bid)

    def _move_anchors_before_step(self) -> None:
        """The app moves every held attachment's anchor to the finger before the frame's
        sub-steps (see ATTACHMENT_ANCHOR_SET_EVERY_FRAME)."""
        if not ATTACHMENT_ANCHOR_SET_EVERY_FRAME:
            return
        for bid in self.present:
            b = self.behaviors[bid]
            if b.kind == "drag" and b.drag_mode == "attachment" and bid in self.drag_holds:
                self._move_anchor(bid)

    def _touch_event(self, event: str, finger: touch_model.TouchRecognizer, frame: int, t_s: float) -> None:
        """One recognizer event: its effect on the drags, the --events row, then the rules on
        it, applied at once (before the frame's step)."""
        tid = finger.touch.id
        detail = touch_model.format_touch_detail(tid)
        release = None
        if event == touch_model.TOUCH_DOWN and self._has_item_gestures():
            self.on_item[tid] = self._hit_item(finger)
        if event == touch_model.DRAG_BEGAN:
            self._bind_item_drags(tid)
            for bid in self._drags_of(tid):
                if bid not in self.drag_holds:
                    self._start_holding(bid)
        elif event == touch_model.DRAG_ENDED:
            finger.end_drag()
            velocity = finger.release_velocity_pt_s()
            release = _Release(velocity)
            for bid in self._drags_of(tid):
                b, hold = self.behaviors[bid], self.drag_holds.get(bid)
                if hold is None:
                    continue
                if b.drag_mode == "rotate" and release.omega_rad_s is None:
                    release.omega_rad_s = hold.unwrapper.release_omega_rad_s(finger.config.velocity_window_s)
                    release.pivot_pt = hold.pivot_pt
                elif b.drag_mode == "follow" and RELEASE_VELOCITY_ALONG_FOLLOW_AXIS:
                    release.velocity_pt_s = (velocity[0] if b.axis in ("x", "both") else 0.0,
                                             velocity[1] if b.axis in ("y", "both") else 0.0)
            for bid in self._drags_of(tid):
                self.drag_holds.pop(bid, None)
            self.scroll_release[tid] = velocity
            detail = touch_model.format_touch_detail(tid, velocity, release.omega_rad_s)
        elif event == touch_model.HOLD:
            finger.fire_hold()
        elif event == touch_model.TOUCH_UP:
            finger.lift()
            finger.lift_frame = frame
        self.events.append(Event(frame, t_s, event, detail))
        if event == touch_model.TOUCH_DOWN:
            self._scroll_touch_down(finger)
        elif event == touch_model.TOUCH_UP:
            self._scroll_touch_up(finger, frame)
        queue = _ChangeQueue()
        hand_over = False
        down_point = (finger.down_sample.x_pt, finger.down_sample.y_pt)
        for index, rule in enumerate(self.scene.rules):
            if rule.on != event or rule.touch not in (None, tid):
                continue
            if rule.touch_item is not None and self.on_item.get(tid) != rule.touch_item:
                continue
            if rule.within is not None and not touch_model.inside_rectangle(down_point, rule.within):
                continue
            if rule.snap is not None and release is not None:
                self._pick_snap_point(rule, release)
            self._fire(index, rule, queue, frame, t_s, f"{event} {tid}")
            hand_over = hand_over or rule.release_velocity
        self.rule_touch = (tid, event)
        if queue:
            self._apply_changes(queue.removals, queue.additions, release=release if hand_over else None)
        self.rule_touch = None
        if event == touch_model.TOUCH_DOWN:
            self._bind_item_drags(tid)
        elif event == touch_model.TOUCH_UP:
            for bid in [bid for bid, holder in self.holder.items() if holder == tid]:
                del self.holder[bid]
                self.drag_holds.pop(bid, None)

    def _has_item_gestures(self) -> bool:
        """A drag without a touch or a touch rule with `item`: touches are hit-tested."""
        return any(b.kind == "drag" and b.touch is None for b in self.behaviors.values()) or any(
            r.touch_item is not None for r in self.scene.rules)

    def _pick_snap_point(self, rule: Rule, release: "_Release") -> None:
        """A drag-ended rule picks its snap's point (docs/drags.md): the candidate nearest the
        snap item's centre carried on by the release velocity decaying by `projection` each
        millisecond, v/1000 · r/(1 − r) further; the first of equally near ones. A snap in the
        world moves its static anchor there (SetTransform) and wakes its item."""
        b = self.behaviors[rule.snap]
        state = self.items[b.items[0]]
        cx, cy = state.x_pt, state.y_pt
        if state.body is not None:
            cx, cy = to_points(state.body.position[0]), to_points(state.body.position[1])
        vx, vy = release.velocity_pt_s
        if release.omega_rad_s is not None:
            vx = vy = 0.0
            if ROTATE_RELEASE_LINEAR_VELOCITY == "pivot":
                px, py = release.pivot_pt
                vx = -release.omega_rad_s * (cy - py)
                vy = release.omega_rad_s * (cx - px)
        r = rule.projection
        reach = r / (1 - r) / 1000
        x, y = cx + vx * reach, cy + vy * reach
        best = min(range(len(rule.nearest)),
                   key=lambda i: ((rule.nearest[i][0] - x) ** 2 + (rule.nearest[i][1] - y) ** 2, i))
        self.behaviors[rule.snap] = replace(b, point_pt=rule.nearest[best])
        objects = self.engine_objects.get(rule.snap)
        if objects and objects["bodies"]:
            objects["bodies"][0].transform = ((to_metres(rule.nearest[best][0]), to_metres(rule.nearest[best][1])), 0)
            state.body.awake = True

    def _apply_set(self, bid: str, change: dict) -> None:
        """A rule's `set`, at once (before the frame's queued removals and additions): the
        behavior keeps the new values (added later, it is made with them); in the world a snap's
        or an anchored attachment's static anchor body moves (SetTransform), the joints take
        the new damping ratio, frequency and length, the world the new gravity. Then every body
        of the behavior's items wakes (the contract's stated assumption)."""
        b = self.behaviors[bid]
        if "field" in change:
            change = dict(change, field=replace(b.field, **change["field"]))
        b = replace(b, **change)
        self.behaviors[bid] = b
        if b.kind == "push" and change.get("active") and b.mode == "instantaneous":
            # active = true fires it again: at the next sub-step, or when it is added.
            self.fired_pushes.discard(bid)
            if bid in self.present and bid not in self.pending_impulses:
                self.pending_impulses.append(bid)
        elif b.kind == "push" and change.get("active") is False and bid in self.pending_impulses:
            self.pending_impulses.remove(bid)
            self.fired_pushes.add(bid)
        if bid not in self.present:
            return
        objects = self.engine_objects[bid]
        for name in ("point_pt", "anchor_pt"):
            if name in change:
                x, y = change[name]
                objects["bodies"][0].transform = ((to_metres(x), to_metres(y)), 0)
        for joint in objects["joints"]:
            if "damping" in change:
                joint.dampingRatio = change["damping"]
            if "frequency_hz" in change:
                joint.frequency = change["frequency_hz"]
            if "length_pt" in change:
                joint.length = to_metres(change["length_pt"])
        if b.kind == "gravity":
            self._refresh_gravity()
        if b.kind == "item":
            # The items' fixtures take the new material, and their contacts mix it again (as
            # feel's World.refreshMaterials).
            for iid in b.used_items():
                body = self.items[iid].body
                if body is not None:
                    self._refresh_body(iid)
                    for edge in body.contacts:
                        edge.contact.ResetFriction()
                        edge.contact.ResetRestitution()
        for iid in b.used_items():
            body = self.items[iid].body
            if body is not None:
                body.awake = True

    def _deliver_touches(self, frame: int, t_s: float) -> None:
        """Before frame k's step: every sample with t ≤ t_k not yet delivered and every hold
        now due, in time order (touch_model.timeline_key). Each sample first moves what the
        drag moves, then fires its events."""
        rate = self.scene.frame_rate_hz
        self.stepped_poses = {i.id: (self.items[i.id].x_pt, self.items[i.id].y_pt, self.items[i.id].angle_rad)
                              for i in self.scene.items}
        while True:
            best = None
            for finger in self.recognizers:
                t_hold = finger.hold_due_time()
                if t_hold is not None and touch_model.hold_is_due(t_s, t_hold):
                    key = touch_model.timeline_key(t_hold, finger.index, True)
                    if best is None or key < best[0]:
                        best = (key, finger, True)
                t_next = finger.next_sample_time()
                if t_next is not None and touch_model.is_delivered_by(t_next, frame, rate):
                    key = touch_model.timeline_key(t_next, finger.index, False)
                    if best is None or key < best[0]:
                        best = (key, finger, False)
            if best is None:
                return
            _, finger, is_hold = best
            if is_hold:
                self._touch_event(touch_model.HOLD, finger, frame, t_s)
                continue
            finger.take_sample()
            if finger.down_frame is None:
                finger.down_frame = frame
            self._move_drags(finger)
            for event in finger.events_of_sample():
                self._touch_event(event, finger, frame, t_s)

    # -- scrolls (docs/springy-list.md) ----------------------------------------------------

    def _scroll_touch_down(self, finger: touch_model.TouchRecognizer) -> None:
        """A scroll in the animator that this touch drives takes it: its named touch, or any
        touch inside the reference view while no finger scrolls it. A deceleration stops."""
        tid = finger.touch.id
        for bid, scroll in self.scrolls.items():
            b = self.behaviors[bid]
            if bid not in self.present:
                continue
            if b.touch is not None:
                if b.touch != tid:
                    continue
            else:
                if scroll.phase == "dragging":
                    continue
                size = self.scene.reference_size_pt
                x, y = finger.position.x_pt, finger.position.y_pt
                if size is not None and not (0 <= x <= size[0] and 0 <= y <= size[1]):
                    continue
            scroll.phase, scroll.touch = "dragging", tid
            scroll.start_offset_pt = scroll.offset_pt
            scroll.start_pt = (finger.position.x_pt, finger.position.y_pt)

    def _scroll_touch_up(self, finger: touch_model.TouchRecognizer, frame: int) -> None:
        """The finger of a scroll lifts: it decelerates from minus the release velocity along
        its axis, unless that travels less than the stop rule's 0.5 pt."""
        tid = finger.touch.id
        for bid, scroll in self.scrolls.items():
            if scroll.phase != "dragging" or scroll.touch != tid:
                continue
            b = self.behaviors[bid]
            k = 1 if b.scroll_axis == "y" else 0
            release = self.scroll_release.get(tid, (0.0, 0.0))
            scroll.v0_pt_s = -release[k]
            here = (finger.position.x_pt, finger.position.y_pt)
            scroll.lift_offset_pt = scroll.start_offset_pt - (here[k] - scroll.start_pt[k])
            scroll.lift_frame = frame
            r = b.deceleration_rate
            scroll.phase = "decelerating" if _travel_left_pt(scroll.v0_pt_s, r) >= SCROLL_STOP_TRAVEL_PT else "idle"

    def _move_scrolls(self, frame: int) -> None:
        """Before frame k's step: each scroll's new offset, and the change nudges its cells
        (the published bounds-change handler, then SetTransform keeping the velocity)."""
        for bid, scroll in self.scrolls.items():
            scroll.moved = False
            b = self.behaviors[bid]
            if bid not in self.present:
                scroll.phase = "idle"
                continue
            k = 1 if b.scroll_axis == "y" else 0
            r = b.deceleration_rate
            if scroll.phase == "idle":
                continue
            finger = self.touch_by_id[scroll.touch]
            if scroll.phase == "dragging":
                here = (finger.position.x_pt, finger.position.y_pt)
                offset = scroll.start_offset_pt - (here[k] - scroll.start_pt[k])
            else:
                t = (frame - scroll.lift_frame) / self.scene.frame_rate_hz
                decay = math.exp(1000 * t * math.log(r))
                if _travel_left_pt(scroll.v0_pt_s * decay, r) < SCROLL_STOP_TRAVEL_PT:
                    scroll.phase = "idle"
                    continue
                offset = scroll.lift_offset_pt
                if frame != scroll.lift_frame:
                    offset += scroll.v0_pt_s * (decay - 1) / (1000 * math.log(r))
            delta = offset - scroll.offset_pt
            if delta == 0:
                continue
            before = [0.0, 0.0]
            before[k] = scroll.offset_pt
            touch = (finger.position.x_pt + before[0], finger.position.y_pt + before[1])
            scroll.offset_pt, scroll.moved = offset, True
            for iid in b.items:
                anchor = next((a.anchor_pt for a in (self.behaviors[x] for x in sorted(
                    self.present, key=self._behavior_order)) if a.kind == "attachment"
                    and a.anchor_pt is not None and a.items[0] == iid), None)
                state = self.items[iid]
                if anchor is None or state.body is None:
                    continue
                resistance = (abs(touch[1] - anchor[1]) + abs(touch[0] - anchor[0])) / b.scroll_resistance_pt
                move = max(delta, delta * resistance) if delta < 0 else min(delta, delta * resistance)
                body = state.body
                centre = [to_points(body.position.x), to_points(body.position.y)]
                centre[k] += move
                body.position = (to_metres(centre[0]), to_metres(centre[1]))
                body.awake = True

    def _behavior_order(self, bid: str) -> int:
        return [b.id for b in self.scene.behaviors].index(bid)

    def _scroll_decelerating(self) -> bool:
        return any(s.phase == "decelerating" for s in self.scrolls.values())

    def _touches_pending(self) -> bool:
        """A touch is down or still has samples to come: the animator keeps running."""
        return any(finger.pending for finger in self.recognizers)

    # -- stepping -------------------------------------------------------------------------

    def _any_body_awake(self) -> bool:
        return any(
            s.body is not None and s.body.awake and s.body.type == Box2D.b2_dynamicBody for s in self.items.values()
        )

    def _push_point(self, body, offset_pt: tuple[float, float]):
        """Where a push acts: the item's centre (the body's origin) + offset; with no offset,
        on a body whose centre of mass is off its origin (a path), the centre of mass (UIKit
        pushes it to the centre then). For an item's box both are its centre."""
        if offset_pt == (0.0, 0.0) or (body.localCenter.x == 0.0 and body.localCenter.y == 0.0):
            centre = body.worldCenter
        else:
            centre = body.position
        return (centre.x + 0.01 * offset_pt[0], centre.y + 0.01 * offset_pt[1])

    def _park_members(self, state: _ItemState) -> None:
        """A group's body goes: its members keep the places it left them at."""
        for member_id, offset in zip(state.spec.items, state.offsets_pt):
            member = self.items[member_id]
            if member.body is None:
                member.x_pt, member.y_pt, member.angle_rad = self._member_pose(state, offset)

    def _apply_forces(self) -> None:
        """Continuous pushes: a force at centre + offset, kept for all of this frame's
        sub-steps (forces are cleared once per frame)."""
        for bid in self.present:
            b = self.behaviors[bid]
            if b.kind != "push" or b.mode != "continuous" or b.magnitude == 0.0 or not b.active:
                continue
            force = (b.magnitude * math.cos(b.angle_rad), b.magnitude * math.sin(b.angle_rad))
            for iid in b.items:
                body = self.items[iid].body
                body.ApplyForce(force, self._push_point(body, b.offset_pt), True)

    def _fire_impulses(self) -> None:
        """Instantaneous pushes: one impulse (N·s) at centre + offset, then inactive."""
        for bid in self.pending_impulses:
            b = self.behaviors[bid]
            self.fired_pushes.add(bid)
            if b.magnitude == 0.0:
                continue
            impulse = (b.magnitude * math.cos(b.angle_rad), b.magnitude * math.sin(b.angle_rad))
            for iid in b.items:
                body = self.items[iid].body
                body.ApplyLinearImpulse(impulse, self._push_point(body, b.offset_pt), True)
        self.pending_impulses = []

    def _apply_fields(self, h: float) -> list:
        """The present fields' forces (or velocity) on their awake bodies before one Step."""
        fields = [(self.behaviors[bid].items, self.behaviors[bid].field)
                  for bid in self.present if self.behaviors[bid].kind == "field"]
        if not fields:
            return []
        bodies = [(iid, state.body, state.charge or 0.0) for iid, state in self.items.items()
                  if state.body is not None and state.body.type == Box2D.b2_dynamicBody]
        return reference_fields.apply_fields(fields, bodies, h)

    def _step_frame(self, dt_s: float) -> None:
        """One display frame: accumulate dt and run the Box2D steps it allows (1/120 s, or
        0.004 s for the ios7 profile)."""
        self._apply_forces()
        if self.ios7:
            # total = acc + dt; acc = fmod(total, h); if total > h { repeat { step(h);
            # total -= h } while total > h }
            total = self.accumulator_s + dt_s
            self.accumulator_s = math.fmod(total, IOS7_SUBSTEP_S)
            if total > IOS7_SUBSTEP_S:
                self._fire_impulses()
                while True:
                    switched = self._apply_fields(IOS7_SUBSTEP_S)
                    self.world.Step(IOS7_SUBSTEP_S, VELOCITY_ITERATIONS, POSITION_ITERATIONS)
                    reference_fields.restore(switched)
                    total -= IOS7_SUBSTEP_S
                    if not total > IOS7_SUBSTEP_S:
                        break
        else:
            self.accumulator_s += dt_s
            first = True
            while self.accumulator_s >= THRESHOLD_S:
                if first:
                    self._fire_impulses()
                    first = False
                switched = self._apply_fields(SUBSTEP_S)
                self.world.Step(SUBSTEP_S, VELOCITY_ITERATIONS, POSITION_ITERATIONS)
                reference_fields.restore(switched)
                self.accumulator_s -= THRESHOLD_S
        self.world.ClearForces()
        for state in self.items.values():
            if state.body is not None:
                position = state.body.position
                state.x_pt, state.y_pt = to_points(position.x), to_points(position.y)
                state.angle_rad = state.body.angle

    def _fire(self, index: int, rule: Rule, queue: _ChangeQueue, frame: int, t_s: float, why: str) -> None:
        self.events.append(Event(frame, t_s, "rule-fired", f"rule {index} ({why})"))
        if rule.set is not None:
            self._apply_set(rule.set, rule.change)
        for bid in rule.remove:
            queue.remove(bid, self.present)
        for bid in rule.add:
            queue.add(bid, self.present)

    @staticmethod
    def _member_pose(group: _ItemState, offset_pt: tuple[float, float]) -> tuple[float, float, float]:
        """A member's centre and angle from its group's: the group's centre plus the member's
        offset turned by the group's angle (in double), the group's angle."""
        a = group.angle_rad
        ox, oy = offset_pt
        return (group.x_pt + (ox * math.cos(a) - oy * math.sin(a)),
                group.y_pt + (ox * math.sin(a) + oy * math.cos(a)), a)

    def _group_of(self, item_id: str) -> _ItemState | None:
        """The group with a body that carries this item, if the item has no body of its own."""
        if self.items[item_id].body is not None:
            return None
        for group in self.scene.groups:
            state = self.items[group.id]
            if state.body is not None and item_id in group.items:
                return state
        return None

    def _rows(self, frame: int, t_s: float, running: bool) -> list[Row]:
        rows = []
        for item_id in self.item_ids:
            state = self.items[item_id]
            x, y, angle = state.x_pt, state.y_pt, state.angle_rad
            body = state.body
            group = self._group_of(item_id)
            if group is not None:
                offset = group.offsets_pt[group.spec.items.index(item_id)]
                x, y, angle = self._member_pose(group, offset)
                body = group.body
            vx = vy = omega = 0.0
            if body is not None:
                v = body.linearVelocity
                vx, vy, omega = to_points(v.x), to_points(v.y), body.angularVelocity
            rows.append(Row(frame, t_s, item_id, x, y, angle, vx, vy, omega, int(running)))
        for finger in self.recognizers:
            if finger.shows_row(frame):
                rows.append(
                    Row(frame, t_s, touch_model.TOUCH_ROW_PREFIX + finger.touch.id, finger.position.x_pt,
                        finger.position.y_pt, 0.0, 0.0, 0.0, 0.0, int(running))
                )
        for bid, scroll in self.scrolls.items():
            if scroll.moved:
                y = self.behaviors[bid].scroll_axis == "y"
                rows.append(Row(frame, t_s, SCROLL_ROW_PREFIX + bid, 0.0 if y else scroll.offset_pt,
                                scroll.offset_pt if y else 0.0, 0.0, 0.0, 0.0, 0.0, int(running)))
        return rows

    def run(self) -> SimulationResult:
        """Simulate the whole scene; return its rows and events."""
        scene = self.scene
        dt_s = 1.0 / scene.frame_rate_hz
        self._apply_changes([], [b.id for b in scene.behaviors if b.start], initial=True)
        self.paused = not (self._any_body_awake() or self._touches_pending() or self._scroll_decelerating())
        rows = []
        for state in (self.items[i] for i in self.item_ids):  # frame 0: the scene's own values
            s = state.spec
            has_body = state.body is not None or self._group_of(s.id) is not None
            rows.append(
                Row(
                    0, 0.0, s.id, s.x_pt, s.y_pt, s.angle_rad,
                    s.vx_pt_s if has_body else 0.0, s.vy_pt_s if has_body else 0.0,
                    s.omega_rad_s if has_body else 0.0, int(not self.paused),
                )
            )

        for frame in range(1, scene.frame_count + 1):
            t_s = touch_model.frame_time_s(frame, scene.frame_rate_hz)
            # Touches: samples and holds due by t_k, their events and rules, before the step.
            # The animator runs this frame if a touch was down or had samples to come when
            # the frame began, or if a body is awake now.
            touch_running = FRAMES_STEP_WHILE_TOUCH_PENDING and self._touches_pending()
            self._deliver_touches(frame, t_s)
            self._move_scrolls(frame)
            self._move_anchors_before_step()
            if touch_running or self._any_body_awake():
                self._step_frame(dt_s)
            queue = _ChangeQueue()
            if self.contacts.one_sided is not None:
                raise SceneError(
                    f"{scene.path}: a contact between {self.contacts.one_sided} pushes one item only; "
                    "pybox2d cannot solve that (UIKit's masks make it when a collision behavior reuses "
                    "another's bits in another mode)"
                )
            began, ended = self.contacts.take()
            for item, kind, partner in began:
                self.events.append(Event(frame, t_s, "contact-began", f"item {item} {kind} {partner}"))
                for index, rule in enumerate(scene.rules):
                    if rule.on != "contact":
                        continue
                    if rule.item is not None:
                        if kind == "item" and rule.item in (item, partner):
                            self._fire(index, rule, queue, frame, t_s, f"contact item {rule.item}")
                    elif rule.boundary is None or (kind == "boundary" and rule.boundary == partner):
                        self._fire(index, rule, queue, frame, t_s, f"contact {partner}")
            for item, kind, partner in ended:
                self.events.append(Event(frame, t_s, "contact-ended", f"item {item} {kind} {partner}"))
            for index, rule in enumerate(scene.rules):
                if rule.on == "time" and index not in self.fired_time_rules and t_s >= rule.at_s:
                    self.fired_time_rules.add(index)
                    self._fire(index, rule, queue, frame, t_s, f"time {rule.at_s!r}")
            if queue:
                self._apply_changes(queue.removals, queue.additions)

            paused_now = not (self._any_body_awake() or self._touches_pending() or self._scroll_decelerating())
            running_row = not paused_now
            if paused_now and not self.paused:
                self.events.append(Event(frame, t_s, "pause", "all bodies asleep"))
                queue = _ChangeQueue()
                for index, rule in enumerate(scene.rules):
                    if rule.on == "pause":
                        self._fire(index, rule, queue, frame, t_s, "pause")
                if queue:
                    self._apply_changes(queue.removals, queue.additions)
                paused_now = not (self._any_body_awake() or self._touches_pending() or self._scroll_decelerating())
            self.paused = paused_now
            rows.extend(self._rows(frame, t_s, running_row))
        return SimulationResult(rows, self.events)


def simulate(scene: Scene) -> SimulationResult:
    """Run a scene through the reference engine."""
    return ReferenceSimulation(scene).run()


# ---------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------


def format_number(value: float) -> str:
    """Shortest text that round-trips the double (repr)."""
    return repr(float(value))


def csv_field(text: str) -> str:
    """A CSV field, quoted only when it has to be (ids are usually plain words)."""
    if any(c in text for c in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


def format_rows(rows: list[Row]) -> str:
    """The `feel run` CSV, header included, ending with a newline."""
    lines = [CSV_HEADER]
    for r in rows:
        lines.append(
            ",".join(
                [
                    str(r.frame), format_number(r.t_s), csv_field(r.item),
                    format_number(r.x_pt), format_number(r.y_pt), format_number(r.angle_rad),
                    format_number(r.vx_pt_s), format_number(r.vy_pt_s), format_number(r.omega_rad_s),
                    str(r.running),
                ]
            )
        )
    return "\n".join(lines) + "\n"


def format_events(events: list[Event]) -> str:
    """The --events CSV, header included, ending with a newline."""
    lines = [EVENTS_HEADER]
    lines += [f"{e.frame},{format_number(e.t_s)},{e.event},{csv_field(e.detail)}" for e in events]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Box2D 2.3 reference for `feel run SCENE`.")
    parser.add_argument("scene", help="scene file (TOML)")
    parser.add_argument("--events", action="store_true", help="write events as CSV to standard error")
    args = parser.parse_args(argv)
    try:
        scene = load_scene(args.scene)
        result = simulate(scene)
    except SceneError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    sys.stdout.write(format_rows(result.rows))
    if args.events:
        sys.stderr.write(format_events(result.events))
    return 0


if __name__ == "__main__":
    sys.exit(main())
