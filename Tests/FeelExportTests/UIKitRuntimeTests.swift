import FeelTestSupport
import Foundation
import Testing

/// The UIKit export's fixed runtime (Sources/FeelExport/UIKitRuntime/) is real Swift: it
/// compiles against the UIKit stand-in with a stand-in for the members the scene decides (the
/// behaviors, the views), as the generated class declares them. UIKitRunTests runs it inside
/// the generated code of the committed scenes.
@Suite struct UIKitRuntimeTests {
  /// What the generator writes for a scene with inertias or detents, with the names and types
  /// the runtime uses.
  static let kinematicsStandIn = """
    final class KinematicsRuntime {
      let animator: UIDynamicAnimator
      var inertias: [Inertia] = []
      var detents: [Detent] = []
      var kinematicViews: [UIView] = []
      var holds: [ObjectIdentifier: Int] = [:]
      var suspended: [UIDynamicBehavior] = []
      var touched: [String: [UIView]] = [:]
      init(animator: UIDynamicAnimator) { self.animator = animator }
      func uikitBehaviors(of view: UIView) -> [UIDynamicBehavior] { [] }
      func isDragged(_ view: UIView) -> Bool { false }
      func waits(_ view: UIView) -> Bool { false }
    }
    let landingAmplitude_rad: CGFloat = 1e-4
    """

  /// What the generator writes for a scene with fingers, as an extension (the runtime
  /// declares the class: its recognizer keeps state).
  static let touchesStandIn = """
    let sceneAnimator = UIDynamicAnimator(referenceView: UIView())
    let defaultTouchName = "finger"
    extension TouchesRuntime {
      var slop: CGFloat { 10 }
      var holdTime: TimeInterval { 0.5 }
      var velocityWindow: TimeInterval { 0.1 }
      var animator: UIDynamicAnimator { sceneAnimator }
      var drags: [Drag] { [] }
      var touchItems: [UIView] { [] }
      func touchEvent(_ event: TouchEvent, _ touch: String) {}
    }
    """

  /// Compiles runtime file `name` with `standIn` and runs a program that names `types`.
  func compile(_ name: String, standIn: String, types: [String]) throws {
    let runtime = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Sources/FeelExport/UIKitRuntime/\(name)"),
      encoding: .utf8)
    let output = try UIKitStubProgram.run(
      sources: [name: UIKitStubProgram.runnable(runtime), "Scene.swift": standIn],
      main: "print(\(types.map { "\($0).self" }.joined(separator: ", ")))\n")
    for type in types {
      #expect(output.contains(type.split(separator: ".").last!), "\(name): \(output)")
    }
  }

  @Test func kinematicsRuntimeCompilesAgainstTheStandIn() throws {
    try compile(
      "Kinematics.swift", standIn: Self.kinematicsStandIn,
      types: ["KinematicsRuntime.Inertia", "KinematicsRuntime.Detent"])
  }

  @Test func touchesRuntimeCompilesAgainstTheStandIn() throws {
    try compile(
      "Touches.swift", standIn: Self.touchesStandIn,
      types: ["TouchesRuntime.Drag", "TouchesRuntime.TouchEvent"])
  }
}
