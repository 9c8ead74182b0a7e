import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The dial built on UIKit Dynamics (docs/tempo-dial.md, "The same control on UIKit
/// Dynamics"): a disc handed an angular velocity spins in place and slows by its angular
/// resistance c, ω ← ω / (1 + h·c) per 1/120 s sub-step. The pybox2d comparison of whole
/// scenes is the differential test (`make test-differential`, family spin-in-place).
@Suite("UIKit inertia")
struct UIKitInertiaTests {
  static func scene(omega_rad_s: Double, resistance c: Double, pinned: Bool) -> Scene {
    var behaviors = [
      SceneBehavior(
        id: "spin", items: ["dial"], kind: .item(ItemPropertiesSpec(angularResistance: c)))
    ]
    if pinned {
      behaviors.append(
        SceneBehavior(
          id: "pin", items: ["dial"],
          kind: .attachment(AttachmentSpec(target: .anchor(Point(160, 200))))))
    }
    return Scene(
      duration_s: 6,
      items: [
        SceneItem(
          id: "dial", size_pt: Point(240, 240), center_pt: Point(160, 200),
          angularVelocity_rad_s: omega_rad_s)
      ],
      behaviors: behaviors)
  }

  /// Per 60 Hz frame (two sub-steps from frame 2 on) ω falls by 1/(1 + c/120)²; frame 1 runs
  /// one sub-step: 1/(1 + c/120). The closed form is the model page's damping law.
  @Test(arguments: [0.5, 1.8415, 5.0])
  func angularVelocityFallsByTheDampingLaw(resistance c: Double) {
    let rows = trajectory(Self.scene(omega_rad_s: 34.906585, resistance: c, pinned: true))
    let perSubstep = 1 / (1 + c / 120)
    expectClose(
      rows[1][0].angularVelocity_rad_s / rows[0][0].angularVelocity_rad_s, perSubstep,
      .float32Factor, "frame 1 (one sub-step), c = \(c)")
    var compared = 0
    for n in 1..<100 {
      let ratio = rows[n + 1][0].angularVelocity_rad_s / rows[n][0].angularVelocity_rad_s
      expectClose(ratio, perSubstep * perSubstep, .float32Factor, "frame \(n + 1), c = \(c)")
      compared += 1
    }
    #expect(compared == 99)
    // It spins in place: the centre never moves.
    #expect(rows.allSatisfy { $0[0].center_pt == rows[0][0].center_pt })
  }

  /// The author's 0.97 per frame is c = 120(1/√0.97 − 1) ≈ 1.8415 /s.
  @Test func resistanceThatMatchesTheAuthorsDecay() {
    let c = 120 * (1 / 0.97.squareRoot() - 1)
    expectClose(c, 1.8415, Tolerance("quoted to 4 decimals", 5e-5, .absolute), "c (1/s)")
    let perFrame = 1 / ((1 + c / 120) * (1 + c / 120))
    expectClose(perFrame, 0.97, Tolerance("exact identity", 1e-15, .absolute), "per frame")
  }

  /// The pin (an attachment of length 0 from the centre to an anchor there) is what an app adds
  /// to keep the disc in place; while the disc spins in place its Box2D distance joint has no
  /// axis (length below the linear slop), so it changes nothing: rows equal bit for bit.
  @Test func thePinChangesNothingWhileTheDiscSpinsInPlace() {
    let pinned = trajectory(Self.scene(omega_rad_s: 20, resistance: 1.8415, pinned: true))
    let free = trajectory(Self.scene(omega_rad_s: 20, resistance: 1.8415, pinned: false))
    #expect(pinned == free)
    #expect(pauseFrame(Self.scene(omega_rad_s: 20, resistance: 1.8415, pinned: true)) != nil)
  }
}
