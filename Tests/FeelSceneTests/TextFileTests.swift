import Testing

@testable import FeelScene

/// `TextFile`: the check every input file passes before a reader sees it.
@Suite("Input files: text, not empty, no NUL byte")
struct TextFileTests {
  func reason(_ bytes: [UInt8]) -> String? {
    do {
      _ = try TextFile.text(of: bytes, file: "f.toml", kind: .scene)
      return nil
    } catch {
      return error.reason
    }
  }

  @Test("UTF-8 text is returned as it is, multi-byte characters and a BOM included")
  func text() throws {
    let written = "\u{FEFF}title = \"café — 💥\"\r\n# ∑\n"
    #expect(try TextFile.text(of: Array(written.utf8), file: "f.toml", kind: .scene) == written)
  }

  @Test("empty, or only spaces, tabs and line breaks")
  func empty() {
    #expect(reason([]) == "it is empty")
    #expect(reason(Array(" \t\r\n\n".utf8)) == "it is empty (only white space)")
    #expect(reason(Array(" x ".utf8)) == nil)
    #expect(reason(Array("#".utf8)) == nil, "a comment is text: the reader says what is missing")
  }

  @Test("the first NUL byte, by offset (0-based) and line (1-based)")
  func nul() {
    // "a = 1\n" is 6 bytes: "b" is byte 6, the NUL byte 7, on line 2.
    #expect(
      reason(Array("a = 1\nb".utf8) + [0, 0])
        == "it is not a text file (a NUL byte at offset 7, line 2)")
    #expect(reason([0]) == "it is not a text file (a NUL byte at offset 0, line 1)")
  }

  @Test("the first byte that is not UTF-8: lone, truncated, overlong, surrogate")
  func notUTF8() {
    // "é" is 2 bytes: the bad byte is at offset 3 of line 3 ("\n\né" is 4 bytes).
    let prefix = Array("\n\né".utf8)
    #expect(prefix.count == 4)
    for bad: [UInt8] in [[0xFF], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x80]] {
      #expect(
        reason(prefix + bad + Array("x".utf8))
          == "it is not a text file (byte 0x\(String(bad[0], radix: 16, uppercase: true)) at offset 4, line 3, is not UTF-8)",
        "\(bad)")
    }
  }

  @Test("the message names the file, the kind and what is expected, on one line")
  func message() {
    let error = TextFileError(file: "a\nb.toml", kind: .scene, reason: "no such file")
    #expect(
      error.description
        == "a\\nb.toml: cannot read the scene file: no such file; expected a scene file (TOML, UTF-8)"
    )
  }
}

/// Text that TOML++ 3.4 (inside TOMLKit, FeelLab's TOML library until 2026-12) aborted on, each
/// found by `make fuzz` (docs/fuzzing.md): FeelLab's reader (`TOMLParser`) reports each as an
/// ordinary syntax error at the offending character, and valid TOML around the same characters
/// reads.
@Suite("TOML text the old TOML library tripped over is a syntax error")
struct TOMLTrippedOverTests {
  @Test(
    "refused, at the line and column of the offending character",
    arguments: [
      ("[\n", 1, 2, "table header: expected a bare key or a quoted key, saw end of line"),
      ("a = 1\n  [ \n", 2, 5, "saw end of line"),
      ("[[[a]]]\n", 1, 3, "saw '['"),
      ("[[=\n", 1, 3, "saw '='"),
      ("[ é]\n", 1, 3, "saw 'é'"),
      ("a = [}\n", 1, 6, "array: expected a value, ',' or ']', saw '}'"),
      ("a = [1,\n  # c\n  }\n", 3, 3, "saw '}'"),
      ("a = { b = [ }\n", 1, 13, "saw '}'"),
      ("a = [\u{85}]\n", 1, 6, "saw U+0085"),
      ("a = [1,\u{2029}]\n", 1, 8, "saw U+2029"),
      ("[t]\u{2028}\n", 1, 4, "saw U+2028"),
      ("\u{FEFF}# it's\n[\n", 2, 2, "saw end of line"),
      ("s = 1979-05-27T:00\n", 1, 16, "date-time: expected a time (HH:MM:SS) after '1979-05-27T'"),
      ("s = [1, 2000-01-01tZ]\n", 1, 20, "saw 'Z'"),
      ("\"a\\u0000\" = 1\n", 1, 3, "a NUL character (\\u0000) in a string"),
      ("s = \"\"\"\n\\U00000000\"\"\"\n", 2, 1, "NUL character"),
    ])
  func refused(text: String, line: Int, column: Int, fragment: String) throws {
    // Through the scene reader: a one-line syntax error at that place, saying what it saw.
    #expect {
      try SceneReader.parse(text, file: "f.toml")
    } throws: { error in
      let description = (error as? SceneError)?.description ?? ""
      return description.hasPrefix("f.toml:\(line):\(column): TOML syntax: ")
        && description.contains(fragment) && !description.contains("\n")
    }
  }

  @Test(
    "valid TOML reads: brackets in values, strings and comments",
    arguments: [
      "a = [\n  [[{ x = 1 }]],\n  [[[1]]],\n  {},\n]\n",
      "s = '''\n[\n[[=\n'''\nt = \"\"\"\n}\u{2028}\n\"\"\"\"\"\n",
      "# [\n# \u{2028} \u{85}\n[\"a b\".c]\n[[ 'x' ]]\nd = \"[}\" # ]\n",
      "e = { f = [1, 2], g = { h = [] } }\nk = [ # c\n  1, # d\n]\n",
      "u = \"\\\"[\"\n[v]\n",
      "d = 1979-05-27T07:32:00Z\ne = 1979-05-27 07:32:00\nf = [1979-05-27, 07:32:00]\n",
      "g = \"\\u0001 \\u0100\"\nh = '\\u0000'\n",
    ])
  func valid(text: String) throws {
    // No syntax error (unknown keys are the scene reader's business).
    #expect(throws: Never.self) { _ = try TOMLNode.parse(text, file: "f.toml") }
  }

  @Test("an earlier syntax error is reported first")
  func earlierErrorFirst() {
    #expect {
      try SceneReader.parse("a = 1 2\n[\n", file: "f.toml")
    } throws: { error in
      (error as? SceneError)?.line == 1
    }
  }

  @Test("a NUL byte in the text is refused as not text")
  func nul() {
    #expect {
      try SceneReader.parse("duration = 1.0\nx\0y", file: "f.toml")
    } throws: { error in
      (error as? SceneError)?.description
        == "f.toml:2:2: TOML syntax: not a text file: a NUL byte at offset 16"
    }
  }
}
