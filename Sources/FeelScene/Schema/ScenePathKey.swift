/// What kind of value an experiment path sets.
public enum SceneValueKind: Sendable, Equatable {
  /// A number in a range, with its unit ("pt"; "" for a ratio).
  case number(SceneNumberRange, unit: String)
  /// One of `names`; `phrase` is how messages name them ("a profile name").
  case choice(names: [String], phrase: String)
  /// true or false.
  case boolean
}

/// A value a path sets: a number, a name (of a choice) or a boolean.
public enum SceneScalar: Sendable, Equatable {
  case number(Double)
  case name(String)
  case boolean(Bool)
}

/// Which table of a scene a path reaches, by position.
public enum ScenePlace: Sendable, Equatable {
  /// The top level.
  case scene
  case item(Int)
  case behavior(Int)
  /// The boundary at `index` of the collision behavior at `behavior`.
  case boundary(behavior: Int, index: Int)
  case rule(Int)
  case recognizer
  /// The generated trace (tap, hold or drag) of the touch at this index.
  case trace(Int)
}

/// How a path reads and sets one key in a table's settings.
struct PathAccess<Spec>: Sendable {
  let kind: SceneValueKind
  let components: Int
  /// Whether the key names a value in these settings (a view of another variant does not).
  let isPresent: @Sendable (Spec) -> Bool
  let get: @Sendable (Spec, Int) -> Double?
  let set: @Sendable (inout Spec, Int, SceneScalar) -> Void
}

/// A key of one table of a scene that a path names (`SceneSchema.pathKeys(at:in:)`): what it
/// holds, and how to read and set it in this scene or any scene of the same shape (a sweep's
/// grid points).
public struct ScenePathKey: Sendable {
  public let name: String
  public let kind: SceneValueKind
  /// 2 for a point (`.0` is x or the width, `.1` y or the height), 0 for a single value.
  public let components: Int
  let get: @Sendable (Scene, Int) -> Double?
  let set: @Sendable (inout Scene, Int, SceneScalar) -> Void
  let written: @Sendable (Scene) -> Bool

  /// The number at `component` (0 for a single value); nil for a name, a boolean or an unset
  /// value.
  public func number(in scene: Scene, component: Int) -> Double? { get(scene, component) }

  /// Whether the scene's file would hold the key (`false` for a key left unset, whose value
  /// reads as its fallback: an item behavior's `charge`): setting it then adds the key.
  public func isWritten(in scene: Scene) -> Bool { written(scene) }

  /// Sets the value at `component`; a scalar of another kind changes nothing.
  public func set(_ value: SceneScalar, component: Int, in scene: inout Scene) {
    set(&scene, component, value)
  }
}
