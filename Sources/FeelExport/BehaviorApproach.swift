import FeelScene

/// An approach driven by one behavior of one kind (a snap, an attachment spring, a detent):
/// one approach per behavior of that kind on the item that can enter the animator, in file
/// order, named in reports by the kind's noun and the behavior's id (`the snap "scrub-snap"`).
public protocol BehaviorApproach: ApproachSource {
  /// What reports call the behavior: `snap`, `attachment spring`, `detent`.
  static var noun: String { get }

  /// Whether `behavior` drives an approach of this kind for the item `itemID`.
  static func drives(_ behavior: SceneBehavior, item itemID: String) -> Bool

  /// The approach driven by behavior `behavior` (an index in `scene.behaviors`).
  init(behavior: Int)
}

extension BehaviorApproach {
  public static func approaches(of itemID: String, in scene: Scene) -> [Self] {
    scene.behaviors.indices.compactMap { b in
      drives(scene.behaviors[b], item: itemID) && scene.canEnterAnimator(b)
        ? Self(behavior: b) : nil
    }
  }

  public func label(in scene: Scene) -> String {
    "the \(Self.noun) \"\(scene.behaviors[behavior].id)\""
  }
}
