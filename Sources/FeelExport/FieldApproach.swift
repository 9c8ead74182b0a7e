import FeelScene

/// Spring fields pulling the item to a rest point (docs/export.md, "Spring fields"): a field of
/// kind `spring` with falloff −1 pulls with F = −S·p (N, p in m from its origin), not scaled by
/// the mass, so with the item's resistance c it is a damped harmonic oscillator per axis,
/// ω² = S/m, damped by 1/(1 + h·c) per sub-step: a spring, which `feel export` fits as it fits a
/// snap's approach. Apple's StickyCorners holds its tile with four, one per quadrant.
///
/// One approach per item: it starts when the item's first spring field (file order) last
/// enters the animator (at t = 0, or added by a rule: StickyCorners' drag-began rule takes the
/// fields out and its drag-ended rule puts them back at the lift, where the approach starts)
/// and lasts while that field acts. Its target is the origin of the spring field
/// whose region holds the item at the end of the fit window, the corner it settles in (else
/// where it comes to rest). An item under any other kind of field (or a spring field with
/// another falloff) has no field approach: `refusal(of:in:)` says why.
public struct FieldApproach: ApproachSource {
  public var behavior: Int

  public init(behavior: Int) {
    self.behavior = behavior
  }

  public static func approaches(of itemID: String, in scene: Scene) -> [FieldApproach] {
    let fields = fieldBehaviors(of: itemID, in: scene)
    guard !fields.isEmpty, refusal(of: itemID, in: scene) == nil else { return [] }
    return [FieldApproach(behavior: fields[0])]
  }

  /// Whether field `spec` pulls like a spring: kind `spring` with falloff −1.
  public static func isSpringLike(_ spec: FieldSpec) -> Bool {
    spec.kind == .spring && spec.resolvedFalloff == -1
  }

  /// Why the fields on `itemID` cannot be exported as a spring (a field on it that is not
  /// spring-like), or nil when they can or there are none.
  public static func refusal(of itemID: String, in scene: Scene) -> String? {
    for b in fieldBehaviors(of: itemID, in: scene) {
      guard case .field(let spec) = scene.behaviors[b].kind, !isSpringLike(spec) else { continue }
      let falloff = spec.resolvedFalloff
      let what =
        spec.kind == .spring
        ? "a spring field with falloff \(ExportText.short(falloff))"
        : ("aeiou".contains(spec.kind.rawValue.first!) ? "an " : "a ")
          + "\(spec.kind.rawValue) field"
      return "the field \"\(scene.behaviors[b].id)\" on item \"\(itemID)\" is \(what): only "
        + "spring fields with falloff −1 (F = −S·p, a damped harmonic oscillator with the "
        + "item's resistance) move an item as a spring does"
    }
    return nil
  }

  /// The field behaviors on `itemID` that can enter the animator, in file order.
  static func fieldBehaviors(of itemID: String, in scene: Scene) -> [Int] {
    scene.behaviors.indices.filter { b in
      guard case .field = scene.behaviors[b].kind else { return false }
      return scene.behaviors[b].items.contains(itemID) && scene.canEnterAnimator(b)
    }
  }

  public var restartsOnReentry: Bool { true }

  public func label(in scene: Scene) -> String {
    let item = scene.behaviors[behavior].items.first ?? ""
    let count = Self.fieldBehaviors(of: item, in: scene).count
    return count == 1
      ? "the spring field \"\(scene.behaviors[behavior].id)\"" : "the \(count) spring fields"
  }

  public func target(in scene: Scene, start: ItemState, end: ItemState) -> ApproachTarget {
    let item = scene.behaviors[behavior].items.first ?? ""
    let c = end.center_pt
    for b in Self.fieldBehaviors(of: item, in: scene) {
      guard case .field(let spec) = scene.behaviors[b].kind else { continue }
      let p = Point(c.x - spec.position_pt.x, c.y - spec.position_pt.y)
      if spec.region.contains(p) {
        return ApproachTarget(
          point_pt: spec.position_pt,
          how: "the origin of the spring field \"\(scene.behaviors[b].id)\", whose region holds "
            + "the item at the end")
      }
    }
    return ApproachTarget(point_pt: c, how: "where the item comes to rest")
  }
}
