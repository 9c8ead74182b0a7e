import FeelEngine
import FeelScene
import FeelTestSupport
import Testing

/// Apple's numbers measured on UIKit (docs/uikit-dynamics-model.md, "Reference
/// numbers"), reproduced from the committed reference scenes.
@Suite struct AppleReferenceTests {
  @Test func snapFrame1AndFrame200() throws {
    let frames = trajectory(try loadScene("experiments/scenes/apple-snap.toml"))
    let f1 = frames[1][0]
    expectClose(f1.center_pt.x, 113.265648, .appleMeasuredPosition, "frame 1 x_pt")
    expectClose(f1.center_pt.y, 106.623589, .appleMeasuredPosition, "frame 1 y_pt")
    expectClose(f1.angle_rad, 0.0361267589, .appleMeasuredAngle, "frame 1 angle_rad")
    let f200 = frames[200][0]
    expectClose(f200.center_pt.x, 299.999969, .appleMeasuredPosition, "frame 200 x_pt")
    expectClose(f200.center_pt.y, 199.999222, .appleMeasuredPosition, "frame 200 y_pt")
  }

  @Test func instantaneousPushSpeeds() throws {
    let scene = try loadScene("experiments/scenes/apple-push.toml")
    var sim = SceneSimulation(scene)
    let pushes = scene.behaviors.indices.filter {
      if case .push = scene.behaviors[$0].kind { return true } else { return false }
    }
    for b in pushes { #expect(sim.animator.isActive(push: b), "a push is active before it fires") }
    sim.advance()
    expectClose(sim.state(ofItem: 0).velocity_pt_s.x, 100, .appleMeasuredSpeed, "square vx_pt_s")
    expectClose(
      sim.state(ofItem: 1).velocity_pt_s.x, 15.000001, .appleMeasuredSpeed, "slab vx_pt_s")
    for b in pushes { #expect(!sim.animator.isActive(push: b), "active is false once fired") }
    // It fires once: with resistance 0 the speed holds instead of growing.
    for _ in 0..<10 { sim.advance() }
    expectClose(
      sim.state(ofItem: 0).velocity_pt_s.x, 100, .appleMeasuredSpeed, "vx after 11 frames")
  }
}
