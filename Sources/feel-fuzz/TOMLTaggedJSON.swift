#if !FEEL_LIBFUZZER
  import FeelCore
  import FeelScene

  /// What FeelLab's TOML reader makes of a text, as one line of JSON for a comparison with
  /// another TOML reader (`feel-fuzz --toml-json`; Tests/TOML compares it with tomli). Values
  /// are tagged as the toml-test suite tags them: `{"type": "integer", "value": "42"}`, tables
  /// as objects, arrays as arrays; a date or time keeps its text, tagged `datetime`,
  /// `datetime-local`, `date-local` or `time-local` by its form.
  enum TOMLTaggedJSON {
    /// `{MEMBERS, "toml": {…}}` for a text the reader reads, `{MEMBERS, "error": "…"}` for one
    /// it refuses (its message), `{MEMBERS, "not_text": "…"}` for bytes no reader sees (empty,
    /// not UTF-8, a NUL byte: `TextFile`'s message). `members`: the line's first members, as
    /// JSON (`"file": "a.toml"`); `input`: the text too, as `"input"`.
    static func line(_ bytes: [UInt8], members: String, input: Bool) -> String {
      var out = "{" + members
      let text: String
      do {
        text = try TextFile.text(of: bytes, file: "input.toml", kind: .scene)
      } catch {
        return out + ", \"not_text\": " + QuotedString.quoted(error.description) + "}"
      }
      if input { out += ", \"input\": " + QuotedString.quoted(text) }
      do {
        let table = try TOMLNode.parse(text, file: "input.toml")
        out += ", \"toml\": "
        append(.table(table), to: &out)
      } catch {
        out += ", \"error\": " + QuotedString.quoted(error.description)
      }
      return out + "}"
    }

    private static func append(_ node: TOMLNode, to out: inout String) {
      switch node {
      case .table(let fields):
        out += "{"
        for (n, key) in fields.keys.sorted().enumerated() {
          if n > 0 { out += ", " }
          out += QuotedString.quoted(key) + ": "
          append(fields[key]!, to: &out)
        }
        out += "}"
      case .array(let elements):
        out += "["
        for (n, element) in elements.enumerated() {
          if n > 0 { out += ", " }
          append(element, to: &out)
        }
        out += "]"
      case .string(let text): tagged("string", text, &out)
      case .integer(let number): tagged("integer", String(number), &out)
      case .float(let number): tagged("float", number.description, &out)
      case .boolean(let flag): tagged("bool", String(flag), &out)
      case .dateTime(let text): tagged(dateTimeType(text), text, &out)
      }
    }

    private static func tagged(_ type: String, _ value: String, _ out: inout String) {
      out += "{\"type\": \"\(type)\", \"value\": " + QuotedString.quoted(value) + "}"
    }

    /// `datetime` (with an offset), `datetime-local`, `date-local` or `time-local`.
    private static func dateTimeType(_ text: String) -> String {
      let bytes = Array(text.utf8)
      guard bytes.count > 4, bytes[4] == UInt8(ascii: "-") else { return "time-local" }
      guard bytes.count > 10 else { return "date-local" }
      let offset =
        bytes[19...].contains { $0 == UInt8(ascii: "Z") || $0 == UInt8(ascii: "z") }
        || bytes[19...].contains { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
      return offset ? "datetime" : "datetime-local"
    }
  }
#endif
