import FeelCore
import Testing

/// `MessageText.oneLine`: whatever a file holds, a message stays one line of plain text.
@Suite struct MessageTextTests {
  @Test("line breaks and control characters are written as escapes")
  func escapes() {
    #expect(MessageText.oneLine("plain: 'a', \"b\"") == "plain: 'a', \"b\"")
    #expect(MessageText.oneLine("a\nb\r\tc") == #"a\nb\r\tc"#)
    #expect(MessageText.oneLine("\u{1B}[31m\u{7F}\u{85}") == #"\u{1B}[31m\u{7F}\u{85}"#)
    #expect(MessageText.oneLine("a\u{2028}b\u{2029}") == #"a\u{2028}b\u{2029}"#)
    #expect(MessageText.oneLine("é 😀") == "é 😀")
  }

  @Test("no character of the result breaks a line")
  func oneLine() {
    var text = ""
    for value in 0..<0x3000 {
      if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
    }
    let line = MessageText.oneLine(text)
    let breaks = line.filter(\.isNewline)
    let controls = line.unicodeScalars.filter {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
    }
    #expect(breaks.isEmpty)
    #expect(controls.isEmpty)
  }
}
