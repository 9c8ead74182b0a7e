/// Finds the line of a key in a scene's TOML text, for error messages: the TOML reader knows
/// lines only for syntax errors, so the scene reader looks keys up here.
///
/// One pass over the text, skipping strings and comments, records every table (the top level,
/// each `[header]` or `[[header]]` section, each inline `{ … }` table) with the line of each of
/// its keys. The text is assumed to be valid TOML: it is only scanned after TOMLKit parsed it.
struct SceneSourceMap: Sendable {
  /// A table of the file, with 1-based lines.
  struct Table: Sendable {
    /// Line of its `[header]`, or of its opening `{`; 1 for the top level.
    var line: Int
    /// Line of each of its keys (dotted keys are recorded whole: `a.b`).
    var keyLines: [String: Int] = [:]
    /// Inline tables written in the values of its keys, in file order, by key:
    /// `boundaries = [ { … }, { … } ]` gives two under `boundaries`.
    var inlineTables: [String: [Table]] = [:]
  }

  /// Which table of the scene a key belongs to.
  enum TablePath: Sendable, Equatable {
    /// The top level (keys before the first header).
    case root
    /// The `index`-th (0-based) table of the top-level array `array`: the `index`-th
    /// `[[array]]` section, or the `index`-th inline table of `array = [ … ]`.
    case element(_ array: String, _ index: Int)
    /// The `subindex`-th table of the array `key` inside `.element(array, index)`:
    /// `[[array.key]]` sections after that element's header, or the inline tables of `key = [ … ]`.
    case nested(_ array: String, _ index: Int, _ key: String, _ subindex: Int)
  }

  /// Keys before the first header.
  private var root: Table
  /// Every `[header]` and `[[header]]` section in file order, with its dotted path.
  private var sections: [(path: [String], table: Table)]

  init(_ text: String) {
    var scanner = Scanner(bytes: Array(text.utf8))
    scanner.run()
    root = scanner.root
    sections = scanner.sections
  }

  /// Line of `key` in the table at `path`; the table's own line when the key is not written
  /// there (a missing key); nil when the table cannot be found. At the top level, a key may
  /// also be written as a `[key]` or `[[key]]` header.
  func line(of key: String, in path: TablePath) -> Int? {
    guard let table = table(at: path) else { return nil }
    if path == .root, table.keyLines[key] == nil,
      let section = sections.first(where: { $0.path.first == key })
    {
      return section.table.line
    }
    return table.keyLines[key] ?? table.line
  }

  /// Whether the file writes `key` in the table at `path` (a default is not written).
  func writes(_ key: String, in path: TablePath) -> Bool {
    table(at: path)?.keyLines[key] != nil
  }

  private func table(at path: TablePath) -> Table? {
    switch path {
    case .root:
      return root
    case .element(let array, let index):
      return element(index, of: elements(of: array))
    case .nested(let array, let index, let key, let subindex):
      guard let sectionIndex = sectionIndex(ofElement: index, of: array) else {
        // The array is written inline at the top level: look inside that inline table.
        let parent = element(index, of: root.inlineTables[array] ?? [])
        return element(subindex, of: parent?.inlineTables[key] ?? [])
      }
      let inline = sections[sectionIndex].table.inlineTables[key] ?? []
      let subsections = sections[(sectionIndex + 1)...]
        .prefix { $0.path != [array] }
        .filter { $0.path == [array, key] }
        .map(\.table)
      return element(subindex, of: inline + subsections)
    }
  }

  /// The tables of the top-level array `array`, whichever way the file writes them.
  private func elements(of array: String) -> [Table] {
    let headed = sections.filter { $0.path == [array] }.map(\.table)
    return headed.isEmpty ? root.inlineTables[array] ?? [] : headed
  }

  /// Index in `sections` of the `index`-th `[[array]]` section.
  private func sectionIndex(ofElement index: Int, of array: String) -> Int? {
    let matching = sections.indices.filter { sections[$0].path == [array] }
    return index < matching.count ? matching[index] : nil
  }

  private func element(_ index: Int, of tables: [Table]) -> Table? {
    index >= 0 && index < tables.count ? tables[index] : nil
  }
}

extension SceneSourceMap {
  /// The one pass over the text. Tracks the line, the open `[` and `{` brackets (keys occur
  /// only at the start of a line outside brackets, or after `{` and `,` inside an inline table)
  /// and the tables being filled.
  private struct Scanner {
    /// An inline table being read, with the key whose value holds it.
    private struct OpenTable {
      var table: Table
      var parentKey: String
      var lastKey: String?
    }

    let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private(set) var root = Table(line: 1)
    private(set) var sections: [(path: [String], table: Table)] = []
    /// The table keys are recorded in outside inline tables; `path` is nil for the top level.
    private var current = Table(line: 1)
    private var currentPath: [String]?
    private var currentLastKey: String?
    private var openTables: [OpenTable] = []
    private var brackets: [UInt8] = []
    private var expectingKey = true

    init(bytes: [UInt8]) {
      self.bytes = bytes
    }

    mutating func run() {
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case .newline:
          line += 1
          if brackets.isEmpty { expectingKey = true }
          index += 1
        case .space, .tab, .carriageReturn:
          index += 1
        case .hash:
          skipToEndOfLine()
        case .openBracket where expectingKey && brackets.isEmpty:
          readHeader()
        case .closeBracket, .closeBrace:
          closeBracket()
        case _ where expectingKey && (brackets.isEmpty || brackets.last == .openBrace):
          readKey()
        case .doubleQuote, .singleQuote:
          skipString()
        case .openBracket:
          brackets.append(byte)
          index += 1
        case .openBrace:
          brackets.append(byte)
          let parentKey = openTables.last?.lastKey ?? currentLastKey ?? ""
          openTables.append(OpenTable(table: Table(line: line), parentKey: parentKey))
          expectingKey = true
          index += 1
        case .comma:
          if brackets.last == .openBrace { expectingKey = true }
          index += 1
        default:
          index += 1
        }
      }
      finishSection()
    }

    /// `[a.b]` or `[[a.b]]` at the start of a line: starts a new section.
    private mutating func readHeader() {
      finishSection()
      var text: [UInt8] = []
      while index < bytes.count, bytes[index] != .newline, bytes[index] != .hash {
        text.append(bytes[index])
        index += 1
      }
      let edge: Set<UInt8> = [.openBracket, .closeBracket, .space, .tab, .carriageReturn]
      let name = text.drop { edge.contains($0) }.reversed().drop { edge.contains($0) }
      currentPath = Self.dottedParts(String(decoding: name.reversed(), as: UTF8.self))
      current = Table(line: line)
      currentLastKey = nil
    }

    /// `]` or `}`: closes the innermost bracket, filing a finished inline table in its parent.
    private mutating func closeBracket() {
      index += 1
      guard brackets.popLast() == .openBrace, let closed = openTables.popLast() else { return }
      if openTables.isEmpty {
        current.inlineTables[closed.parentKey, default: []].append(closed.table)
      } else {
        openTables[openTables.count - 1].table.inlineTables[closed.parentKey, default: []]
          .append(closed.table)
      }
    }

    /// `key =` (or `"key" =`, `a.b =`): records the key's line and moves past the `=`.
    private mutating func readKey() {
      var text: [UInt8] = []
      var quote: UInt8?
      while index < bytes.count, bytes[index] != .newline {
        let byte = bytes[index]
        if let open = quote {
          if byte == open { quote = nil }
        } else if byte == .doubleQuote || byte == .singleQuote {
          quote = byte
        } else if byte == .equals {
          break
        }
        text.append(byte)
        index += 1
      }
      expectingKey = false
      guard index < bytes.count, bytes[index] == .equals else { return }
      index += 1
      let key = Self.dottedParts(String(decoding: text, as: UTF8.self)).joined(separator: ".")
      if openTables.isEmpty {
        if current.keyLines[key] == nil { current.keyLines[key] = line }
        currentLastKey = key
      } else {
        let last = openTables.count - 1
        if openTables[last].table.keyLines[key] == nil {
          openTables[last].table.keyLines[key] = line
        }
        openTables[last].lastKey = key
      }
    }

    /// Skips a basic, literal or multi-line string, counting the newlines inside it.
    private mutating func skipString() {
      let quote = bytes[index]
      let multiline =
        index + 2 < bytes.count && bytes[index + 1] == quote
        && bytes[index + 2] == quote
      index += multiline ? 3 : 1
      while index < bytes.count {
        let byte = bytes[index]
        if byte == .backslash && quote == .doubleQuote {
          if index + 1 < bytes.count, bytes[index + 1] == .newline { line += 1 }
          index += 2
          continue
        }
        if byte == .newline {
          if !multiline { return }
          line += 1
        }
        if byte == quote {
          let closes =
            !multiline
            || (index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote)
          if closes {
            index += multiline ? 3 : 1
            return
          }
        }
        index += 1
      }
    }

    private mutating func skipToEndOfLine() {
      while index < bytes.count, bytes[index] != .newline { index += 1 }
    }

    /// Files the table being read under its path (or as the top level).
    private mutating func finishSection() {
      if let currentPath {
        sections.append((currentPath, current))
      } else {
        root = current
      }
    }

    /// `a . "b.c"` → ["a", "b.c"]: a dotted key or header split into its parts.
    private static func dottedParts(_ text: String) -> [String] {
      var parts: [String] = []
      var part = ""
      var quote: Character?
      for character in text {
        if let open = quote {
          if character == open { quote = nil } else { part.append(character) }
        } else if character == "\"" || character == "'" {
          quote = character
        } else if character == "." {
          parts.append(part)
          part = ""
        } else if character != " " && character != "\t" && character != "\r" {
          part.append(character)
        }
      }
      parts.append(part)
      return parts
    }
  }
}
