import FeelScene
import Foundation

/// `MeasureOptions` resolved against a scene's structure: which item (by index), which snap
/// behavior starts the snap phase, which push gives the hop direction. It holds indices, not
/// values, so one plan serves every scene of a sweep that varies values but not structure:
/// `target(in:)` and `hopDirection(in:)` read the values from each scene.
public struct MeasurePlan: Sendable, Equatable {
  /// Index of the measured item in `scene.items`.
  public var item: Int
  /// The measured item's id.
  public var itemID: String
  /// Index in `scene.behaviors` of the snap behavior whose addition starts the snap phase and
  /// whose point is the default target; nil when no snap acts on the item.
  public var snap: Int?
  /// Index in `scene.behaviors` of the push acting on the item at t = 0 (the hop direction).
  public var push: Int?
  /// A target given explicitly (pt); overrides the snap point.
  public var givenTarget_pt: Point?
  /// Settle band half-width (pt).
  public var band_pt: Double

  /// Resolves `options` against `scene`. Throws for an unknown item (with a suggestion), a
  /// scene without items, or a negative or non-finite band.
  public init(_ scene: Scene, _ options: MeasureOptions = MeasureOptions()) throws(MetricsError) {
    guard options.band_pt.isFinite, options.band_pt >= 0 else {
      throw MetricsError("the settle band must be a number ≥ 0 (pt), got \(options.band_pt)")
    }
    let ids = scene.items.map(\.id)
    guard !ids.isEmpty else { throw MetricsError("the scene has no item to measure") }
    let item: Int
    if let id = options.item {
      guard let index = ids.firstIndex(of: id) else {
        var message = "no item \"\(id)\" in the scene (items: \(ids.joined(separator: ", ")))"
        if let near = NameSuggestions.closest(to: id, among: ids) {
          message += "; did you mean '\(near)'?"
        }
        throw MetricsError(message)
      }
      item = index
    } else {
      item =
        Self.snapBehavior(of: nil, in: scene).map {
          ids.firstIndex(of: scene.behaviors[$0].items[0])!
        }
        ?? 0
    }
    self.item = item
    itemID = ids[item]
    snap = Self.snapBehavior(of: ids[item], in: scene)
    push = scene.behaviors.indices.first { b in
      guard case .push = scene.behaviors[b].kind else { return false }
      return scene.behaviors[b].start && scene.behaviors[b].items.contains(ids[item])
    }
    givenTarget_pt = options.target_pt
    band_pt = options.band_pt
  }

  /// The first snap behavior (file order) acting on `item` (any item when nil) that is in the
  /// animator at t = 0 or added by a rule.
  private static func snapBehavior(of item: String?, in scene: Scene) -> Int? {
    let added = Set(scene.rules.flatMap(\.add))
    return scene.behaviors.indices.first { b in
      let behavior = scene.behaviors[b]
      guard case .snap = behavior.kind else { return false }
      guard behavior.start || added.contains(behavior.id) else { return false }
      return item.map { behavior.items.contains($0) } ?? true
    }
  }

  /// The target in `scene` (pt): the given one, else the snap point; nil when neither exists.
  public func target(in scene: Scene) -> Point? {
    if let givenTarget_pt { return givenTarget_pt }
    guard let snap, case .snap(let spec) = scene.behaviors[snap].kind else { return nil }
    return spec.point_pt
  }

  /// The unit direction of the item's push in `scene` (a negative magnitude pushes the other
  /// way); nil when no push acts on the item at t = 0.
  public func hopDirection(in scene: Scene) -> Point? {
    guard let push, case .push(let spec) = scene.behaviors[push].kind else { return nil }
    let sign: Double = spec.magnitude < 0 ? -1 : 1
    return Point(sign * cos(spec.angle_rad), sign * sin(spec.angle_rad))
  }

  /// Where the target comes from, for headers and tables: `the snap point of "scrub-snap"`.
  public func targetSource(in scene: Scene) -> String {
    if givenTarget_pt != nil { return "given" }
    guard let snap else { return "none" }
    return "the snap point of \"\(scene.behaviors[snap].id)\""
  }
}
