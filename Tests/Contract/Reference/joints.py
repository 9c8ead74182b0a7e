"""iOS 9's attachment kinds on pybox2d (docs/uikit-dynamics-model.md, "Attachment kinds").

UIKit builds them on Box2D 2.2.1 (measured: the apple-backports facts, UIDynamicAnimator.md
§6.4); pybox2d 2.3.10's weld, revolute, prismatic and rope joints carry 2.2.1's formulas (the
files differ only by dead debugging code in the prismatic joint), so they are used as they are:

- fixed:   b2WeldJointDef.Initialize(A, B, P), frequency 0 (rigid).
- pin:     b2RevoluteJointDef.Initialize(A, B, P); `range` (rad) -> the angle limit;
           `friction_torque` -> a motor at speed 0 with that maximum torque (N·m).
- sliding: b2PrismaticJointDef.Initialize(A, B, P, normalize(axis)), B another item, or a static
           body made at the anchor point (then P is the anchor); `range` (pt) -> the
           translation limit (m).
- limit:   b2RopeJointDef with UIKit's anchor quirk: the world anchors are each item's centre
           minus its offset (world axes), maxLength their distance when it is made.

None collides its two bodies (collideConnected false). A is the behavior's item, B the `to` item.
"""

from __future__ import annotations

import math

import Box2D

#: The attachment kinds beyond the iOS 7 distance attachment.
KINDS = ("fixed", "pin", "sliding", "limit")
#: The keys each kind takes besides id, type, items, start and kind.
KIND_KEYS = {
    "distance": {"anchor", "to", "offset", "to_offset", "length", "frequency", "damping"},
    "fixed": {"to", "point"},
    "pin": {"to", "point", "range", "friction_torque"},
    "sliding": {"to", "anchor", "point", "axis", "range"},
    "limit": {"to", "offset", "to_offset"},
}
#: Every key an attachment table may hold.
ALL_KEYS = set().union(*KIND_KEYS.values()) | {"kind"}


class KindError(ValueError):
    """A bad attachment-kind table (the reference engine turns it into its SceneError)."""


def read_kind(table, behavior) -> None:
    """Read `kind` and its keys into `behavior` (attributes kind_name, kind_point_pt, kind_axis,
    range, friction_torque); `table` is reference_engine's _Table. Raises KindError."""
    where = table.where
    kind = table.string("kind", "distance")
    if kind not in KIND_KEYS:
        raise KindError(f"{where}: key 'kind': expected one of {', '.join(KIND_KEYS)}, got '{kind}'")
    behavior.kind_name = kind
    for key in sorted(ALL_KEYS - {"kind"} - KIND_KEYS[kind]):
        if table.has(key):
            raise KindError(f"{where}: key '{key}': not a key of a {kind} attachment")
    if kind == "distance":
        return
    behavior.kind_point_pt = table.pair("point") if table.has("point") else None
    behavior.kind_axis = table.pair("axis") if table.has("axis") else None
    behavior.range = table.pair("range") if table.has("range") else None
    behavior.friction_torque = table.number("friction_torque", 0.0)
    if kind in ("fixed", "pin", "limit") and not table.has("to"):
        raise KindError(f"{where}: key 'to': a {kind} attachment joins two items")
    if kind in ("fixed", "pin") or (kind == "sliding" and table.has("to")):
        if behavior.kind_point_pt is None:
            raise KindError(f"{where}: key 'point': required by a {kind} attachment")
    if kind == "sliding":
        if table.has("anchor") == table.has("to"):
            raise KindError(f"{where}: expected exactly one of 'anchor' or 'to'")
        if table.has("anchor") and behavior.kind_point_pt is not None:
            raise KindError(f"{where}: key 'point': not with 'anchor' (the anchor is the point)")
        if behavior.kind_axis is None or behavior.kind_axis == (0.0, 0.0):
            raise KindError(f"{where}: key 'axis': required by a sliding attachment, not [0, 0]")
    if behavior.range is not None and behavior.range[0] > behavior.range[1]:
        raise KindError(f"{where}: key 'range': expected min <= max")
    if behavior.friction_torque < 0:
        raise KindError(f"{where}: key 'friction_torque': expected a number >= 0")


def create_kind_joint(world, behavior, body_a, body_b, to_metres, static_body_at):
    """Make the joint of `behavior` (kind_name in KINDS) between body_a and body_b (None for a
    sliding attachment to its anchor). Returns (joint, bodies it made)."""
    kind = behavior.kind_name
    made = []
    if body_b is None:  # sliding to an anchor: a static body there, the anchor is the point
        body_b = static_body_at(*behavior.anchor_pt)
        made.append(body_b)
        point = (to_metres(behavior.anchor_pt[0]), to_metres(behavior.anchor_pt[1]))
    elif behavior.kind_point_pt is not None:
        point = (to_metres(behavior.kind_point_pt[0]), to_metres(behavior.kind_point_pt[1]))
    if kind == "fixed":
        definition = Box2D.b2WeldJointDef()
        definition.Initialize(body_a, body_b, point)
    elif kind == "pin":
        definition = Box2D.b2RevoluteJointDef()
        definition.Initialize(body_a, body_b, point)
        if behavior.range is not None:
            definition.enableLimit = True
            definition.lowerAngle, definition.upperAngle = behavior.range
        if behavior.friction_torque > 0:
            definition.enableMotor = True
            definition.motorSpeed = 0.0
            definition.maxMotorTorque = behavior.friction_torque
    elif kind == "sliding":
        ax, ay = behavior.kind_axis
        length = math.hypot(ax, ay)
        definition = Box2D.b2PrismaticJointDef()
        definition.Initialize(body_a, body_b, point, (ax / length, ay / length))
        if behavior.range is not None:
            definition.enableLimit = True
            definition.lowerTranslation = to_metres(behavior.range[0])
            definition.upperTranslation = to_metres(behavior.range[1])
    elif kind == "limit":
        # UIKit's quirk: centre minus offset, in world axes (the offsets are not rotated).
        ca, cb = body_a.position, body_b.position
        world_a = (ca[0] - to_metres(behavior.offset_pt[0]), ca[1] - to_metres(behavior.offset_pt[1]))
        world_b = (cb[0] - to_metres(behavior.to_offset_pt[0]), cb[1] - to_metres(behavior.to_offset_pt[1]))
        definition = Box2D.b2RopeJointDef()
        definition.bodyA, definition.bodyB = body_a, body_b
        definition.localAnchorA = body_a.GetLocalPoint(world_a)
        definition.localAnchorB = body_b.GetLocalPoint(world_b)
        definition.maxLength = (Box2D.b2Vec2(world_b) - Box2D.b2Vec2(world_a)).length
    else:
        raise KindError(f"unknown attachment kind '{kind}'")
    definition.collideConnected = False
    return world.CreateJoint(definition), made
