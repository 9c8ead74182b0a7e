import FeelCore
import FeelNotebook
import Testing

@Suite("Trajectory codec")
struct TrajectoryCodecTests {
  @Test("Hand-worked encodings: zigzag, 5 bits per character, continuation bit 32")
  func handWorked() {
    // 0 → zigzag 0 → "A"; 1 → 2 → "C"; −1 → 1 → "B"; 15 → 30 → "e"; 16 → 32 → low 0 with
    // the continuation bit (index 32, "g"), then 1 ("B").
    #expect(TrajectoryCodec.encode([0]) == "A")
    #expect(TrajectoryCodec.encode([1]) == "C")
    #expect(TrajectoryCodec.encode([-1]) == "B")
    #expect(TrajectoryCodec.encode([15]) == "e")
    #expect(TrajectoryCodec.encode([16]) == "gB")
    // Deltas: 100, then +1, +1, −2 → zigzag 200 = 8 + 6·32 → "oG", then "C", "C", "D".
    #expect(TrajectoryCodec.encode([100, 101, 102, 100]) == "oGCCD")
    // A trailing run of equal values is cut to its first: decoding pads with the last value.
    #expect(TrajectoryCodec.encode([5, 5, 5, 5]) == "K")
    #expect(TrajectoryCodec.encode([]) == "")
  }

  @Test("Quantisation rounds half away from zero to 1/100 pt")
  func quantisation() {
    // 160.004 → 16000 (zigzag 32000 = 0 + 8·32 + 31·1024 → "g", "o", "f"), 160.005 → 16001
    // (+1 → "C"), −0.005 → −1 (−16002 → zigzag 32003 = 3 + 8·32 + 31·1024 → "j", "o", "f").
    #expect(TrajectoryCodec.encode([160.004, 160.005, -0.005], scale: 100) == "gofCjof")
  }

  @Test("Round trip of large, negative and repeated values")
  func roundTrip() {
    let values: [Int64] = [0, 1, -1, 31, 32, -33, 1_000_000, -9_000_000_000, 7, 7, 7]
    #expect(TrajectoryCodec.decode(TrajectoryCodec.encode(values), count: values.count) == values)
    #expect(TrajectoryCodec.decode("K", count: 3) == [5, 5, 5])
    #expect(TrajectoryCodec.decode("g", count: 1) == nil)  // a dangling continuation
    #expect(TrajectoryCodec.decode("A!", count: 2) == nil)  // not in the alphabet
  }
}

@Suite("Escaping names from experiment files")
struct EscapingTests {
  static let hostile = "</script><img src=x onerror=alert(1)>"

  @Test("JavaScript string literals: no <, >, & or line separators survive")
  func javaScript() {
    #expect(
      JSONTree.string(Self.hostile).text
        == #""\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e""#)
    #expect(JSONTree.string("a\"b\\c\nd\u{2028}e&f").text == #""a\"b\\c\nd\u2028e\u0026f""#)
    #expect(JSONTree.string("\u{0}\u{1F}").text == #""\u0000\u001f""#)
    #expect(JSONTree.string("10 pt ← → ×").text == "\"10 pt ← → ×\"")
  }

  @Test("HTML text and attributes")
  func html() {
    #expect(
      HTMLText.escape(Self.hostile)
        == "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;")
    #expect(HTMLText.escape("\"a\" & 'b'") == "&quot;a&quot; &amp; &#39;b&#39;")
    #expect(
      HTMLText.paragraphs("one\ntwo <b>\n\n  three  \n") == ["one two &lt;b&gt;", "three"])
  }

  @Test("Slugs keep letters, digits, - _ . only")
  func slugs() {
    #expect(HTMLText.slug("snap-damping-release") == "snap-damping-release")
    #expect(HTMLText.slug("../<x> y") == "x--y")
    #expect(HTMLText.slug("***") == "experiment")
  }

  @Test("Numbers print as JavaScript reads them back")
  func numbers() {
    #expect(JSONTree.number(160).text == "160")
    #expect(JSONTree.number(0.35).text == "0.35")
    #expect(JSONTree.number(-0.0).text == "0")
    #expect(JSONTree.number(1e-5).text == "1e-05")
    #expect(JSONTree.number(.nan).text == "null")
    #expect(
      JSONTree.object([("a", .array([.int(1), .null, .bool(true)]))]).text
        == #"{"a":[1,null,true]}"#)
  }
}
