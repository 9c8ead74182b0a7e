import FeelEngine

/// The first segment of a path that names a value in a table of the scene (after it: an id, a
/// rule's number, or a key): `item.bar.size.0`.
public enum ScenePathRoot: String, Sendable, CaseIterable {
  case item, behavior, boundary, rule, recognizer, touch
}

extension SceneSchema {
  /// The keys a path can name in the table at `place` of `scene`, in file order: those of its
  /// type or variant that it has (an attachment's `anchor` only when it has one).
  public static func pathKeys(at place: ScenePlace, in scene: Scene) -> [ScenePathKey] {
    switch place {
    case .scene:
      return Self.scene.pathKeys(SceneLens(get: { $0 }, set: { $0 = $1 }), in: scene)
    case .item(let i):
      return item.pathKeys(SceneLens(get: { $0.items[i] }, set: { $0.items[i] = $1 }), in: scene)
    case .behavior(let b):
      return behaviorType(of: scene.behaviors[b].kind).pathKeys(b, scene) ?? []
    case .boundary(let b, let i):
      return boundary.pathKeys(
        SceneLens(
          get: { scene in
            guard case .collision(let spec) = scene.behaviors[b].kind else { return nil }
            return spec.boundaries[i]
          },
          set: { scene, boundary in
            guard case .collision(var spec) = scene.behaviors[b].kind else { return }
            spec.boundaries[i] = boundary
            scene.behaviors[b].kind = .collision(spec)
          }), in: scene)
    case .rule(let r):
      return rule.pathKeys(SceneLens(get: { $0.rules[r] }, set: { $0.rules[r] = $1 }), in: scene)
    case .recognizer:
      return recognizer.pathKeys(
        SceneLens(get: { $0.recognizer }, set: { $0.recognizer = $1 }), in: scene)
    case .trace(let t):
      switch scene.touches[t].trace {
      case .tap:
        return press.pathKeys(
          SceneLens(get: { $0.touches[t].tap }, set: { $0.touches[t].tap = $1 }), in: scene)
      case .hold:
        return press.pathKeys(
          SceneLens(get: { $0.touches[t].hold }, set: { $0.touches[t].hold = $1 }), in: scene)
      case .drag:
        return dragTrace.pathKeys(
          SceneLens(get: { $0.touches[t].drag }, set: { $0.touches[t].drag = $1 }), in: scene)
      case .samples, .recorded:
        return []
      }
    }
  }
}

extension SceneSchema {
  /// A behavior's `type` name (`snap`), as files and path messages name it.
  public static func typeName(of kind: BehaviorKind) -> String { behaviorType(of: kind).name }
}
