import FeelScene

/// iOS 9's attachment kinds through UIKit's own factories (docs/export.md, "`--to uikit`"),
/// never the iOS 7 distance initializer: `fixedAttachment(with:attachedTo:attachmentAnchor:)`,
/// `pinAttachment(with:attachedTo:attachmentAnchor:)`, `slidingAttachment(with:attachedTo:
/// attachmentAnchor:axisOfTranslation:)` and its anchor form `slidingAttachment(with:
/// attachmentAnchor:axisOfTranslation:)`, `limitAttachment(with:offsetFromCenter:attachedTo:
/// offsetFromCenter:)`, with `attachmentRange` (pin: rad; sliding: pt) where the scene sets
/// one and a pin's `frictionTorque`.
extension UIKitCode.Writer {
  /// The lines of an iOS 9 kind's maker after its comment line; `items`: the maker's
  /// parameters, the attached item first, then the other item (`to`), if any.
  func kindAttachmentMaker(_ spec: AttachmentSpec, items: [String]) -> [String] {
    let a = items[0]
    let other = items.count > 1 ? items[1] : nil
    let point = spec.point_pt.map(Self.point) ?? "CGPoint.zero"
    var lines: [String] = []
    switch spec.kind {
    case .distance:
      return []
    case .fixed:
      lines.append(
        "    let b = UIAttachmentBehavior.fixedAttachment(with: \(a), attachedTo: "
          + "\(other ?? "nil"), attachmentAnchor: \(point))")
    case .pin:
      lines.append(
        "    let b = UIAttachmentBehavior.pinAttachment(with: \(a), attachedTo: "
          + "\(other ?? "nil"), attachmentAnchor: \(point))")
    case .sliding:
      let axis = spec.axis ?? Point(1, 0)
      let vector = "CGVector(dx: \(axis.x), dy: \(axis.y))"
      if case .anchor(let anchor) = spec.target {
        lines.append(
          "    let b = UIAttachmentBehavior.slidingAttachment(with: \(a), attachmentAnchor: "
            + "\(Self.point(anchor)), axisOfTranslation: \(vector))")
      } else {
        lines.append(
          "    let b = UIAttachmentBehavior.slidingAttachment(with: \(a), attachedTo: "
            + "\(other ?? "nil"), attachmentAnchor: \(point), axisOfTranslation: \(vector))")
      }
    case .limit:
      lines.append(
        "    let b = UIAttachmentBehavior.limitAttachment(with: \(a), offsetFromCenter: "
          + "\(Self.offset(spec.offset_pt)), attachedTo: \(other ?? "nil"), offsetFromCenter: "
          + "\(Self.offset(spec.toOffset_pt)))")
    }
    if let range = spec.range {
      let unit = spec.kind == .pin ? "rad" : "pt"
      lines.append(
        "    b.attachmentRange = UIFloatRange(minimum: \(range.minimum), maximum: "
          + "\(range.maximum))  // \(unit)")
    }
    if spec.kind == .pin { lines.append("    b.frictionTorque = \(spec.frictionTorque)") }
    return lines
  }
}
