import FeelScene

/// A value of a scene addressed by a dotted path, as experiment files name it, with the scene
/// file's own key names (docs/experiments.md, "Paths"): a top-level key (`duration`), or a
/// root, the table's id or number, and a key of that table (`item.bar.size.0`,
/// `behavior.scrub-snap.damping`, `boundary.wall.from.0`, `rule.2.at`, `recognizer.slop`,
/// `touch.finger.drag.to.1`). `.0` is x (or width), `.1` is y (or height).
///
/// Which keys a table has, their kinds, ranges and units, and how to read and set them come from
/// the scene schema (`SceneSchema`); this type only walks the segments. Resolving a path
/// against a scene checks that the ids exist; a wrong segment gets a "did you mean" for the
/// whole path.
public struct ScenePath: Sendable, Equatable, CustomStringConvertible {
  /// The path as written.
  public let text: String
  let target: Target

  public var description: String { text }

  /// What kind of value the path holds: a number in a range with its unit, a choice (the
  /// profile), or a boolean.
  public typealias ValueKind = SceneValueKind

  /// The numbers a scene value accepts.
  public typealias NumberRange = SceneNumberRange

  /// The key a path names: the table it sits in, the key, and the component of a point.
  struct Target: Sendable, Equatable {
    let place: ScenePlace
    let key: ScenePathKey
    /// 0 or 1 for a point's x and y; 0 for a single value.
    let component: Int

    static func == (a: Target, b: Target) -> Bool {
      a.place == b.place && a.key.name == b.key.name && a.component == b.component
    }
  }

  /// The kind of value at the path, with its range and unit.
  public var kind: ValueKind { target.key.kind }

  /// Whether the path sets the scene's duration or frame rate (which bound the frame count).
  var isTiming: Bool {
    target.place == .scene && SceneSchema.frameCountKeys.contains(target.key.name)
  }

  /// Whether setting this path in `scene` can make the scene fail the profile check
  /// (`SceneSchema.profileProblem`, which writes and re-reads the scene): the profile itself or
  /// any choice (the reader refuses some names under iOS 7's profile, as an item's `bounds`),
  /// or a key `scene` leaves unset, which setting adds (`anchored`, `charge`). The reader's
  /// iOS 9 refusals depend on which keys are written and on names, never on a number or
  /// boolean already written, so a `set` of those in a scene the reader accepted needs no
  /// re-read.
  public func mayMeetProfileCheck(in scene: Scene) -> Bool {
    if case .choice = kind { return true }
    return !target.key.isWritten(in: scene)
  }

  /// Sets the number at this path. The value must be in the path's range (see `kind`).
  public func set(_ value: Double, in scene: inout Scene) {
    target.key.set(.number(value), component: target.component, in: &scene)
  }

  /// Sets a number, a choice's name (the profile) or a boolean (`allows_rotation`).
  public func set(_ value: AxisValue, in scene: inout Scene) {
    let scalar: SceneScalar =
      switch value {
      case .number(let x): .number(x)
      case .string(let name): .name(name)
      case .boolean(let flag): .boolean(flag)
      }
    target.key.set(scalar, component: target.component, in: &scene)
  }

  /// The number at this path in `scene` (nil for a choice, a boolean and an unset value).
  public func number(in scene: Scene) -> Double? {
    target.key.number(in: scene, component: target.component)
  }
}
