import FeelEngine
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// iOS 9's attachment kinds (docs/uikit-dynamics-model.md, "Attachment kinds") against closed
/// forms: a pendulum on a pin, a slider on a rail, a rope, a weld, and a pin's friction torque.
@Suite struct AttachmentKindTests {
  func run(_ text: SceneText) throws -> [[ItemState]] {
    trajectory(try text.scene(file: "joint.toml"))
  }

  /// Sub-steps run by the end of frame n at 60 Hz: one on the first frame, then two.
  func substeps(afterFrame n: Int) -> Int { 2 * n - 1 }

  @Test("a pendulum on a pin swings with the compound pendulum's small-angle period")
  func pendulumPeriod() throws {
    let length_pt = 100.0
    let theta0 = 0.05
    let frames = try run(
      SceneText(duration: 6)
        .item("pivot", size: [10, 10], center: [200, 100])
        .item(
          "bob", size: [20, 20],
          center: [200 + length_pt * sin(theta0), 100 + length_pt * cos(theta0)]
        )
        .behavior("fix", "item", items: ["pivot"], "anchored = true")
        .behavior("free", "item", items: ["bob"], "resistance = 0", "angular_resistance = 0")
        .behavior("g", "gravity", items: ["bob"])
        .behavior(
          "pin", "attachment", items: ["bob"], "kind = \"pin\"", "to = \"pivot\"",
          "point = [200, 100]"))
    // Compound pendulum (SI): I about the pivot = m(w² + h²)/12 + m L², T = 2π √(I/(m g L)).
    let L = length_pt / 100
    let side = 0.2
    let g = 10.0
    let iPivotPerMass = (side * side + side * side) / 12 + L * L
    let expected = 2 * Double.pi * (iPivotPerMass / (g * L)).squareRoot()
    // Times the bob crosses below the pivot moving right (interpolated between frames).
    var crossings: [Double] = []
    for n in 1..<frames.count {
      let a = frames[n - 1][1].center_pt.x - 200
      let b = frames[n][1].center_pt.x - 200
      if a < 0 && b >= 0 { crossings.append((Double(n - 1) + a / (a - b)) / 60) }
    }
    try #require(crossings.count >= 2, "the pendulum swings")
    let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
    expectClose(period, expected, .smallAnglePeriod, "period (s)")
    // The pin holds: the bob's centre stays L from the pivot.
    for frame in frames {
      let p = frame[1].center_pt
      expectClose(
        hypot(p.x - 200, p.y - 100), length_pt, .jointLinearSlop, "distance to the pivot (pt)")
    }
  }

  @Test("a slider moves only along its rail, falls along it freely, and stops at the range")
  func sliderOnRail() throws {
    // Axis (0.8, 0.6): gravity 1000 pt/s² down pulls 600 pt/s² along it. The range is the
    // anchor's translation relative to the item, so the item travels up to 100 pt along +axis.
    let frames = try run(
      SceneText(duration: 2)
        .item("card", size: [60, 30], center: [100, 100])
        .behavior("free", "item", items: ["card"], "resistance = 0")
        .behavior("g", "gravity", items: ["card"])
        .behavior(
          "rail", "attachment", items: ["card"], "kind = \"sliding\"", "anchor = [100, 100]",
          "axis = [4, 3]", "range = [-100, 30]"))
    let (ux, uy) = (0.8, 0.6)
    var furthest = 0.0
    for (n, frame) in frames.enumerated() {
      let dx = frame[0].center_pt.x - 100
      let dy = frame[0].center_pt.y - 100
      let along = dx * ux + dy * uy
      let across = -dx * uy + dy * ux
      furthest = max(furthest, along)
      #expect(
        abs(across) <= Tolerance.jointLinearSlop.value, "off the rail at frame \(n): \(across) pt")
      #expect(
        abs(frame[0].angle_rad) <= Tolerance.jointAngularSlop.value, "turned at frame \(n)")
      #expect(along <= 100 + Tolerance.jointLinearSlop.value, "past the range at frame \(n)")
      if n == 10 {
        // Before the limit: semi-implicit Euler of 600 pt/s², Σ h·v_k = h²·a·k(k+1)/2.
        let k = Double(substeps(afterFrame: n))
        let h = 1.0 / 120
        expectClose(along, h * h * 600 * k * (k + 1) / 2, .float32Accumulation, "travel (pt)")
      }
    }
    expectClose(furthest, 100, .jointLinearSlop, "the slider reaches the end of its range")
    let last = frames.last![0]
    expectClose(
      (last.center_pt.x - 100) * ux + (last.center_pt.y - 100) * uy, 100, .jointLinearSlop,
      "it rests at the end of its range")
  }

  @Test("a rope is never longer than its length, and goes taut")
  func ropeLength() throws {
    // The weight's anchor is its centre minus its offset: (260, 140) − (0, −20) = (260, 160);
    // the hook's is its centre (200, 100): the length is √(60² + 60²) = 84.853 pt.
    let frames = try run(
      SceneText(duration: 3)
        .item("hook", size: [20, 20], center: [200, 100])
        .item("weight", size: [40, 40], center: [260, 140], "velocity = [300, -100]")
        .behavior("fix", "item", items: ["hook"], "anchored = true")
        .behavior("g", "gravity", items: ["weight"])
        .behavior(
          "rope", "attachment", items: ["weight"], "kind = \"limit\"", "to = \"hook\"",
          "offset = [0, -20]"))
    let maxLength = (60.0 * 60 + 60 * 60).squareRoot()
    var longest = 0.0
    for (n, frame) in frames.enumerated() {
      // The anchor turns with the weight: (0, 20) in its frame.
      let s = frame[1]
      let ax = s.center_pt.x - 20 * sin(s.angle_rad)
      let ay = s.center_pt.y + 20 * cos(s.angle_rad)
      let length = hypot(ax - 200, ay - 100)
      longest = max(longest, length)
      #expect(
        length <= maxLength + Tolerance.jointLinearSlop.value,
        "longer than the rope at frame \(n): \(length) pt")
    }
    expectClose(longest, maxLength, .jointLinearSlop, "the rope goes taut")
  }

  @Test("a weld keeps the two items' relative pose while they fly and spin")
  func weldHoldsPose() throws {
    let frames = try run(
      SceneText(duration: 2)
        .item(
          "a", size: [60, 40], center: [200, 200], "velocity = [150, -80]", "angular_velocity = 4"
        )
        .item("b", size: [30, 30], center: [250, 230], "angle = 0.4")
        .behavior(
          "weld", "attachment", items: ["a"], "kind = \"fixed\"", "to = \"b\"",
          "point = [225, 215]"))
    let first = frames[0]
    let relativeAngle0 = first[1].angle_rad - first[0].angle_rad
    // b's centre in a's frame at the start.
    let d0x = first[1].center_pt.x - first[0].center_pt.x
    let d0y = first[1].center_pt.y - first[0].center_pt.y
    var turned = 0.0
    for (n, frame) in frames.enumerated() {
      let a = frame[0]
      let b = frame[1]
      turned = max(turned, abs(a.angle_rad))
      expectClose(
        b.angle_rad - a.angle_rad, relativeAngle0, .jointAngularSlop, "relative angle, frame \(n)")
      let c = cos(a.angle_rad)
      let s = sin(a.angle_rad)
      let dx = b.center_pt.x - a.center_pt.x
      let dy = b.center_pt.y - a.center_pt.y
      expectClose(c * dx + s * dy, d0x, .jointLinearSlop, "b in a's frame, x, frame \(n)")
      expectClose(-s * dx + c * dy, d0y, .jointLinearSlop, "b in a's frame, y, frame \(n)")
    }
    #expect(turned > 1, "the pair spins (\(turned) rad)")
  }

  @Test("a pin's friction torque slows a spin at τ/I and stops it")
  func frictionTorque() throws {
    // A 100 × 100 pt disc of density 1: m = 1 kg, I = m(w² + h²)/12 = 1/6 kg·m²; torque 0.5
    // N·m: α = 3 rad/s². Each sub-step the motor at speed 0 takes at most h·τ: ω_k = ω₀ − k·h·α.
    let frames = try run(
      SceneText(duration: 4)
        .item("hub", size: [10, 10], center: [200, 200])
        .item("disc", size: [100, 100], center: [200, 200], "angular_velocity = 10")
        .behavior("fix", "item", items: ["hub"], "anchored = true")
        .behavior("free", "item", items: ["disc"], "angular_resistance = 0")
        .behavior(
          "pin", "attachment", items: ["disc"], "kind = \"pin\"", "to = \"hub\"",
          "point = [200, 200]", "friction_torque = 0.5"))
    let alpha = 0.5 / (1.0 / 6)
    for n in [1, 30, 60, 120, 180] {
      let k = Double(substeps(afterFrame: n))
      let expected = 10 - k / 120 * alpha
      expectClose(
        frames[n][1].angularVelocity_rad_s, expected, .float32Accumulation, "ω at frame \(n)")
    }
    // 10 rad/s at 3 rad/s² stops after 3.33 s (frame 200) and stays stopped.
    for n in [205, 230, 240] {
      #expect(abs(frames[n][1].angularVelocity_rad_s) < 1e-6, "still turning at frame \(n)")
    }
  }
}

/// What UIKit builds for each factory, measured on UIKit (kern0x1b/charon,
/// packages/a/apple-backports/facts/UIKit/UIDynamicAnimator.md §6.4): item A 100 × 100 pt
/// rotated 0.3 rad at (100, 100), item B at (300, 120), attachment point P (200, 50).
@Suite struct AttachmentKindConstructionTests {
  func joint(_ lines: String...) throws -> JointInspection {
    let scene = try SceneText(duration: 0.1)
      .item("a", size: [100, 100], center: [100, 100], "angle = 0.3")
      .item("b", size: [100, 100], center: [300, 120])
      .behavior("j", "attachment", items: ["a"])
      .appending(lines.joined(separator: "\n"))
      .scene(file: "j.toml")
    let inspection = SceneInspection(scene)
    return try #require(inspection.world.joints.first)
  }

  @Test("fixed: a weld with the measured local anchors")
  func fixed() throws {
    let j = try joint("kind = \"fixed\"", "to = \"b\"", "point = [200, 50]")
    #expect(j.kind.name == "weld")
    // Measured (m): lA (0.807576418, -0.773188472), lB (-1, -0.699999928).
    expectClose(j.localAnchorA_pt.x, 80.7576418, .appleMeasuredPosition, "lA.x (pt)")
    expectClose(j.localAnchorA_pt.y, -77.3188472, .appleMeasuredPosition, "lA.y (pt)")
    expectClose(j.localAnchorB_pt.x, -100, .appleMeasuredPosition, "lB.x (pt)")
    expectClose(j.localAnchorB_pt.y, -69.9999928, .appleMeasuredPosition, "lB.y (pt)")
  }

  @Test("pin: a revolute joint with the same anchors, no limit, no motor")
  func pin() throws {
    let j = try joint("kind = \"pin\"", "to = \"b\"", "point = [200, 50]")
    expectClose(j.localAnchorA_pt.x, 80.7576418, .appleMeasuredPosition, "lA.x (pt)")
    expectClose(j.localAnchorB_pt.y, -69.9999928, .appleMeasuredPosition, "lB.y (pt)")
    #expect(
      j.kind
        == .revolute(referenceAngle_rad: Double(Float(-0.3)), limit_rad: nil, maxMotorTorque: 0))
  }

  @Test("sliding: the axis in A's frame as measured, between two items and to an anchor")
  func sliding() throws {
    let two = try joint("kind = \"sliding\"", "to = \"b\"", "point = [200, 50]", "axis = [3, 4]")
    guard case .prismatic(_, let axis, nil) = two.kind else {
      Issue.record("not a prismatic joint: \(two.kind)")
      return
    }
    expectClose(axis.x, 0.809618115, .appleMeasuredAngle, "local axis x, (3, 4)")
    expectClose(axis.y, 0.586957097, .appleMeasuredAngle, "local axis y, (3, 4)")
    let anchored = try joint("kind = \"sliding\"", "anchor = [200, 50]", "axis = [0, 2]")
    guard case .prismatic(_, let axis2, nil) = anchored.kind else {
      Issue.record("not a prismatic joint: \(anchored.kind)")
      return
    }
    expectClose(axis2.x, 0.295520216, .appleMeasuredAngle, "local axis x, (0, 2) to an anchor")
    expectClose(axis2.y, 0.955336511, .appleMeasuredAngle, "local axis y, (0, 2) to an anchor")
  }

  @Test("limit: a rope between the centres minus the offsets, as long as they are apart")
  func limit() throws {
    // Without offsets the rope's length is the centres' distance, measured 200.997512 pt.
    let j = try joint("kind = \"limit\"", "to = \"b\"")
    #expect(j.kind.name == "rope")
    guard case .rope(let length) = j.kind else { return }
    expectClose(length, 200.997512, .appleMeasuredPosition, "max length (pt)")
    // With offsets: the world anchors are c − o (not turned with the item): A's at
    // (100, 100) − (10, 20) = (90, 80), B's at (300, 120) − (−5, 0) = (305, 120).
    let k = try joint("kind = \"limit\"", "to = \"b\"", "offset = [10, 20]", "to_offset = [-5, 0]")
    guard case .rope(let length2) = k.kind else { return }
    expectClose(length2, hypot(305 - 90, 120 - 80), .appleMeasuredPosition, "max length (pt)")
  }
}
