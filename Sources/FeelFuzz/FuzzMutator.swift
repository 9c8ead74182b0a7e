import FeelCore

/// Makes fuzz inputs from seed files by seeded mutation: input `index` of a run with `seed` is
/// always the same bytes (`input(seed:index:)`), so a failure is reproduced from two numbers.
///
/// Each input is one seed with 1 to 8 stacked mutations, drawn from four families:
/// - bytes: flip a bit, set, insert or delete bytes (TOML punctuation, digits, NUL, bytes that
///   are not UTF-8, multi-byte characters such as a byte order mark), duplicate a run;
/// - lines: delete, duplicate, swap, join, truncate, or splice in a line of another seed;
/// - tokens: replace a number, a string, a key or a whole value with an edge case (`nan`,
///   `1e308`, `-0`, `9223372036854775808`, `""`, a date, `[]`, `{}`, a key or id of another
///   seed, a word the reader knows);
/// - TOML structure: delete, duplicate or splice in a `[section]` of another seed, insert a
///   header, nest arrays or inline tables deeply, repeat a run many times.
public struct FuzzMutator: Sendable {
  /// The seed inputs, unmutated.
  public let seeds: [[UInt8]]
  /// Every line of every seed.
  private let lines: [[UInt8]]
  /// Every section of every seed: a header line and the lines up to the next header.
  private let sections: [[UInt8]]
  /// Keys, string contents and the target's words, to splice in.
  private let words: [[UInt8]]
  /// Inputs are cut to this many bytes.
  public let maxSize: Int

  public init(seeds: [[UInt8]], words: [String] = [], maxSize: Int = 65_536) {
    precondition(!seeds.isEmpty, "a fuzz target needs at least one seed input")
    self.seeds = seeds
    self.maxSize = maxSize
    lines = seeds.flatMap { Self.lines(of: $0) }.filter { !$0.isEmpty }
    sections = seeds.flatMap { Self.sections(of: $0) }
    var found = Set(words.map { Array($0.utf8) })
    for seed in seeds {
      for span in Self.spans(in: seed) where span.kind == .key || span.kind == .string {
        let inner =
          span.kind == .string ? seed[(span.start + 1)..<(span.end - 1)] : seed[span.range]
        if !inner.isEmpty && inner.count <= 80 { found.insert(Array(inner)) }
      }
    }
    self.words = found.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// Input `index` of the run seeded with `seed`.
  public func input(seed: UInt64, index: Int) -> [UInt8] {
    var random = SplitMix64(
      state: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD6E8_FEB8_6659_FD93))
    _ = random.next()
    var bytes = seeds[Int(random.next() % UInt64(seeds.count))]
    var count = 1
    while count < 8 && random.next() % 2 == 0 { count += 1 }
    for _ in 0..<count {
      mutate(&bytes, &random)
      if bytes.count > maxSize { bytes.removeLast(bytes.count - maxSize) }
    }
    return bytes
  }

  // MARK: - Mutations

  private func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
    switch random.next() % 100 {
    case 0..<25: mutateBytes(&bytes, &random)
    case 25..<45: mutateLines(&bytes, &random)
    case 45..<85: mutateToken(&bytes, &random)
    default: mutateStructure(&bytes, &random)
    }
  }

  private func mutateBytes(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
    let position = Self.position(in: bytes, &random)
    switch random.next() % 6 {
    case 0:
      if position < bytes.count { bytes[position] ^= 1 << UInt8(random.next() % 8) }
    case 1:
      if position < bytes.count { bytes[position] = Self.pick(Self.interestingBytes, &random) }
    case 2:
      bytes.insert(Self.pick(Self.interestingBytes, &random), at: position)
    case 3:
      let length = min(Int(random.next() % 16) + 1, bytes.count - position)
      bytes.removeSubrange(position..<(position + length))
    case 4:
      let length = min(Int(random.next() % 64) + 1, bytes.count - position)
      let run = bytes[position..<(position + length)]
      bytes.insert(contentsOf: run, at: Self.position(in: bytes, &random))
    default:
      // A multi-byte UTF-8 character, or a piece of one; one time in four at the start (where
      // a byte order mark is allowed).
      let character = Self.pick(Self.unicode, &random)
      let piece = random.next() % 4 == 0 ? Array(character.prefix(1)) : character
      bytes.insert(contentsOf: piece, at: random.next() % 4 == 0 ? 0 : position)
    }
  }

  private func mutateLines(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
    var lines = Self.lines(of: bytes)
    let index = Int(random.next() % UInt64(lines.count))
    switch random.next() % 6 {
    case 0: lines.remove(at: index)
    case 1: lines.insert(lines[index], at: Int(random.next() % UInt64(lines.count + 1)))
    case 2: lines.swapAt(index, Int(random.next() % UInt64(lines.count)))
    case 3: lines.removeSubrange(index...)
    case 4:
      if !self.lines.isEmpty { lines.insert(Self.pick(self.lines, &random), at: index) }
    default:
      // Join two lines.
      if index + 1 < lines.count { lines[index] += lines.remove(at: index + 1) }
    }
    bytes = Self.joined(lines)
  }

  private func mutateToken(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
    let spans = Self.spans(in: bytes)
    guard !spans.isEmpty else {
      bytes.insert(
        contentsOf: Self.pick(Self.values, &random), at: Self.position(in: bytes, &random))
      return
    }
    let span = Self.pick(spans, &random)
    let replacement: [UInt8]
    switch span.kind {
    case .number:
      replacement =
        random.next() % 4 == 0
        ? Self.pick(Self.values, &random) : Self.pick(Self.numbers, &random)
    case .string:
      let inner: [UInt8] =
        random.next() % 3 == 0 || words.isEmpty
        ? Self.pick(Self.strings, &random) : Self.pick(words, &random)
      replacement = random.next() % 5 == 0 ? Self.pick(Self.values, &random) : [34] + inner + [34]
    case .key:
      replacement =
        random.next() % 5 == 0 || words.isEmpty
        ? Self.pick(Self.keys, &random) : Self.pick(words, &random)
    case .value:
      replacement =
        random.next() % 2 == 0 ? Self.pick(Self.values, &random) : Self.pick(Self.numbers, &random)
    }
    bytes.replaceSubrange(span.range, with: replacement)
  }

  private func mutateStructure(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
    switch random.next() % 6 {
    case 0, 1:
      // A section of another seed, at a line start.
      guard !sections.isEmpty else { return }
      bytes.insert(contentsOf: Self.pick(sections, &random), at: Self.lineStart(in: bytes, &random))
    case 2:
      // Delete or duplicate one of this input's sections.
      let own = Self.sectionRanges(of: bytes)
      guard !own.isEmpty else { return }
      let range = Self.pick(own, &random)
      if random.next() % 2 == 0 {
        bytes.removeSubrange(range)
      } else {
        bytes.insert(contentsOf: bytes[range], at: range.upperBound)
      }
    case 3:
      bytes.insert(
        contentsOf: Self.pick(Self.headers, &random) + [10], at: Self.lineStart(in: bytes, &random))
    case 4:
      // Deep nesting: a = [[[…]]] or a = { a = { … } }, around the TOML reader's limit of 256.
      let depth = Int(random.next() % 320) + 1
      let nested: [UInt8] =
        random.next() % 2 == 0
        ? Array("a = ".utf8) + Array(repeating: 91, count: depth)
          + Array(repeating: 93, count: depth)
        : Array("a = ".utf8) + Array(Self.repeated("{ a = ", depth).utf8) + [49]
          + Array(Self.repeated(" }", depth).utf8)
      bytes.insert(contentsOf: nested + [10], at: Self.lineStart(in: bytes, &random))
    default:
      // A run repeated many times: long lines, long arrays, many sections.
      let position = Self.position(in: bytes, &random)
      let length = min(Int(random.next() % 32) + 1, bytes.count - position)
      let times = Int(random.next() % 512) + 2
      let run = Array(bytes[position..<(position + length)])
      var repeatedRun: [UInt8] = []
      repeatedRun.reserveCapacity(run.count * times)
      for _ in 0..<times { repeatedRun += run }
      bytes.insert(contentsOf: repeatedRun, at: position)
    }
  }

  // MARK: - Scanning

  /// A token of a TOML text found by a rough scan (good enough to aim mutations).
  struct Span {
    enum Kind { case number, string, key, value }
    var kind: Kind
    var start: Int
    var end: Int
    var range: Range<Int> { start..<end }
  }

  /// Numbers, basic strings, keys at line starts and whole values after `=`.
  static func spans(in bytes: [UInt8]) -> [Span] {
    var spans: [Span] = []
    var index = 0
    var atLineStart = true
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 10 {
        atLineStart = true
        index += 1
        continue
      }
      if byte == 32 || byte == 9 {
        index += 1
        continue
      }
      if byte == 35 {  // # comment
        while index < bytes.count && bytes[index] != 10 { index += 1 }
        continue
      }
      if atLineStart && isKeyByte(byte) {
        let start = index
        while index < bytes.count && isKeyByte(bytes[index]) { index += 1 }
        spans.append(Span(kind: .key, start: start, end: index))
        atLineStart = false
        continue
      }
      atLineStart = false
      if byte == 61 {  // = value up to the end of the line or a comment
        var start = index + 1
        while start < bytes.count && bytes[start] == 32 { start += 1 }
        var end = start
        while end < bytes.count && bytes[end] != 10 && bytes[end] != 35 { end += 1 }
        if end > start { spans.append(Span(kind: .value, start: start, end: end)) }
        index += 1
        continue
      }
      if byte == 34 {  // "string"
        let start = index
        index += 1
        while index < bytes.count && bytes[index] != 34 && bytes[index] != 10 {
          index += bytes[index] == 92 ? 2 : 1
        }
        if index < bytes.count && bytes[index] == 34 {
          index += 1
          spans.append(Span(kind: .string, start: start, end: index))
        }
        continue
      }
      if isDigit(byte)
        || ((byte == 45 || byte == 43) && index + 1 < bytes.count
          && isDigit(bytes[index + 1]))
      {
        let start = index
        index += 1
        while index < bytes.count && isNumberByte(bytes[index]) { index += 1 }
        spans.append(Span(kind: .number, start: start, end: index))
        continue
      }
      index += 1
    }
    return spans
  }

  static func lines(of bytes: [UInt8]) -> [[UInt8]] {
    bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
  }

  static func joined(_ lines: [[UInt8]]) -> [UInt8] {
    Array(lines.joined(separator: [10]))
  }

  /// Byte ranges of the sections of `bytes`: a line starting with `[` up to the next such line.
  static func sectionRanges(of bytes: [UInt8]) -> [Range<Int>] {
    var starts: [Int] = []
    var lineStart = 0
    for index in 0...bytes.count where index == bytes.count || bytes[index] == 10 {
      if lineStart < bytes.count && bytes[lineStart] == 91 { starts.append(lineStart) }
      lineStart = index + 1
    }
    return starts.indices.map { i in
      starts[i]..<(i + 1 < starts.count ? starts[i + 1] : bytes.count)
    }
  }

  static func sections(of bytes: [UInt8]) -> [[UInt8]] {
    sectionRanges(of: bytes).map { range in
      var section = Array(bytes[range])
      if section.last != 10 { section.append(10) }
      return section
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }

  private static func isKeyByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 95
      || byte == 45 || byte == 46
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == 46 || byte == 101 || byte == 69 || byte == 95 || byte == 43
      || byte == 45
  }

  private static func position(in bytes: [UInt8], _ random: inout SplitMix64) -> Int {
    Int(random.next() % UInt64(bytes.count + 1))
  }

  /// The start of a random line of `bytes` (or its end).
  private static func lineStart(in bytes: [UInt8], _ random: inout SplitMix64) -> Int {
    var position = position(in: bytes, &random)
    while position > 0 && position < bytes.count && bytes[position - 1] != 10 { position -= 1 }
    if position == bytes.count, let last = bytes.last, last != 10 { return bytes.count }
    return position
  }

  private static func pick<T>(_ choices: [T], _ random: inout SplitMix64) -> T {
    choices[Int(random.next() % UInt64(choices.count))]
  }

  private static func repeated(_ text: String, _ times: Int) -> String {
    String(repeating: text, count: times)
  }

  // MARK: - Edge cases

  /// TOML punctuation, digits, white space, NUL, DEL and bytes that are not UTF-8 on their own.
  private static let interestingBytes: [UInt8] =
    Array("[]{}=,.\"'#\n\t \r-+_0123456789eE\\:".utf8) + [0, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xFF]

  private static let unicode: [[UInt8]] = ["é", "—", "€", "💥", "\u{FEFF}", "\u{2028}", "ﬀ"].map {
    Array($0.utf8)
  }

  private static let numbers: [[UInt8]] = [
    "0", "-0", "+0", "1", "-1", "0.5", "-0.5", "2", "3", "60", "120", "1e308", "-1e308", "1e309",
    "1e-320", "5e-324", "1.7976931348623157e308", "inf", "-inf", "+inf", "nan", "-nan", "+nan",
    "9223372036854775807", "-9223372036854775808", "9223372036854775808", "4294967296",
    "2000001", "1000000", "10000001", "1_000", "0x7fffffff", "0o777", "0b1011", "1e", "1.", ".5",
    "00", "1__0", "123456789012345678901234567890", "0.1e-7", "3.141592653589793",
  ].map { Array($0.utf8) }

  private static let strings: [[UInt8]] = [
    "", " ", "x", "bar", "snap", "a b", "\\n", "\\t", "\\u0000", "\\u001b[31m", "\\\"", "\\\\",
    "é", "\u{1F4A5}", "\\uD800", "\\U0010FFFF", "\\x41", "item.bar.size.0", "item..size",
    "behavior.", "boundary.wall.from.9", "reference-bounds", "scenes/castro-tap-hint-right.toml",
    "../scenes/x.toml", "/nonexistent.toml", ".", "..", "0", "-1", "nan",
    String(repeating: "a", count: 300),
  ].map { Array($0.utf8) }

  private static let keys: [[UInt8]] = [
    "a", "x", "id", "\"quoted key\"", "'literal key'", "a.b", "a.b.c", "item", "behavior",
    "rule", "axis", "fixed", "measure", "1", "-", "_", "\"\"", "a . b", "\"a.b\"",
  ].map { Array($0.utf8) }

  private static let values: [[UInt8]] = [
    "true", "false", "[]", "[1, 2]", "[1, 2, 3]", "[0, 0]", "[nan, 0]", "[inf, 1]", "[[]]",
    "[\"a\", 1]", "[[1, 2], [3, 4]]", "{}", "{ a = 1 }", "\"s\"", "''", "'literal'",
    "\"\"\"\nmulti\nline\n\"\"\"", "'''\nraw\n'''", "1979-05-27T07:32:00Z", "1979-05-27",
    "07:32:00", "1979-05-27T07:32:00.999999-07:00", "[ { path = \"duration\" } ]",
    "{ from = 0, to = 1, step = 0.1 }", "{ from = 0, to = 1e9, step = 1e-9 }",
    "{ from = 0, to = 1, count = 10000001 }", "{ from = 1, to = 1, count = 1 }",
    "[ { id = \"w\", from = [0, 0], to = [0, 0] } ]", "[\"bar\", \"bar\"]",
    "[" + String(repeating: "1, ", count: 200) + "1]",
  ].map { Array($0.utf8) }

  private static let headers: [[UInt8]] = [
    "[[item]]", "[[behavior]]", "[[rule]]", "[[axis]]", "[fixed]", "[measure]", "[item]",
    "[behavior]", "[[item.boundaries]]", "[a.b.c]", "[\"quoted\"]", "[[axis.set]]", "[[]]", "[",
    "[fixed.item.bar]", "[[behavior]]\nid = \"x\"\ntype = \"snap\"\nitems = [\"bar\"]",
    "[[item]]\nid = \"y\"\nsize = [1, 1]\ncenter = [0, 0]",
  ].map { Array($0.utf8) }
}
