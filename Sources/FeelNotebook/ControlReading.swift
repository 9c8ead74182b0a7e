import FeelScene
import Foundation

/// A constant of the Castro control, as comps set it and the export writes it.
public enum ControlConstant: String, CaseIterable, Sendable, Hashable {
  /// UISnapBehavior.damping of the scrubbing behavior (non-dimensional).
  case damping
  /// UIPushBehavior magnitude of the tap hint (UIKit newtons; instantaneous: N·s).
  case push
  /// UIGravityBehavior magnitude of the tap hint (multiples of 1000 pt/s²).
  case gravity
  /// Collision boundary offset: how far outside the bar's edge at rest the hint's wall
  /// stands (pt).
  case wall
  /// The bar's width: the phone's screen width (pt).
  case width

  /// The designer's name.
  public var label: String {
    switch self {
    case .damping: "snap damping"
    case .push: "push magnitude"
    case .gravity: "gravity magnitude"
    case .wall: "wall offset"
    case .width: "bar width"
    }
  }

  public var unit: String {
    switch self {
    case .damping, .push, .gravity: ""
    case .wall, .width: "pt"
    }
  }
}

/// What the notebook reads off a scene to draw the Castro control and name its constants:
/// the measured item's size, start and rest positions, the hint's walls, and which gesture the
/// scene plays (a release after a drag, or a tap hint).
public struct ControlReading: Sendable, Equatable {
  /// The gesture that starts the scene at t = 0.
  public enum Gesture: Sendable, Equatable {
    /// The bar released after a drag; the drag moved the centre by `displacement_pt` from rest.
    case release(displacement_pt: Point)
    /// A tap on the left half (the push goes right) or the right half (push goes left).
    case tap(leftHalf: Bool)
    /// Neither: the scene is replayed as it is.
    case other

    /// The gesture as the notebook's data stores it: one integer per point. `feel notebook`
    /// also writes the table of these codes by name into the page (`gestures`), and the page's
    /// scripts compare with the names only.
    public enum Code: Int, CaseIterable, Sendable {
      case other = 0
      /// A release after a drag.
      case release = 1
      /// A tap on the left half (the push goes right).
      case tapLeft = 2
      /// A tap on the right half (the push goes left).
      case tapRight = 3

      /// The name the page's scripts use (`FL.gesture.release` …).
      public var name: String {
        switch self {
        case .other: "other"
        case .release: "release"
        case .tapLeft: "tapLeft"
        case .tapRight: "tapRight"
        }
      }
    }

    public var code: Code {
      switch self {
      case .release: .release
      case .tap(let left): left ? .tapLeft : .tapRight
      case .other: .other
      }
    }
  }

  /// A collision boundary acting on the item (pt).
  public struct Wall: Sendable, Equatable {
    public var from_pt: Point
    public var to_pt: Point

    public init(from_pt: Point, to_pt: Point) {
      self.from_pt = from_pt
      self.to_pt = to_pt
    }
  }

  /// Constants present in the scene (a release has no push, gravity or wall).
  public var constants: [ControlConstant: Double]
  public var gesture: Gesture
  public var barSize_pt: Point
  /// The centre at t = 0.
  public var start_pt: Point
  /// Where the bar rests: its snap point, else its start.
  public var rest_pt: Point
  /// The screen: the reference view's size, else the bar's.
  public var screen_pt: Point
  public var walls: [Wall]

  /// Reads item `item` of `scene`: the first snap, push, gravity and collision behaviors acting
  /// on it give the constants.
  public init(_ scene: Scene, item: Int) {
    let bar = scene.items[item]
    let id = bar.id
    let acting = scene.behaviors.filter { $0.items.contains(id) }
    var snap: SnapSpec?
    var push: (spec: PushSpec, start: Bool)?
    var gravity: GravitySpec?
    var walls: [Wall] = []
    for behavior in acting {
      switch behavior.kind {
      case .snap(let s): if snap == nil { snap = s }
      case .push(let p): if push == nil { push = (p, behavior.start) }
      case .gravity(let g): if gravity == nil { gravity = g }
      case .collision(let c):
        walls += c.boundaries.map { Wall(from_pt: $0.from_pt, to_pt: $0.to_pt) }
      default: break
      }
    }
    barSize_pt = bar.size_pt
    start_pt = bar.center_pt
    rest_pt = snap?.point_pt ?? bar.center_pt
    screen_pt = scene.referenceSize_pt ?? bar.size_pt
    self.walls = walls

    var constants: [ControlConstant: Double] = [.width: bar.size_pt.x]
    if let snap { constants[.damping] = snap.damping }
    if let push { constants[.push] = push.spec.magnitude }
    if let gravity { constants[.gravity] = gravity.magnitude }
    if let wall = walls.first(where: { $0.from_pt.x == $0.to_pt.x }) {
      let x = wall.from_pt.x
      let half = bar.size_pt.x / 2
      constants[.wall] = x <= rest_pt.x ? (rest_pt.x - half) - x : x - (rest_pt.x + half)
    }
    self.constants = constants

    if let push, push.start, push.spec.mode == .instantaneous, push.spec.magnitude != 0 {
      gesture = .tap(leftHalf: cos(push.spec.angle_rad) >= 0)
    } else if snap != nil, bar.center_pt != rest_pt {
      gesture = .release(
        displacement_pt: Point(bar.center_pt.x - rest_pt.x, bar.center_pt.y - rest_pt.y))
    } else {
      gesture = .other
    }
  }
}
