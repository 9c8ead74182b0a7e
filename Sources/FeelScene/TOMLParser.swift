/// FeelLab's reader of TOML 1.0 (https://toml.io/en/v1.0.0): a file's text into its top-level
/// table of `TOMLNode`s, or the first syntax error at its byte offset, in the manner of TOML++'s
/// messages (`error while parsing array: expected ',' or ']', saw '"'`). Pure and allocation-
/// bounded: what it builds is plain Swift values, freed with them.
///
/// Why FeelLab's own and not TOMLKit 0.6.0 (docs/fuzzing.md, "The TOML reader"): TOMLKit never
/// frees what it parses (1.5 KB of a server's memory per scene read, 120 bytes even through its
/// C layer), and TOML++ inside it aborted on five kinds of bad input that needed a scan of their
/// own before it. Checked against tomli (Tests/Contract/TOML) on the committed files, the fuzz corpus,
/// TOML 1.0's edge cases and fuzzed inputs.
///
/// The rules of tables follow the specification as tomli reads it: a table is defined once, by
/// its `[header]`, or by the dotted keys of one section (`a.b = 1`), after which neither a
/// header nor a dotted key of a later section may add to it (its sub-tables may be defined);
/// inline tables and arrays are closed once written. FeelLab adds two limits: a string may not
/// hold a NUL character (paths and ids reach C strings), and values nest at most `maxDepth`
/// deep (as TOML++ did; the parser recurses).
struct TOMLParser {
  /// A syntax error: where (the offending byte's offset) and what.
  struct Failure: Error, Equatable {
    var offset: Int
    var message: String
  }

  /// The deepest tables, arrays and inline tables may nest.
  static let maxDepth = 256

  let bytes: [UInt8]
  var index = 0
  /// Containers around the value being read.
  var depth = 0

  /// The top-level table of `text`.
  static func parse(_ text: String) throws(Failure) -> [String: TOMLNode] {
    var parser = TOMLParser(bytes: Array(text.utf8))
    return try parser.document()
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  // MARK: - Tables being built

  /// A table as the document builds it: its entries, and whether it is defined (by its header,
  /// or by the dotted keys of a section now ended), after which no header may define it again
  /// and no dotted key extend it.
  final class Table {
    var entries: [String: Entry] = [:]
    var defined: Bool

    init(defined: Bool = false) {
      self.defined = defined
    }

    var fields: [String: TOMLNode] { entries.mapValues(\.node) }
  }

  /// The tables of an array of tables (`[[name]]`), appended to as headers come.
  final class TableList {
    var tables: [Table]

    init(_ first: Table) {
      tables = [first]
    }
  }

  enum Entry {
    /// A table headers and dotted keys may still add to.
    case table(Table)
    case tables(TableList)
    /// A value as written: closed (an inline table or an array is never added to).
    case value(TOMLNode)

    var node: TOMLNode {
      switch self {
      case .table(let table): .table(table.fields)
      case .tables(let list): .array(list.tables.map { .table($0.fields) })
      case .value(let node): node
      }
    }

    /// How a message names what the entry holds: `table`, `array`, `integer`…
    var kind: String {
      switch self {
      case .table: "table"
      case .tables: "array"
      case .value(let node): node.kind
      }
    }
  }

  // MARK: - The document

  private mutating func document() throws(Failure) -> [String: TOMLNode] {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    let root = Table(defined: true)
    var current = root
    var sectionDepth = 0
    // Tables created or extended by dotted keys in the current section: defined at its end.
    var dotted: [Table] = []
    while true {
      skipSpaces()
      guard let byte = peek else { break }
      switch byte {
      case .newline, .carriageReturn:
        try lineBreak("document")
      case .hash:
        try comment()
      case .openBracket:
        for table in dotted { table.defined = true }
        dotted.removeAll()
        (current, sectionDepth) = try header(root)
        try endOfStatement("table header")
      default:
        depth = sectionDepth
        try keyValue(into: current, dotted: &dotted, context: "key-value pair")
        try endOfStatement("key-value pair")
      }
    }
    return root.fields
  }

  /// `[a.b]` or `[[a.b]]`: the table it defines (or the array's new table), and its depth.
  private mutating func header(_ root: Table) throws(Failure) -> (Table, Int) {
    let start = index
    index += 1
    let isArray = peek == .openBracket
    if isArray { index += 1 }
    let path = try key("table header")
    guard path.count <= Self.maxDepth else {
      throw Failure(offset: start, message: nestingMessage("table header"))
    }
    guard peek == .closeBracket else { throw unexpected("table header", "'.' or ']'") }
    index += 1
    if isArray {
      guard peek == .closeBracket else { throw unexpected("table header", "']]'") }
      index += 1
    }
    func redefining(_ kind: String, _ parts: ArraySlice<String>, as form: String) -> Failure {
      let name = parts.joined(separator: ".")
      return Failure(
        offset: start,
        message: "error while parsing table header: cannot redefine existing \(kind) '\(name)'"
          + form)
    }
    var table = root
    for (n, part) in path.dropLast().enumerated() {
      switch table.entries[part] {
      case nil:
        let created = Table()
        table.entries[part] = .table(created)
        table = created
      case .table(let existing):
        table = existing
      case .tables(let list):
        table = list.tables[list.tables.count - 1]
      case .value(let node):
        throw redefining(node.kind, path[...n], as: " as table")
      }
    }
    let last = path[path.count - 1]
    let defined = Table(defined: true)
    switch (table.entries[last], isArray) {
    case (nil, false):
      table.entries[last] = .table(defined)
    case (nil, true):
      table.entries[last] = .tables(TableList(defined))
    case (.table(let existing), false):
      guard !existing.defined else { throw redefining("table", path[...], as: "") }
      existing.defined = true
      return (existing, path.count)
    case (.tables(let list), true):
      list.tables.append(defined)
    case (let entry?, _):
      throw redefining(entry.kind, path[...], as: isArray ? " as array-of-tables" : " as table")
    }
    return (defined, path.count)
  }

  /// `key = value` into `table` (the section's, or an inline table's): dotted keys create or
  /// extend tables not yet defined; the last key must be new.
  private mutating func keyValue(
    into table: Table, dotted: inout [Table], context: String
  ) throws(Failure) {
    let start = index
    let path = try key(context)
    guard peek == .equals else { throw unexpected(context, "'='") }
    index += 1
    skipSpaces()
    guard let byte = peek, Self.startsValue(byte) else { throw unexpected(context, "a value") }
    let base = depth
    depth += path.count - 1
    guard depth <= Self.maxDepth else {
      throw Failure(offset: start, message: nestingMessage(context))
    }
    let value = try self.value(context)
    depth = base
    func redefining(_ kind: String, _ parts: ArraySlice<String>) -> Failure {
      Failure(
        offset: start,
        message: "error while parsing \(context): cannot redefine existing \(kind) '"
          + parts.joined(separator: ".") + "'")
    }
    var container = table
    for (n, part) in path.dropLast().enumerated() {
      switch container.entries[part] {
      case nil:
        let created = Table()
        container.entries[part] = .table(created)
        dotted.append(created)
        container = created
      case .table(let existing):
        guard !existing.defined else { throw redefining("table", path[...n]) }
        dotted.append(existing)
        container = existing
      case let entry?:
        throw redefining(entry.kind, path[...n])
      }
    }
    let last = path[path.count - 1]
    if let entry = container.entries[last] { throw redefining(entry.kind, path[...]) }
    container.entries[last] = .value(value)
  }

  // MARK: - Keys

  /// A key, dotted or not, with the spaces around its parts.
  private mutating func key(_ context: String) throws(Failure) -> [String] {
    var parts: [String] = []
    while true {
      skipSpaces()
      parts.append(try simpleKey(context))
      skipSpaces()
      guard peek == .dot else { return parts }
      index += 1
    }
  }

  /// A bare key (`A-Za-z0-9_-`), or a quoted one on one line.
  private mutating func simpleKey(_ context: String) throws(Failure) -> String {
    switch peek {
    case .doubleQuote?:
      return try basicString()
    case .singleQuote?:
      return try literalString()
    default:
      let start = index
      while let byte = peek, Self.isBareKey(byte) { index += 1 }
      guard index > start else { throw unexpected(context, "a bare key or a quoted key") }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }
  }

  static func isBareKey(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default:
      false
    }
  }

  // MARK: - Values

  /// Whether a value can start with `byte`.
  static func startsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case .doubleQuote, .singleQuote, .openBracket, .openBrace, UInt8(ascii: "t"),
      UInt8(ascii: "f"), UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "+"),
      UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      false
    }
  }

  /// The value at `index` (whose first byte `startsValue`).
  mutating func value(_ context: String) throws(Failure) -> TOMLNode {
    switch bytes[index] {
    case .doubleQuote:
      return .string(try basicString(multiline: true))
    case .singleQuote:
      return .string(try literalString(multiline: true))
    case .openBracket:
      return try array()
    case .openBrace:
      return try inlineTable()
    case UInt8(ascii: "t"):
      return try keyword("true", .boolean(true), "boolean")
    case UInt8(ascii: "f"):
      return try keyword("false", .boolean(false), "boolean")
    default:
      return try numberOrDate()
    }
  }

  private mutating func keyword(_ word: String, _ node: TOMLNode, _ context: String)
    throws(Failure) -> TOMLNode
  {
    let expected = Array(word.utf8)
    guard bytes[index...].starts(with: expected) else {
      var end = index
      while end < bytes.count, end < index + expected.count, bytes[end] != .newline {
        end += 1
      }
      throw Failure(
        offset: end,
        message: "error while parsing \(context): expected '\(word)', saw '"
          + String(decoding: bytes[index..<end], as: UTF8.self) + "'")
    }
    index += expected.count
    return node
  }

  /// `[ value, … ]`: values of any types, line breaks and comments between them, a comma after
  /// the last allowed.
  private mutating func array() throws(Failure) -> TOMLNode {
    defer { depth -= 1 }
    try enter("array")
    var elements: [TOMLNode] = []
    while true {
      try skipBlank("array")
      guard let byte = peek else { throw unexpected("array", "a value, ',' or ']'") }
      if byte == .closeBracket {
        index += 1
        return .array(elements)
      }
      guard Self.startsValue(byte) else { throw unexpected("array", "a value, ',' or ']'") }
      elements.append(try value("array"))
      try skipBlank("array")
      switch peek {
      case .comma?:
        index += 1
      case .closeBracket?:
        index += 1
        return .array(elements)
      default:
        throw unexpected("array", "',' or ']'")
      }
    }
  }

  /// `{ key = value, … }` on one line (its values may span lines), no comma after the last.
  private mutating func inlineTable() throws(Failure) -> TOMLNode {
    defer { depth -= 1 }
    try enter("inline table")
    let table = Table(defined: true)
    var dotted: [Table] = []
    skipSpaces()
    if peek == .closeBrace {
      index += 1
      return .table([:])
    }
    let base = depth
    while true {
      skipSpaces()
      if peek == .closeBrace {
        throw Failure(
          offset: index,
          message: "error while parsing inline table: expected key-value pair, saw closing '}' "
            + "(dangling comma)")
      }
      try keyValue(into: table, dotted: &dotted, context: "inline table")
      depth = base
      skipSpaces()
      switch peek {
      case .comma?:
        index += 1
      case .closeBrace?:
        index += 1
        return .table(table.fields)
      default:
        throw unexpected("inline table", "',' or '}'")
      }
    }
  }

  /// Past a container's opening `[` or `{`, one level deeper (the caller comes back up): no
  /// deeper than `maxDepth`.
  private mutating func enter(_ context: String) throws(Failure) {
    let start = index
    index += 1
    depth += 1
    guard depth <= Self.maxDepth else {
      throw Failure(offset: start, message: nestingMessage(context))
    }
  }

  // MARK: - Between values

  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func skipSpaces() {
    while index < bytes.count, bytes[index] == .space || bytes[index] == .tab { index += 1 }
  }

  /// Spaces, line breaks and comments (inside an array).
  private mutating func skipBlank(_ context: String) throws(Failure) {
    while let byte = peek {
      switch byte {
      case .space, .tab: index += 1
      case .newline, .carriageReturn: try lineBreak(context)
      case .hash: try comment()
      default: return
      }
    }
  }

  /// `\n` or `\r\n`.
  private mutating func lineBreak(_ context: String) throws(Failure) {
    if bytes[index] == .carriageReturn {
      index += 1
      guard peek == .newline else {
        throw Failure(
          offset: index,
          message: "error while parsing \(context): expected '\\n' after '\\r', saw "
            + (peek == nil ? "end of file" : shown(at: index)))
      }
    }
    index += 1
  }

  /// `# …` up to the line break: no control character but tab.
  private mutating func comment() throws(Failure) {
    index += 1
    while let byte = peek, byte != .newline {
      if byte == .carriageReturn, index + 1 < bytes.count, bytes[index + 1] == .newline { return }
      if Self.isControl(byte) {
        throw Failure(
          offset: index,
          message: "error while parsing comment: control characters other than TAB (U+0009) "
            + "are explicitly prohibited")
      }
      index += 1
    }
  }

  /// After a header or a key-value pair: spaces, a comment, then the line's end.
  private mutating func endOfStatement(_ context: String) throws(Failure) {
    skipSpaces()
    if peek == .hash { try comment() }
    guard let byte = peek else { return }
    guard byte == .newline || byte == .carriageReturn else {
      throw unexpected(context, "a comment or whitespace")
    }
    try lineBreak(context)
  }

  /// A control character TOML allows in no string or comment: U+0000 to U+001F but tab, and
  /// U+007F.
  static func isControl(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != .tab) || byte == 0x7F
  }

  // MARK: - Messages

  /// What `context` expected and what is at `index` instead.
  func unexpected(_ context: String, _ expected: String) -> Failure {
    guard index < bytes.count else {
      return Failure(
        offset: index, message: "error while parsing \(context): encountered end-of-file")
    }
    if let separator = unicodeBreak(at: index) {
      return Failure(
        offset: index,
        message: "expected TOML outside strings and comments, saw \(separator) (TOML's line "
          + "breaks are \\n and \\r\\n)")
    }
    return Failure(
      offset: index,
      message: "error while parsing \(context): expected \(expected), saw \(shown(at: index))")
  }

  func nestingMessage(_ context: String) -> String {
    "error while parsing \(context): nested more than \(Self.maxDepth) levels deep"
  }

  /// U+0085, U+2028 or U+2029 at `position`: line breaks to Unicode, never to TOML.
  private func unicodeBreak(at position: Int) -> String? {
    let rest = bytes.count - position
    switch bytes[position] {
    case 0xC2 where rest >= 2 && bytes[position + 1] == 0x85: return "U+0085"
    case 0xE2 where rest >= 3 && bytes[position + 1] == 0x80 && bytes[position + 2] == 0xA8:
      return "U+2028"
    case 0xE2 where rest >= 3 && bytes[position + 1] == 0x80 && bytes[position + 2] == 0xA9:
      return "U+2029"
    default: return nil
    }
  }

  /// The character at `position` as a message shows it: `'x'`, or `end of line`.
  func shown(at position: Int) -> String {
    switch bytes[position] {
    case .newline, .carriageReturn:
      return "end of line"
    default:
      let end = position + Self.characterLength(at: position, in: bytes)
      return "'" + String(decoding: bytes[position..<end], as: UTF8.self) + "'"
    }
  }
}

extension TOMLNode {
  /// How a message names the value's type: `string`, `integer`, `array`…
  var kind: String {
    switch self {
    case .string: "string"
    case .integer: "integer"
    case .float: "floating-point"
    case .boolean: "boolean"
    case .array: "array"
    case .table: "table"
    case .dateTime: "date-time"
    }
  }
}
