import FeelExport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// `--to uikit` of a springy list (docs/springy-list.md): the bounds-change handler the export
/// writes for a scroll behavior, compiled with the stand-in UIKit and called as a layout calls
/// it, moves each cell by the published formula written out here. The list's finger is
/// UIScrollView's in the app, so the code has no touch handling of FeelLab's.
@Suite struct UIKitScrollTests {
  @Test("the exported handler nudges each cell by max/min(delta, delta × distance / R)")
  func handlerNudgesByTheFormula() throws {
    let finger = "drag = { at = 0.1, from = [180, 400], to = [180, 200], duration = 0.2 }"
    let scene = try SceneReader.parse(
      springyListText(
        count: 3, duration: 1, damping: 0.5, frequency: 0.8, scroll: "resistance = 900",
        touches: "[[touch]]\nid = \"finger\"\n\(finger)"),
      file: "list.toml")
    let code = UIKitStubProgram.runnable(UIKitCode.swift(scene, name: "list"))
    #expect(!code.contains("func touchBegan(") && !code.contains("class Drag"))
    let (type, items) = try UIKitStubProgram.signature(code)
    let views = items.map { "\($0.0): \($0.0)" }.joined(separator: ", ")
    let main =
      (items.map { "let \($0.0) = UIView()" } + [
        "let dynamics = \(type)(referenceView: UIView(), \(views))",
        "dynamics.start()",
        "dynamics.scrollBoundsChanged(dynamics.list, delta: 30, touch: CGPoint(x: 180, y: 120))",
        "dynamics.scrollBoundsChanged(dynamics.list, delta: -2000, touch: CGPoint(x: 180, y: 140))",
      ] + items.map { "print(\($0.0).center.x, \($0.0).center.y)" }).joined(separator: "\n")
    let output = try UIKitStubProgram.run(sources: ["List.swift": code], main: main)
    let rows = output.split(separator: "\n").map {
      $0.split(separator: " ").compactMap { Double($0) }
    }
    try #require(rows.count == 3)
    for (i, item) in scene.items.enumerated() {
      let a = item.center_pt
      func nudge(_ delta: Double, _ touch: Point) -> Double {
        let r = (abs(touch.y - a.y) + abs(touch.x - a.x)) / 900
        return delta < 0 ? max(delta, delta * r) : min(delta, delta * r)
      }
      // The second change comes after the first moved the cell; the anchor stays.
      let y = a.y + nudge(30, Point(180, 120)) + nudge(-2000, Point(180, 140))
      #expect(rows[i] == [a.x, y], "cell \(item.id): \(rows[i]), expected [\(a.x), \(y)]")
    }
  }
}
