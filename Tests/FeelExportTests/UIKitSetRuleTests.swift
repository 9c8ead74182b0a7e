import FeelExport
import FeelScene
import Foundation
import Testing

/// `--to uikit` of rules with `set` (docs/scene-format.md, "Changing a behavior during a run"):
/// the generated rule methods, compiled with the stand-in UIKit and called one after the other,
/// leave each behavior's UIKit properties at the values the scene file writes.
@Suite struct UIKitSetRuleTests {
  static let scene = """
    title = "set rules"
    [[item]]
    id = "a"
    size = [60, 60]
    center = [100, 100]
    [[item]]
    id = "b"
    size = [40, 40]
    center = [300, 300]
    [[behavior]]
    id = "home"
    type = "snap"
    items = ["a"]
    point = [150, 150]
    [[behavior]]
    id = "fall"
    type = "gravity"
    items = ["b"]
    [[behavior]]
    id = "tether"
    type = "attachment"
    items = ["b"]
    anchor = [300, 200]
    frequency = 2
    [[rule]]
    on = "time"
    at = 0.5
    set = "home"
    point = [250, 400]
    damping = 0.8
    [[rule]]
    on = "time"
    at = 0.7
    set = "fall"
    direction = [0, -0.5]
    [[rule]]
    on = "pause"
    set = "tether"
    anchor = [200, 250]
    length = 50
    frequency = 3.5
    damping = 0.25
    """

  @Test func generatedRulesAssignTheValuesTheSceneSets() throws {
    let scene = try SceneReader.parse(Self.scene, file: "set-rules.toml")
    let code = UIKitStubProgram.runnable(UIKitCode.swift(scene, name: "set-rules"))
      .replacingOccurrences(of: "private func rule", with: "func rule")
    let (type, items) = try UIKitStubProgram.signature(code)
    let main = [
      "let views = [\(items.map { "\($0.1)()" }.joined(separator: ", "))]",
      "let dynamics = \(type)(referenceView: UIView()"
        + items.enumerated().map { ", \($0.element.0): views[\($0.offset)] as! \($0.element.1)" }
        .joined() + ")",
      "dynamics.start()",
      "dynamics.rule1()", "dynamics.rule2()", "dynamics.rule3()",
      "let s = dynamics.home, g = dynamics.fall, t = dynamics.tether",
      "print(s.snapPoint.x, s.snapPoint.y, s.damping, g.angle, g.magnitude,"
        + " t.anchorPoint.x, t.anchorPoint.y, t.length, t.frequency, t.damping)",
    ]
    let output = try UIKitStubProgram.run(
      sources: ["SetRules.swift": code], main: main.joined(separator: "\n"))
    let values = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    // The file's values; direction [0, -0.5] is the angle −π/2 and the magnitude 0.5.
    let expected = [250, 400, 0.8, -Double.pi / 2, 0.5, 200, 250, 50, 3.5, 0.25]
    #expect(values == expected, "printed: \(output)")
  }
}
