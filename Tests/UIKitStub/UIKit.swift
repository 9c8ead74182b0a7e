// A stand-in for UIKit, for `feel export --to uikit`'s tests on Linux (UIKitRunTests in
// Tests/FeelExportTests): the declarations the generated code uses, with UIKit's names and
// argument labels. Views keep their centre, bounds and transform (with Core Graphics' affine
// arithmetic); the animator only keeps its list of behaviors and simulates nothing, so a test
// can run the app code the export writes for FeelLab's own behaviors (inertia, detent) and
// compare the views' angles with `feel run`. Not UIKit: no physics, no display, no run loop.
@_exported import Foundation

/// Core Graphics' affine transform: a point maps to (a·x + c·y + tx, b·x + d·y + ty).
public struct CGAffineTransform: Equatable {
  public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }
  /// CGAffineTransformMakeRotation.
  public init(rotationAngle angle: CGFloat) {
    self.init(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
  }
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
  /// CGAffineTransformRotate: the rotation first, then self.
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    let (s, k) = (sin(angle), cos(angle))
    return CGAffineTransform(
      a: k * a + s * c, b: k * b + s * d, c: -s * a + k * c, d: -s * b + k * d, tx: tx, ty: ty)
  }
}

public struct UIOffset {
  public var horizontal: CGFloat, vertical: CGFloat
  public init(horizontal: CGFloat, vertical: CGFloat) {
    self.horizontal = horizontal
    self.vertical = vertical
  }
}

public protocol UIDynamicItem: AnyObject {}

open class UIView: NSObject, UIDynamicItem {
  public var center = CGPoint.zero
  public var bounds = CGRect.zero
  public var transform = CGAffineTransform.identity
  public override init() {}
  /// A point of the superview (`view` nil or the superview) in this view's bounds: the
  /// transform undone about the centre.
  public func convert(_ p: CGPoint, from view: UIView?) -> CGPoint {
    let (dx, dy) = (p.x - center.x - transform.tx, p.y - center.y - transform.ty)
    let det = transform.a * transform.d - transform.b * transform.c
    let x = (transform.d * dx - transform.c * dy) / det
    let y = (-transform.b * dx + transform.a * dy) / det
    return CGPoint(x: bounds.midX + x, y: bounds.midY + y)
  }
}

open class UIDynamicBehavior: NSObject {
  public override init() {}
}

public protocol UIDynamicAnimatorDelegate: AnyObject {}
public protocol UICollisionBehaviorDelegate: AnyObject {}

/// Keeps its behaviors; simulates nothing.
open class UIDynamicAnimator: NSObject {
  public private(set) var referenceView: UIView?
  public private(set) var behaviors: [UIDynamicBehavior] = []
  public weak var delegate: UIDynamicAnimatorDelegate?
  public init(referenceView: UIView) { self.referenceView = referenceView }
  public func addBehavior(_ behavior: UIDynamicBehavior) { behaviors.append(behavior) }
  public func removeBehavior(_ behavior: UIDynamicBehavior) {
    behaviors.removeAll { $0 === behavior }
  }
}

open class UIDynamicItemBehavior: UIDynamicBehavior {
  public private(set) var items: [UIDynamicItem]
  public var elasticity: CGFloat = 0
  public var friction: CGFloat = 0
  public var density: CGFloat = 1
  public var resistance: CGFloat = 0
  public var angularResistance: CGFloat = 0
  public var allowsRotation = true
  public init(items: [UIDynamicItem]) { self.items = items }
  public func angularVelocity(for item: UIDynamicItem) -> CGFloat { 0 }
  public func addLinearVelocity(_ velocity: CGPoint, for item: UIDynamicItem) {}
  public func addAngularVelocity(_ velocity: CGFloat, for item: UIDynamicItem) {}
}

open class UIAttachmentBehavior: UIDynamicBehavior {
  public var length: CGFloat = 0
  public var frequency: CGFloat = 0
  public var damping: CGFloat = 0
  public var anchorPoint = CGPoint.zero
  public init(item: UIDynamicItem, offsetFromCenter: UIOffset, attachedToAnchor point: CGPoint) {
    anchorPoint = point
  }
  public init(
    item: UIDynamicItem, offsetFromCenter: UIOffset, attachedTo other: UIDynamicItem,
    offsetFromCenter otherOffset: UIOffset
  ) {}
}

/// Ticked by hand: the test sets the timestamps and calls the target's method.
open class CADisplayLink {
  public var timestamp: TimeInterval = 0
  public var targetTimestamp: TimeInterval = 0
  /// The generated code's `#selector(tick(_:))`, rewritten by the test (no Objective-C runtime
  /// on Linux).
  public init(target: Any, selector: String) {}
  public func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) {}
  public func invalidate() {}
}

extension RunLoop.Mode {
  public static let common = RunLoop.Mode("kCFRunLoopCommonModes")
}
