import FeelCore
import Foundation
import Testing

/// `JSONWriter`, FeelLab's one JSON writer: keys in encoding order, the CLI's digits, RFC 8259's
/// escapes. Foundation's `JSONSerialization` is the independent reader that every text must
/// satisfy; C's `%.9g` (through `String(format:)`) is the reference for the digits.
@Suite struct JSONWriterTests {
  /// A value whose synthesized conformance encodes its keys out of alphabetical order.
  struct Sample: Encodable {
    var zeta = "z"
    var alpha: Double? = 0.1
    var missing: Int? = nil
    var point = [1.5, -2.0]
    var nested = Inner()
    var empty: [String] = []
    var none: [String: Int] = [:]
  }

  struct Inner: Encodable {
    var b = true
    var a: [[Int]] = [[1, 2], [3]]
  }

  @Test("keys keep their encoding order; a nil optional is null; each layout as defined")
  func layouts() {
    let sample = Sample()
    #expect(
      JSONWriter(layout: .compact).text(sample)
        == #"{"zeta":"z","alpha":0.1,"missing":null,"point":[1.5,-2],"#
        + #""nested":{"b":true,"a":[[1,2],[3]]},"empty":[],"none":{}}"#)
    #expect(
      JSONWriter(layout: .inline).text(sample)
        == #"{"zeta": "z", "alpha": 0.1, "missing": null, "point": [1.5, -2], "#
        + #""nested": {"b": true, "a": [[1, 2], [3]]}, "empty": [], "none": {}}"#)
    #expect(
      JSONWriter(layout: .padded).text(sample)
        == #"{ "zeta": "z", "alpha": 0.1, "missing": null, "point": [1.5, -2], "#
        + #""nested": { "b": true, "a": [[1, 2], [3]] }, "empty": [], "none": {} }"#)
    #expect(
      JSONWriter().line(sample) == """
        {
          "zeta": "z",
          "alpha": 0.1,
          "missing": null,
          "point": [1.5, -2],
          "nested": {
            "b": true,
            "a": [
              [1, 2],
              [3]
            ]
          },
          "empty": [],
          "none": {}
        }

        """)
  }

  @Test("a member may choose its own layout, which its members then take")
  func laidMembers() {
    struct Outer: Encodable {
      var rows = [JSONLayout.Laid(.padded, Inner()), JSONLayout.Laid(.padded, Inner(b: false))]
      var flat = JSONLayout.Laid(.inline, Inner())
      var mixed = JSONLayout.Laid(.inline, Mixed())
    }
    struct Mixed: Encodable {
      var b = 1
      var rows = JSONLayout.Laid(.lines, [[1], [2]])
    }
    #expect(
      JSONWriter().text(Outer()) == """
        {
          "rows": [
            { "b": true, "a": [[1, 2], [3]] },
            { "b": false, "a": [[1, 2], [3]] }
          ],
          "flat": {"b": true, "a": [[1, 2], [3]]},
          "mixed": {"b": 1, "rows": [
            [1],
            [2]
          ]}
        }
        """)
  }

  @Test("strings with RFC 8259's escapes (section 7), keys too")
  func escapes() {
    let text = JSONWriter(layout: .compact).text([
      "q\"b\\": "\u{0}\u{8}\u{C}\n\r\t\u{1F}/é😀\u{7F}"
    ])
    #expect(text == #"{"q\"b\\":"\u0000\u0008\u000c\n\r\t\u001f/é😀\u007f"}"#)
    #expect(
      JSONWriter(layout: .compact, scriptSafe: true).text(["</script>&\u{2028}"])
        == #"["\u003c/script\u003e\u0026\u2028"]"#)
  }

  @Test("doubles take the CLI's digits (C's %.9g, 0 for -0); not finite is null")
  func numbers() {
    let values: [Double] = [0.1 + 0.2, 1.0 / 3, 1e-7, -0.0, 160, 2.5e21, -1234.5678901]
    #expect(
      JSONWriter(layout: .compact).text(values)
        == "[0.3,0.333333333,1e-07,0,160,2.5e+21,-1234.56789]")
    #expect(JSONWriter(layout: .compact).text([Double.infinity, .nan]) == "[null,null]")
    #expect(JSONWriter().text(Float(0.1)) == "0.100000001")
    #expect(JSONWriter().text(Int64.min) == "-9223372036854775808")
    var random = SplitMix64(state: 37)
    for _ in 0..<2_000 {
      let bits = random.next()
      let x = Double(bitPattern: bits)
      guard x.isFinite, x != 0 else { continue }
      #expect(JSONWriter().text(x) == String(format: "%.9g", x))
    }
  }

  @Test("a CSV cell's number keeps its text (a time's 1.0); text that is no number is null")
  func cells() throws {
    let cells = ["1.0", "0.016666666666666666", "-3.5e-07", "160", "0"]
    let text = JSONWriter(layout: .compact).text(cells.map(JSONNumber.init(cell:)))
    #expect(text == "[1.0,0.016666666666666666,-3.5e-07,160,0]")
    let read = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Double])
    #expect(read == cells.map { Double($0)! })
    for cell in ["nan", "inf", "-inf", "", "1,5", "0x10"] {
      #expect(JSONNumber(cell: cell).text == "null", "\(cell)")
    }
  }

  @Test("shortest digits for values as written read back to the same double")
  func shortest() {
    #expect(JSONNumber.shortest(160).text == "160")
    #expect(JSONNumber.shortest(0.35).text == "0.35")
    #expect(JSONNumber.shortest(-0.0).text == "0")
    #expect(JSONNumber.shortest(1e-5).text == "1e-05")
    #expect(JSONNumber.shortest(.nan).text == "null")
    var random = SplitMix64(state: 8_259)
    for _ in 0..<1_000 {
      let x = Double(bitPattern: random.next())
      guard x.isFinite else { continue }
      #expect(Double(JSONNumber.shortest(x).text) == x)
    }
  }

  @Test("Foundation's JSON reader reads every layout back to what was written")
  func readsBack() throws {
    var random = SplitMix64(state: 2_026)
    let alphabet: [Unicode.Scalar] =
      (0..<0x80).map { Unicode.Scalar(UInt8($0)) } + ["é", "\u{2028}", "😀"]
    func string() -> String {
      var text = ""
      for _ in 0..<Int(random.next() % 12) {
        text.unicodeScalars.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
      }
      return text
    }
    for round in 0..<200 {
      var object: [String: [String: Double]] = [:]
      var expected: [String: [String: Double]] = [:]
      for _ in 0..<Int(random.next() % 5) {
        let key = string()
        var inner: [String: Double] = [:]
        for _ in 0..<Int(random.next() % 4) {
          let x = Double(Int64(bitPattern: random.next()) % 1_000_000) / 997
          let k = string()
          inner[k] = x
        }
        object[key] = inner
        expected[key] = inner.mapValues { Double(String(format: "%.9g", $0))! }
      }
      let layouts: [JSONLayout] = [.compact, .inline, .padded, .lines]
      let layout = layouts[round % layouts.count]
      let text = JSONWriter(layout: layout, scriptSafe: round % 2 == 0).text(object)
      let read =
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: [String: Double]]
      #expect(read == expected, "\(layout): \(text)")
    }
  }

  @Test("another encoder sees JSONNumber as its double and a laid value as itself")
  func foreignEncoder() throws {
    let data = try JSONEncoder().encode([
      JSONLayout.Laid(.padded, JSONNumber(0.1 + 0.2)), JSONLayout.Laid(.inline, .shortest(-0.0)),
    ])
    #expect(String(decoding: data, as: UTF8.self) == "[0.3,0]")
  }

  @Test("a tree and members whose keys are data keep the order given")
  func trees() throws {
    let tree = JSONTree.object([
      ("z", .array([.int(1), .number(.shortest(0.1 + 0.2)), .number(JSONNumber(0.1 + 0.2))])),
      ("a", .object([("x", .null), ("y", .bool(false)), ("s", .string("<"))])),
    ])
    #expect(
      JSONWriter(layout: .compact).text(tree)
        == #"{"z":[1,0.30000000000000004,0.3],"a":{"x":null,"y":false,"s":"<"}}"#)
    #expect(tree != .object([]))
    let members = JSONMembers([(key: "b", value: 2.0), (key: "a", value: -1.0)])
    #expect(JSONWriter(layout: .inline).text(members) == #"{"b": 2, "a": -1}"#)
    let read = try JSONSerialization.jsonObject(with: Data(JSONWriter().text(tree).utf8))
    let a = (read as? [String: Any])?["a"] as? [String: Any]
    #expect(a?["x"] is NSNull)
    #expect(a?["y"] as? Bool == false)
    #expect(a?["s"] as? String == "<")
  }
}
