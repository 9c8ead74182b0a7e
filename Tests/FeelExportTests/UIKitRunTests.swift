import FeelExport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// `--to uikit` of the dial's scenes, run: the inertia and detent the export writes as app code
/// (nested classes a display link ticks) turn the view as the simulation turns the item. The
/// generated class is compiled with a stand-in UIKit (Tests/UIKitStub/UIKit.swift: views and
/// their transforms, an animator that simulates nothing), ticked once per 60 Hz frame with the
/// scene's touch samples delivered before each tick as the simulation delivers them, and the
/// view's angle compared with the item's at every frame. Only scenes whose item no UIKit
/// behavior moves: the stand-in has no physics.
@Suite struct UIKitRunTests {
  static let scenes = [
    "dial-coast-author", "dial-detent-release", "dial-flick-author", "dial-count-radius",
    "dial-tap-label",
  ]

  @Test(arguments: scenes)
  func generatedAppCodeTurnsTheViewAsTheSimulationDoes(name: String) throws {
    var scene = try loadScene("experiments/scenes/\(name).toml")
    // The stand-in has no run loop, so a hold's timer never fires: holds stay out.
    scene.touches.removeAll { if case .hold = $0.trace { true } else { false } }
    scene.rules.removeAll {
      if case .touch(_, let touch?, _) = $0.on {
        !scene.touches.contains { $0.id == touch }
      } else {
        false
      }
    }
    let code = UIKitCode.swift(scene, name: name)
    let angles = try run(code, scene: scene)
    let frames = trajectory(scene)
    #expect(angles.count == scene.frameCount)
    var turned = 0.0
    for (k, angle) in angles.enumerated() {
      let expected = frames[k + 1][0].angle_rad
      turned = max(turned, abs(expected))
      // The view's transform holds the angle modulo a turn.
      var d = (angle - expected).truncatingRemainder(dividingBy: 2 * Double.pi)
      if d > Double.pi { d -= 2 * Double.pi } else if d < -Double.pi { d += 2 * Double.pi }
      expectClose(d, 0, .generatedAppCode, "\(name) frame \(k + 1) angle (rad)")
    }
    #expect(turned > 0.5, "\(name): the dial turns (\(turned) rad), so the comparison shows")
  }

  /// The same app code against the closed forms written in the test (`DialClosedForm`: the
  /// author's recurrence with its cap, threshold and stop; the detent's spring from the roots
  /// of its characteristic equation and its landing), not against the simulation: the coast
  /// from 2000°/s, and the 610°/s release the 12-value detent lands on 330°.
  @Test(arguments: [("dial-coast-author", false), ("dial-detent-release", true)])
  func generatedAppCodeFollowsTheClosedForms(name: String, detent: Bool) throws {
    let scene = try loadScene("experiments/scenes/\(name).toml")
    let rad = Double.pi / 180
    // The author's constants (docs/tempo-dial.md) and the detent of dial-detent-release.
    let closed = DialClosedForm(
      coast: .init(
        decay: 0.97, maxSpeed_rad_s: 2000 * rad, minSpeed_rad_s: 10 * rad,
        stopSpeed_rad_s: 0.0001 * rad),
      detent: detent
        ? .init(
          count: 12, phase_rad: Double.pi / 2, frequency_hz: 4, damping: 0.7,
          engageBelow_rad_s: 1) : nil)
    let v0 = (detent ? 610 : 2000) * rad
    let expected = closed.angles(v0_rad_s: v0, frames: scene.frameCount)
    if detent {
      let target = try #require(expected.takeover?.target_rad)
      expectClose(target, 330 * rad, .coastRecurrence, "the rest angle (rad)")
      #expect(expected.angles.last == target, "the closed form lands within the scene")
    } else {
      // v0/1.8 = 1111.1°, and the recurrence stops inside the scene.
      let total = try #require(expected.angles.last)
      expectClose(total, 2000 / 1.8 * rad, .coastStopTail, "coast")
    }
    let angles = try run(UIKitCode.swift(scene, name: name), scene: scene)
    #expect(angles.count == scene.frameCount)
    for (k, angle) in angles.enumerated() {
      var d = (angle - expected.angles[k]).truncatingRemainder(dividingBy: 2 * Double.pi)
      if d > Double.pi { d -= 2 * Double.pi } else if d < -Double.pi { d += 2 * Double.pi }
      expectClose(d, 0, .generatedAppCode, "\(name) frame \(k + 1) angle (rad)")
    }
  }

  /// The items' gestures and a follow drag's rubber band as app code: the pan handler's hit
  /// test (the second finger grabs the box where the first left it, the third misses it) and its
  /// clamp put the view where the simulation puts the item, frame by frame; the drag added at
  /// the drag's beginning, or at the touch-down (bound to the touch that went down on the box
  /// there, as the simulation binds it).
  @Test(arguments: ["drag-began", "touch-down"])
  func generatedPanHandlerHitTestsAndRubberBandsAsTheSimulationDoes(_ adds: String) throws {
    let scene = try SceneText(duration: 2, "reference_size = [375, 812]")
      .item("box", size: [100, 100], center: [150, 300])
      .itemDrag(
        "pull", on: "box", addedOn: adds, "mode = \"follow\"", "axis = \"y\"",
        "limit_y = [250, 400]", "rubber_band = 0.55"
      )
      .touch("up", "drag = { at = 0.1, from = [150, 320], to = [150, 150], duration = 0.3 }")
      .touch("down", "drag = { at = 0.8, from = [150, 200], to = [150, 480], duration = 0.3 }")
      .touch("miss", "drag = { at = 1.4, from = [150, 200], to = [150, 100], duration = 0.2 }")
      .scene(file: "pan.toml")
    let ys = try run(UIKitCode.swift(scene, name: "pan"), scene: scene, value: "views[0].center.y")
    let frames = trajectory(scene)
    #expect(ys.count == scene.frameCount)
    for (k, y) in ys.enumerated() {
      expectClose(y, frames[k + 1][0].center_pt.y, .generatedAppCode, "frame \(k + 1) y (pt)")
    }
    // The first pull goes 130 pt past the top limit (the box stays at 189 pt), the second,
    // down on the box there, 69 pt past the bottom one; the third misses it.
    #expect(abs(frames[30][0].center_pt.y - 250) > 10 && frames[30][0].center_pt.y < 250)
    #expect(frames[66][0].center_pt.y > 400)
  }

  /// The generated code compiled with the stand-in and a driver that ticks it once per frame
  /// with the scene's touches, and run: the first item's angle (rad) after every frame.
  func run(
    _ code: String, scene: Scene,
    value: String = "atan2(views[0].transform.b, views[0].transform.a)"
  ) throws -> [Double] {
    let runnable = UIKitStubProgram.runnable(code)
    let (type, items) = try UIKitStubProgram.signature(runnable)
    var driver = [
      "let views = [\(items.map { "\($0.1)()" }.joined(separator: ", "))]",
      "let dynamics = \(type)(referenceView: UIView()"
        + items.enumerated().map { ", \($0.element.0): views[\($0.offset)] as! \($0.element.1)" }
        .joined() + ")",
      "dynamics.start()",
      "let link = CADisplayLink(target: dynamics, selector: \"tick\")",
      "_ = link",
      "var out = \"\"",
    ]
    // Every touch's samples, delivered before the frame whose time they are due by (with the
    // contract's 1e-9 s slack), as the simulation delivers them.
    let rate = scene.frameRate_hz
    var calls: [Int: [String]] = [:]
    for touch in scene.touches {
      let samples = touch.trace.samples(frameRate_hz: rate)
      for (i, s) in samples.enumerated() {
        let frame = Int((s.t_s * rate - 1e-9 * rate).rounded(.up))
        let p = "CGPoint(x: \(s.point_pt.x), y: \(s.point_pt.y))"
        let call =
          i == 0
          ? "touchBegan(\"\(touch.id)\", at: \(p), time: \(s.t_s))"
          : i == samples.count - 1
            ? "touchEnded(\"\(touch.id)\", at: \(p), time: \(s.t_s))"
            : "touchMoved(\"\(touch.id)\", to: \(p), time: \(s.t_s))"
        calls[max(frame, 1), default: []].append("dynamics." + call)
      }
    }
    for frame in 1...scene.frameCount {
      driver += calls[frame] ?? []
      // App code without a display link (no inertia or detent) has no tick.
      if runnable.contains("func tick(") {
        driver += [
          "link.timestamp = \(Double(frame - 1) / rate)",
          "link.targetTimestamp = \(Double(frame) / rate)",
          "dynamics.tick(link)",
        ]
      }
      driver.append("out += \"\\(\(value))\\n\"")
    }
    driver.append("print(out, terminator: \"\")")
    let output = try UIKitStubProgram.run(
      sources: ["Generated.swift": runnable], main: driver.joined(separator: "\n") + "\n")
    return output.split(separator: "\n").compactMap { Double($0) }
  }
}
