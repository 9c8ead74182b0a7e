/// UIAttachmentBehavior's kinds: the iOS 7 distance attachment and iOS 9's four factories,
/// each a Box2D 2.2.1 joint (docs/uikit-dynamics-model.md, "Attachment kinds").
public enum AttachmentKind: String, Sendable, Equatable, CaseIterable {
  /// `init(item:attachedToAnchor:)` and friends: a distance joint, rigid or a spring.
  case distance
  /// `fixedAttachment(with:attachedTo:attachmentAnchor:)`: a weld joint at the point.
  case fixed
  /// `pinAttachment(with:attachedTo:attachmentAnchor:)`: a revolute joint at the point.
  case pin
  /// `slidingAttachment(…axisOfTranslation:)`: a prismatic joint along the axis.
  case sliding
  /// `limitAttachment(with:offsetFromCenter:attachedTo:offsetFromCenter:)`: a rope joint.
  case limit
}

/// UIFloatRange: an attachment's `attachmentRange` (pin: rad; sliding: pt).
public struct AttachmentRange: Sendable, Equatable {
  public var minimum: Double
  public var maximum: Double
  public init(minimum: Double, maximum: Double) {
    self.minimum = minimum
    self.maximum = maximum
  }
}

/// The iOS 9 attachments' defaults and construction (measured on UIKit: the apple-backports
/// facts, UIDynamicAnimator.md §6.4; docs/uikit-dynamics-model.md, "Attachment kinds").
public enum AttachmentKindDefaults {
  /// `frictionTorque` (N·m): 0, no motor.
  public static let frictionTorque = 0.0
  /// `attachmentRange` of pin and sliding: infinite (no limit). UIKit's other kinds ignore it.
  public static let range: AttachmentRange? = nil
  /// A sliding attachment's axis: none; the scene must give one (UIKit has no default).
  public static let axis: Point? = nil
}
