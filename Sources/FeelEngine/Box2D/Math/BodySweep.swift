import Foundation

/// The motion of a body's centre of mass over one sub-step, for continuous collision: from
/// (c0, a0) at fraction `alpha0` of the step to (c, a) at its end. Metres and radians.
/// `localCenter` is the centre of mass in the body's frame (m): zero for an item's box, the
/// centroid of a path or a group's members otherwise. Box2D calls it b2Sweep; the name says
/// whose motion it is (FeelSweep's `ParameterGrid` is the other kind of sweep).
package struct BodySweep: Sendable, Equatable {
  package var c0: Vec2
  package var c: Vec2
  package var a0: Float
  package var a: Float
  /// Fraction of the sub-step (0…1) at which c0/a0 hold.
  package var alpha0: Float
  /// Centre of mass in the body's frame (m).
  package var localCenter: Vec2 = .zero

  package init(c0: Vec2, c: Vec2, a0: Float, a: Float, alpha0: Float, localCenter: Vec2 = .zero) {
    self.c0 = c0
    self.c = c
    self.a0 = a0
    self.a = a
    self.alpha0 = alpha0
    self.localCenter = localCenter
  }

  /// The transform at fraction beta (0…1) of the remaining interval.
  @inline(__always) func transform(at beta: Float) -> Transform {
    let p = (1 - beta) * c0 + beta * c
    let angle = (1 - beta) * a0 + beta * a
    return Transform(centreOfMass: p, angle: angle, localCenter: localCenter)
  }

  /// Moves the start of the sweep forward to fraction `alpha` of the step.
  @inlinable mutating func advance(to alpha: Float, form: SweepAdvanceForm = .incremental) {
    let beta = (alpha - alpha0) / (1 - alpha0)
    switch form {
    case .incremental:
      c0 += beta * (c - c0)
      a0 += beta * (a - a0)
    case .blended:
      c0 = (1 - beta) * c0 + beta * c
      a0 = (1 - beta) * a0 + beta * a
    }
    alpha0 = alpha
  }

  /// Brings a0 into [0, 2π), shifting a by the same amount.
  @inlinable mutating func normalize() {
    let twoPi: Float = 2 * pi32
    let d = twoPi * floorf(a0 / twoPi)
    a0 -= d
    a -= d
  }
}
