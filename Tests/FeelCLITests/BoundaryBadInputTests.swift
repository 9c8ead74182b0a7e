import FeelTestSupport
import Foundation
import Testing

/// A 200 × 300 pt reference view (line 1), `barSceneBase` (lines 2–6), then a collision
/// behavior "walls" on "bar" (lines 7–10) and its `lines` from line 11 on.
private func walls(_ lines: String...) -> String {
  "reference_size = [200, 300]\n"
    + barScene(
      ["[[behavior]]", "id = \"walls\"", "type = \"collision\"", "items = [\"bar\"]"] + lines)
}

private let badBoundaries: [BadScene] = [
  BadScene(
    name: "insets without the reference bounds",
    text: walls("reference_bounds_insets = [10, 0, 10, 0]"), line: 11,
    key: "reference_bounds_insets",
    fragments: ["behavior \"walls\"", "reference_bounds = true", "got [10, 0, 10, 0]"]),
  BadScene(
    name: "three insets",
    text: walls("reference_bounds = true", "reference_bounds_insets = [10, 0, 10]"), line: 12,
    key: "reference_bounds_insets",
    fragments: ["[top, left, bottom, right] (pt): four numbers", "got [10, 0, 10]"]),
  BadScene(
    name: "an inset that is not a number",
    text: walls("reference_bounds = true", "reference_bounds_insets = [10, 0, \"a\", 0]"),
    line: 12, key: "reference_bounds_insets", fragments: ["four finite numbers"]),
  BadScene(
    name: "insets that leave no width",
    text: walls("reference_bounds = true", "reference_bounds_insets = [0, 150, 0, 50]"),
    line: 12, key: "reference_bounds_insets",
    fragments: ["left + right < 200", "top + bottom < 300", "got [0, 150, 0, 50]"]),
  BadScene(
    name: "insets that leave no height",
    text: walls("reference_bounds = true", "reference_bounds_insets = [200, 0, 100.5, 0]"),
    line: 12, key: "reference_bounds_insets", fragments: ["top + bottom < 300"]),
  BadScene(
    name: "path data that does not parse",
    text: walls("boundaries = [{ id = \"bowl\", path_data = \"M 0 400 Q 187.5 x 375 400\" }]"),
    line: 11, key: "path_data",
    fragments: ["boundary \"bowl\"", "SVG path data", "at character 17", "'x'"]),
  BadScene(
    name: "path data of two subpaths",
    text: walls("boundaries = [{ id = \"bowl\", path_data = \"M 0 0 L 9 9 M 20 20 L 30 30\" }]"),
    line: 11, key: "path_data", fragments: ["first subpath only", "got 2 subpaths"]),
  BadScene(
    name: "path data without a segment",
    text: walls("boundaries = [{ id = \"dot\", path_data = \"M 5 5\" }]"), line: 11,
    key: "path_data", fragments: ["at least one segment long"]),
  BadScene(
    name: "points: one point",
    text: walls("boundaries = [{ id = \"ramp\", points = [[1, 2]] }]"), line: 11,
    key: "points", fragments: ["at least two points", "got [[1, 2]]"]),
  BadScene(
    name: "points and a segment at once",
    text: walls(
      "boundaries = [{ id = \"ramp\", from = [0, 0], to = [9, 9], points = [[1, 2], [3, 4]] }]"),
    line: 11, key: "points", fragments: ["one of a segment", "'from' and 'points'"]),
  BadScene(
    name: "to with path data",
    text: walls("boundaries = [{ id = \"bowl\", path_data = \"M 0 0 L 9 9\", to = [9, 9] }]"),
    line: 11, key: "to", fragments: ["to only with from"]),
  BadScene(
    name: "a boundary with no shape",
    text: walls("boundaries = [{ id = \"nothing\" }]"), line: 11, key: "from",
    fragments: ["path_data", "points"]),
]

@Suite("feel run: bad boundaries exit 2 with file, line and key, and no rows")
struct BoundaryBadInputTests {
  @Test("a bad boundary", arguments: badBoundaries)
  func badBoundary(_ bad: BadScene) throws {
    let message = try refusedRunMessage(bad.text)
    #expect(message.hasPrefix("feel: error: bad.toml:\(bad.line!):"), "\(message)")
    #expect(message.contains("'\(bad.key)'"), "\(message)")
    expectFragments(bad.fragments, in: message)
  }

  /// `--set` may not move the insets past the reference view either: exit 2, no rows.
  @Test func setInsetsThatLeaveNoRectangle() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      walls("reference_bounds = true", "reference_bounds_insets = [10, 10, 10, 10]"),
      to: "walls.toml")
    let good = try runFeel(
      ["run", "walls.toml", "--set", "behavior.walls.reference_bounds_insets.2=40"],
      in: folder.url)
    #expect(good.status == 0, "\(good.errors)")
    let bad = try runFeel(
      ["run", "walls.toml", "--set", "behavior.walls.reference_bounds_insets.2=290"],
      in: folder.url)
    #expect(bad.status == 2)
    #expect(bad.stdout.isEmpty)
    expectFragments(
      ["behavior.walls.reference_bounds_insets.2=290", "top + bottom < 300", "[10, 10, 290, 10]"],
      in: bad.errors)
  }
}
