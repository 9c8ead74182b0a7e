import FeelTestSupport
import Foundation
import Testing

@testable import feel_serve

/// `LiveMessageFastPath` reads a message only when `LiveMessage.parseAny` (the `JSONValue` way)
/// reads it too, and to the same message (docs/server-measurements.md, "Speed").
@Suite struct LiveMessageFastPathTests {
  /// What each way makes of `text`: the message shown, or nil (refused, or left to the other).
  static func both(_ text: String) -> (fast: String?, any: String?) {
    let bytes = Array(text.utf8)
    let fast = LiveMessageFastPath.parse(bytes).map { "\($0)" }
    let any = (try? LiveMessage.parseAny(bytes)).map { "\($0)" }
    return (fast, any)
  }

  static let drag = [
    #"{"type": "touch", "id": "f1", "phase": "move", "t_s": 0.675, "x_pt": 218.54101966249686, "y_pt": 25}"#,
    #"{"type":"touch","id":"f","phase":"down","t_s":0,"x_pt":-1e2,"y_pt":2.5E+1}"#,
    #"{"y_pt": 0.1, "x_pt": 3, "t_s": 1.5e-3, "phase": "up", "id": "é-1", "type": "touch"}"#,
    #"{"type": "touch", "id": "", "phase": "move", "t_s": 7, "x_pt": 1e300, "y_pt": -0.0}"#,
    #"{"type": "advance", "to_t_s": 0.675}"#,
    #"  {"to_t_s" : 12 , "type" : "advance"}  "#,
    "{\"type\":\t\"advance\",\r\n\"to_t_s\":0.0}",
    #"{"type": "advance", "to_t_s": -0.5e-3}"#,
    #"{"type": "advance", "to_t_s": 2.2250738585072014e-308}"#,
  ]

  @Test("a drag's touches and advances are read by the fast way, to what the general way reads")
  func dragMessages() {
    for text in Self.drag {
      let (fast, any) = Self.both(text)
      #expect(fast != nil, "not read by the fast way: \(text)")
      #expect(fast == any, "\(text): fast \(fast ?? "nil"), general \(any ?? "nil")")
    }
  }

  /// Messages the general way refuses, saying what is wrong; the fast way must leave them to it.
  static let refused = [
    #"{"type": "touch", "id": "f1", "phase": "move", "t_s": 0.5, "x_pt": 1, "y_pt": 2, "z": 1}"#,
    #"{"type": "touch", "id": 1, "phase": "move", "t_s": 0.5, "x_pt": 1, "y_pt": 2}"#,
    #"{"type": "touch", "id": "f1", "phase": "hover", "t_s": 0.5, "x_pt": 1, "y_pt": 2}"#,
    #"{"type": "touch", "id": "f1", "phase": "move", "t_s": "0.5", "x_pt": 1, "y_pt": 2}"#,
    #"{"type": "touch", "id": "f1", "phase": "move", "t_s": null, "x_pt": 1, "y_pt": 2}"#,
    #"{"type": "touch", "id": "f1", "phase": "move", "t_s": 1e999, "x_pt": 1, "y_pt": 2}"#,
    #"{"type": "touch", "id": "f1", "phase": "move", "t_s": true, "x_pt": 1, "y_pt": 2}"#,
    #"{"type": "touch", "id": "f1", "phase": "move", "x_pt": 1, "y_pt": 2}"#,
    #"{"type": "advance", "to_t_s": [1]}"#,
    #"{"type": "advance"}"#,
    #"{"type": "advance", "to_t_s": 1, "extra": {}}"#,
    #"{"type": "Advance", "to_t_s": 1}"#,
    #"[{"type": "advance", "to_t_s": 1}]"#,
    #"{"type": "advance", "to_t_s": 1"#,
    "",
    // Numbers JSON does not have, one that rounds to zero, text after the object.
    #"{"type": "advance", "to_t_s": 01}"#,
    #"{"type": "advance", "to_t_s": .5}"#,
    #"{"type": "advance", "to_t_s": 1.}"#,
    #"{"type": "advance", "to_t_s": +1}"#,
    #"{"type": "advance", "to_t_s": 1e-400}"#,
    #"{"type": "advance", "to_t_s": 1} {}"#,
  ]

  /// Messages the general way reads and the fast way leaves to it: a `set`, a key given twice,
  /// an escape, a number below the normal range or of more digits than a double's text has, a
  /// trailing comma (which Foundation's reader lets pass).
  static let leftToTheGeneralWay = [
    #"{"type": "set", "set": {"behavior.scrub-snap.damping": 0.5}}"#,
    #"{"type": "advance", "to_t_s": 1, "to_t_s": 2}"#,
    #"{"type": "touch", "id": "f\u0031", "phase": "move", "t_s": 0.5, "x_pt": 1, "y_pt": 2}"#,
    #"{"type": "advance", "to_t_s": 1e-320}"#,
    #"{"type": "advance", "to_t_s": 0.100000000000000000000000000000000000001}"#,
    #"{"type": "advance", "to_t_s": 1,}"#,
  ]

  @Test("a message the fast way does not read goes the general way, which reads or refuses it")
  func othersLeftToTheGeneralWay() {
    for text in Self.refused + Self.leftToTheGeneralWay {
      #expect(Self.both(text).fast == nil, "read by the fast way: \(text)")
    }
    for text in Self.refused {
      #expect(Self.both(text).any == nil, "\(text): read by the general way")
    }
    for text in Self.leftToTheGeneralWay {
      #expect(Self.both(text).any != nil, "\(text): refused by the general way")
    }
  }

  @Test("a string whose bytes are not UTF-8 goes the general way, which refuses it")
  func notUTF8() {
    var bytes = Array(
      #"{"type": "touch", "id": "fX", "phase": "move", "t_s": 0.5, "x_pt": 1, "y_pt": 2}"#.utf8)
    bytes[bytes.firstIndex(of: UInt8(ascii: "X"))!] = 0xFF
    #expect(LiveMessageFastPath.parse(bytes) == nil)
    #expect((try? LiveMessage.parseAny(bytes)) == nil)
  }

  @Test(
    "random drags, with keys dropped, added, doubled or of the wrong kind: never a different reading"
  )
  func mutatedMessages() {
    // Seeded: every run checks the same 3,000 messages (FeelLab's one generator, SplitMix64).
    var random = SplitMix64(state: 21)
    // About a third of the messages are left unmutated, and each of those is a drag message the
    // fast way must read: fewer than a tenth read means the fast way has stopped reading drags.
    let leastReadFast = 300
    let values = [
      "0.25", "-3", "1e-7", "\"x\"", "null", "true", "[]", "{}", "1e400", "\"move\"", "1e-400",
      "5e-324", "01", "-0", "\"f\\u0031\"", "\"\\\"\"", "\"é\"",
    ]
    let keys = ["type", "id", "phase", "t_s", "x_pt", "y_pt", "to_t_s", "extra"]
    var readFast = 0
    for _ in 0..<3000 {
      var members: [(String, String)] =
        Bool.random(using: &random)
        ? [("type", "\"advance\""), ("to_t_s", "0.5")]
        : [
          ("type", "\"touch\""), ("id", "\"f1\""), ("phase", "\"move\""), ("t_s", "0.5"),
          ("x_pt", "1.5"), ("y_pt", "2"),
        ]
      for _ in 0..<Int.random(in: 0...2, using: &random) {
        let i = Int.random(in: members.indices, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: members.remove(at: i)
        case 1:
          members.append(
            (keys.randomElement(using: &random)!, values.randomElement(using: &random)!))
        case 2: members.append(members[i])
        default: members[i].1 = values.randomElement(using: &random)!
        }
        if members.isEmpty { break }
      }
      members.shuffle(using: &random)
      let text = "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
      let (fast, any) = Self.both(text)
      if let fast {
        readFast += 1
        #expect(fast == any, "\(text): fast \(fast), general \(any ?? "refused")")
      }
    }
    #expect(readFast >= leastReadFast, "the fast way read only \(readFast) of 3000")
  }
}
