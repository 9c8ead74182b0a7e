import FeelCore
import Foundation
import Testing

/// `QuotedString` writes string literals JSON, TOML and JavaScript all read back as the same
/// text; Foundation's JSON reader is the independent reader here.
@Suite struct QuotedStringTests {
  @Test("the escapes JSON defines (RFC 8259, section 7)")
  func escapes() {
    #expect(QuotedString.quoted("plain") == #""plain""#)
    #expect(QuotedString.quoted("a\"b\\c") == #""a\"b\\c""#)
    #expect(QuotedString.quoted("\n\r\t") == #""\n\r\t""#)
    #expect(QuotedString.quoted("\u{1}\u{1F}\u{7F}") == #""\u0001\u001f\u007f""#)
    // Inside a script element: no `</script>`, no entity, no JavaScript line terminator.
    #expect(
      QuotedString.quoted("</script>&\u{2028}\u{2029}", scriptSafe: true)
        == #""\u003c/script\u003e\u0026\u2028\u2029""#)
    #expect(QuotedString.quoted("<&>\u{2028}") == "\"<&>\u{2028}\"")
  }

  @Test("JSON reads every quoted string back as it was")
  func roundTripsThroughJSON() throws {
    var random = SplitMix64(state: 2_029)
    let alphabet: [Unicode.Scalar] =
      (0..<0x80).map { Unicode.Scalar(UInt8($0)) } + ["é", "\u{2028}", "\u{2029}", "😀", "\u{FFFD}"]
    for round in 0..<500 {
      var text = ""
      for _ in 0..<Int(random.next() % 24) {
        text.unicodeScalars.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
      }
      for scriptSafe in [false, true] {
        let literal = "[" + QuotedString.quoted(text, scriptSafe: scriptSafe) + "]"
        let read = try JSONSerialization.jsonObject(with: Data(literal.utf8)) as? [String]
        #expect(read == [text], "round \(round): \(literal)")
      }
    }
  }
}
