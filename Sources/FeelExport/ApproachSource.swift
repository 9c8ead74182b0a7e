import FeelScene

/// A kind of motion towards a target that `feel export` fits: a behavior whose entry into the
/// animator starts the item's approach (at t = 0, or when a rule adds it), and the point the
/// approach ends at. Everything after the extraction (the fit, each framework's parameters,
/// the errors) works on the 1-D displacement the extraction produces, so a new kind of motion
/// (the dial's detent, say) is one more type conforming to this protocol, listed in
/// `ApproachSources.kinds`.
public protocol ApproachSource: Sendable {
  /// The approaches of this kind that can act on the item `itemID` of `scene`, in file order.
  static func approaches(of itemID: String, in scene: Scene) -> [Self]

  /// Index in `scene.behaviors` of the behavior whose entry into the animator starts the
  /// approach; the approach lasts while it stays there.
  var behavior: Int { get }

  /// What reports call it: `the snap "scrub-snap"`.
  func label(in scene: Scene) -> String

  /// The target, from the item's state when the approach starts and at the end of the run.
  func target(in scene: Scene, start: ItemState, end: ItemState) -> ApproachTarget

  /// The coordinates whose distance to the target is measured (pt): the item's centre unless
  /// a source measures something else (an angle, for a rotational detent).
  func position(of state: ItemState) -> Point
}

extension ApproachSource {
  public func position(of state: ItemState) -> Point { state.center_pt }
}

/// Where an approach ends, and how that point was found (for reports).
public struct ApproachTarget: Sendable, Equatable {
  /// The target (pt).
  public var point_pt: Point
  /// "the snap point", "the anchor at rest length along the line", …
  public var how: String

  public init(point_pt: Point, how: String) {
    self.point_pt = point_pt
    self.how = how
  }
}

/// Every kind of approach `feel export` knows, in the order they are looked for.
public enum ApproachSources {
  /// The kinds: a new kind of motion towards a target is one more entry here.
  public static let kinds: [any ApproachSource.Type] = [SnapApproach.self, AttachmentApproach.self]

  /// Every approach acting on `itemID` in `scene`, ordered by their behavior's place in the
  /// file.
  public static func approaches(of itemID: String, in scene: Scene) -> [any ApproachSource] {
    kinds.flatMap { kind in kind.approaches(of: itemID, in: scene) as [any ApproachSource] }
      .sorted { $0.behavior < $1.behavior }
  }
}

extension Scene {
  /// Whether behavior `b` can ever be in the animator: at t = 0, or added by a rule.
  func canEnterAnimator(_ b: Int) -> Bool {
    behaviors[b].start || rules.contains { $0.add.contains(behaviors[b].id) }
  }
}
