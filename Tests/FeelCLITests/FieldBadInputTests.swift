import FeelTestSupport
import Foundation
import Testing

/// A field behavior on item "bar": `[[behavior]]` on line 6, its id on 7, type on 8, items on 9,
/// then `lines` from line 10 on.
private func field(_ id: String = "f", _ lines: String...) -> String {
  barScene(["[[behavior]]", "id = \"\(id)\"", "type = \"field\"", "items = [\"bar\"]"] + lines)
}

/// `count` spring fields on "bar", each four lines, the k-th (from 1) starting on line 6 + 5(k−1).
private func fields(_ count: Int) -> String {
  barScene(
    (1...count).flatMap { k in
      [
        "[[behavior]]", "id = \"f\(k)\"", "type = \"field\"", "items = [\"bar\"]",
        "kind = \"spring\"",
      ]
    })
}

private let badFields: [BadScene] = [
  BadScene(
    name: "unknown field kind", text: field("f", "kind = \"gravity\""), line: 10, key: "kind",
    fragments: ["\"spring\"", "\"gravity\""]),
  BadScene(
    name: "field without a kind", text: field("f", "strength = 2"), line: 6, key: "kind",
    fragments: ["behavior \"f\""]),
  BadScene(
    name: "rect region without its size",
    text: field("f", "kind = \"spring\"", "region = { shape = \"rect\" }"), line: 11, key: "size",
    fragments: ["[width, height]"]),
  BadScene(
    name: "circle region without its radius",
    text: field("f", "kind = \"spring\"", "region = { shape = \"circle\", size = [1, 2] }"),
    line: 11, key: "radius", fragments: ["radius"]),
  BadScene(
    name: "region operand with inverse",
    text: field(
      "f", "kind = \"spring\"",
      "region = { shape = \"circle\", radius = 5, union = { shape = \"rect\", size = [1, 1], inverse = true } }"
    ), line: 11, key: "union", fragments: ["plain shape", "inverse"]),
  BadScene(
    name: "region with two operations",
    text: field(
      "f", "kind = \"spring\"",
      "region = { shape = \"circle\", radius = 5, union = { shape = \"infinite\" }, difference = { shape = \"infinite\" } }"
    ), line: 11, key: "difference", fragments: ["at most one"]),
  BadScene(
    name: "field under profile ios7", text: "profile = \"ios7\"\n" + field("f", "kind = \"drag\""),
    line: 11, key: "kind", fragments: ["profile = \"ios7\"", "iOS 9's"]),
  BadScene(
    name: "noise field under profile ios7",
    text: "profile = \"ios7\"\n" + field("f", "kind = \"noise\"", "smoothness = 0.5"),
    line: 11, key: "kind", fragments: ["profile = \"ios7\"", "iOS 9's"]),
  BadScene(
    name: "noise smoothness not a number",
    text: field("f", "kind = \"noise\"", "smoothness = \"rough\""), line: 11,
    key: "smoothness", fragments: ["\"rough\""]),
  BadScene(
    name: "turbulence animation speed not a number",
    text: field("f", "kind = \"turbulence\"", "animation_speed = [1, 2]"), line: 11,
    key: "animation_speed", fragments: ["1/s"]),
  BadScene(
    name: "the 33rd field", text: fields(33), line: 6 + 5 * 32 + 2, key: "type",
    fragments: ["behavior \"f33\"", "32"]),
]

@Suite("feel run: bad field input exits 2 with one clear message and no rows")
struct FieldBadInputTests {
  @Test("a malformed field", arguments: badFields)
  func malformedField(_ bad: BadScene) throws {
    let message = try refusedRunMessage(bad.text)
    #expect(message.hasPrefix("feel: error: bad.toml:\(bad.line!):"), "\(message)")
    #expect(message.contains("'\(bad.key)'"), "\(message)")
    expectFragments(bad.fragments, in: message)
  }

  @Test("32 fields run")
  func thirtyTwoFieldsRun() throws {
    let folder = try TemporaryFolder()
    try folder.write(fields(32), to: "ok.toml")
    let result = try runFeel(["run", "ok.toml"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
  }

  @Test(
    "noise and turbulence run, a negative smoothness too (UIKit takes max(smoothness, 0))",
    arguments: ["noise", "turbulence"])
  func noiseFieldsRun(kind: String) throws {
    let folder = try TemporaryFolder()
    try folder.write(
      field(
        "f", "kind = \"\(kind)\"", "strength = 3", "smoothness = -0.5", "animation_speed = -2"),
      to: "ok.toml")
    let result = try runFeel(["run", "ok.toml"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
  }

  @Test("feel inspect lists each field with its kind's falloff and its region")
  func inspectListsFields() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      field(
        "corner", "kind = \"spring\"", "position = [10, 20]",
        "region = { shape = \"circle\", radius = 5, inverse = true }"), to: "f.toml")
    let result = try runFeel(["inspect", "f.toml", "--json"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let fields = try #require(object["fields"] as? [[String: Any]])
    #expect(fields.count == 1)
    #expect(fields.first?["kind"] as? String == "spring")
    #expect(fields.first?["behavior"] as? String == "corner")
    #expect((fields.first?["falloff"] as? Double) == -1, "the spring's default falloff")
    #expect((fields.first?["position_pt"] as? [Double]) == [10, 20])
    let region = try #require(fields.first?["region"] as? [String: Any])
    #expect((region["shape"] as? String) == "circle")
    #expect((region["inverse"] as? Bool) == true)
  }
}
