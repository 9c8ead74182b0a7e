#if !FEEL_LIBFUZZER
  import FeelCore
  import FeelScene

  /// What FeelLab's TOML reader makes of a text, as one line of JSON for a comparison with
  /// another TOML reader (`feel-fuzz --toml-json`; Tests/Contract/TOML compares it with tomli). Values
  /// are tagged as the toml-test suite tags them: `{"type": "integer", "value": "42"}`, tables
  /// as objects, arrays as arrays; a date or time keeps its text, tagged `datetime`,
  /// `datetime-local`, `date-local` or `time-local` by its form.
  enum TOMLTaggedJSON {
    /// `{MEMBERS, "toml": {…}}` for a text the reader reads, `{MEMBERS, "error": "…"}` for one
    /// it refuses (its message), `{MEMBERS, "not_text": "…"}` for bytes no reader sees (empty,
    /// not UTF-8, a NUL byte: `TextFile`'s message). `members`: the line's first members
    /// (`"file": "a.toml"`); `input`: the text too, as `"input"`.
    static func line(_ bytes: [UInt8], members: [(String, JSONTree)], input: Bool) -> String {
      var members = members
      do {
        let text = try TextFile.text(of: bytes, file: "input.toml", kind: .scene)
        if input { members.append(("input", .string(text))) }
        do {
          let table = try TOMLNode.parse(text, file: "input.toml")
          members.append(("toml", tree(.table(table))))
        } catch {
          members.append(("error", .string(error.description)))
        }
      } catch {
        members.append(("not_text", .string(error.description)))
      }
      return JSONWriter(layout: .inline).text(JSONTree.object(members))
    }

    private static func tree(_ node: TOMLNode) -> JSONTree {
      switch node {
      case .table(let fields): .object(fields.keys.sorted().map { ($0, tree(fields[$0]!)) })
      case .array(let elements): .array(elements.map(tree))
      case .string(let text): tagged("string", text)
      case .integer(let number): tagged("integer", String(number))
      case .float(let number): tagged("float", number.description)
      case .boolean(let flag): tagged("bool", String(flag))
      case .dateTime(let text): tagged(dateTimeType(text), text)
      }
    }

    private static func tagged(_ type: String, _ value: String) -> JSONTree {
      .object([("type", .string(type)), ("value", .string(value))])
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
