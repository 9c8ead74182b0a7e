import FeelSVG
import FeelTestSupport
import Testing

/// Normalised commands written compactly for expectations: ("M", [x, y]) etc.
typealias Expected = [(String, [Double])]

/// The path data's normalised commands (no transform).
func normalised(_ d: String) throws -> [PathCommand] {
  var budget = 1_000_000
  return try PathDataParser.parse(d).commands(
    transform: .identity, tolerance_pt: 0.01, budget: &budget)
}

/// Expects `commands` to be `expected`, every number within 1e-9 (the hand-computed values
/// are exact decimals or thirds).
func expectCommands(
  _ commands: [PathCommand], _ expected: Expected, _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    commands.map(\.letter) == expected.map(\.0), "\(what): letters",
    sourceLocation: sourceLocation)
  for (i, (command, wanted)) in zip(commands, expected).enumerated() {
    #expect(
      command.numbers.count == wanted.1.count, "\(what) #\(i): count",
      sourceLocation: sourceLocation)
    for (observed, value) in zip(command.numbers, wanted.1) {
      expectClose(
        observed, value, .pathArithmetic, "\(what) #\(i) \(command.letter)",
        sourceLocation: sourceLocation)
    }
  }
}

extension Tolerance {
  /// Hand-computed absolute coordinates against the parser's sums of relative ones (a few
  /// Double roundings).
  static let pathArithmetic = Tolerance("path arithmetic, pt", 1e-9, .absolute)
}

struct GrammarCase: Sendable, CustomTestStringConvertible {
  var name: String
  var d: String
  var expected: [String]
  var testDescription: String { name }
}

/// Expected commands as "M 1 2" strings, so the table stays readable.
private func parse(_ lines: [String]) -> Expected {
  lines.map { line in
    let parts = line.split(separator: " ")
    return (String(parts[0]), parts.dropFirst().map { Double($0)! })
  }
}

private let third = 1.0 / 3.0

private let grammarCases: [GrammarCase] = [
  // SVG 1.1 §8.3.2, triangle01.svg.
  GrammarCase(
    name: "spec triangle01", d: "M 100 100 L 300 100 L 200 300 z",
    expected: ["M 100 100", "L 300 100", "L 200 300", "Z"]),
  // §8.3.6, cubic01.svg: S reflects (250,100) about (250,200).
  GrammarCase(
    name: "spec cubic01 (S reflects)", d: "M100,200 C100,100 250,100 250,200 S400,300 400,200",
    expected: ["M 100 200", "C 100 100 250 100 250 200", "C 250 300 400 300 400 200"]),
  // §8.3.7, quad01.svg: Q (400,50) from (200,300) to (600,300): controls at 2/3; T reflects
  // (400,50) about (600,300) to (800,550).
  GrammarCase(
    name: "spec quad01 (Q and T as cubics)", d: "M200,300 Q400,50 600,300 T1000,300",
    expected: [
      "M 200 300",
      "C \(200 + 400 * third) \(300 - 500 * third) \(600 - 400 * third) \(300 - 500 * third) 600 300",
      "C \(600 + 400 * third) \(300 + 500 * third) \(1000 - 400 * third) \(300 + 500 * third) 1000 300",
    ]),
  // The seed's compact string: signs as separators, relative c.
  GrammarCase(
    name: "seed's compact Illustrator string", d: "M60.482,613.46c0,0-17.859,0.518-26.997,0",
    expected: ["M 60.482 613.46", "C 60.482 613.46 42.623 613.978 33.485 613.46"]),
  // The seed: "M 10 10 m 5 5 means move to (10, 10) and then to (15, 15)".
  GrammarCase(
    name: "seed's relative move", d: "M 10 10 m 5 5", expected: ["M 10 10", "M 15 15"]),
  // The seed: "a c followed by 12 numbers is actually two separate curve commands".
  GrammarCase(
    name: "implicit repeated c", d: "m1 1c1 1 2 2 3 3 1 1 2 2 3 3",
    expected: ["M 1 1", "C 2 2 3 3 4 4", "C 5 5 6 6 7 7"]),
  GrammarCase(
    name: "M's implicit L", d: "M0 0 10 0 10 10", expected: ["M 0 0", "L 10 0", "L 10 10"]),
  GrammarCase(
    name: "m's implicit l", d: "m5 5 10 0 0 10", expected: ["M 5 5", "L 15 5", "L 15 15"]),
  GrammarCase(
    name: "H, h, V, v and repeats", d: "M1 1H5 7h1v2 3V0",
    expected: ["M 1 1", "L 5 1", "L 7 1", "L 8 1", "L 8 3", "L 8 6", "L 8 0"]),
  GrammarCase(
    name: "numbers: .5.5, signs, exponents, no whitespace", d: "M.5.5L-.5-.5l1e1-1E-1+2+.5e+1",
    expected: ["M 0.5 0.5", "L -0.5 -0.5", "L 9.5 -0.6", "L 11.5 4.4"]),
  GrammarCase(
    name: "numbers: trailing point and exponent after it", d: "M5.,3.L1.e1,2.",
    expected: ["M 5 3", "L 10 2"]),
  GrammarCase(
    name: "whitespace: tabs, newlines, commas around", d: "\n\tM 1 , 2\r\n L\t3\n,\n4  ",
    expected: ["M 1 2", "L 3 4"]),
  GrammarCase(
    name: "a comma between repeated argument sets", d: "M0,0,1,1,2,2",
    expected: ["M 0 0", "L 1 1", "L 2 2"]),
  GrammarCase(
    name: "after z, a drawing command starts at the subpath's start", d: "M10 10l5 0z l0 5",
    expected: ["M 10 10", "L 15 10", "Z", "M 10 10", "L 10 15"]),
  GrammarCase(
    name: "after z, m is relative to the subpath's start", d: "M10 10 l5 5 z m1 1 l1 0",
    expected: ["M 10 10", "L 15 15", "Z", "M 11 11", "L 12 11"]),
  GrammarCase(
    name: "S with no C before: first control at the current point", d: "M1 1S3 3 4 1",
    expected: ["M 1 1", "C 1 1 3 3 4 1"]),
  GrammarCase(
    name: "s after s reflects the previous s", d: "M0 0s1 1 2 0s1-1 2 0",
    expected: ["M 0 0", "C 0 0 1 1 2 0", "C 3 -1 3 -1 4 0"]),
  GrammarCase(
    name: "S after Q does not reflect", d: "M0 0Q3 3 6 0S9 3 12 0",
    expected: ["M 0 0", "C 2 2 4 2 6 0", "C 6 0 9 3 12 0"]),
  GrammarCase(
    name: "T with no Q before: a straight quadratic", d: "M0 0T6 0",
    expected: ["M 0 0", "C 0 0 2 0 6 0"]),
  GrammarCase(
    name: "t after t reflects the reflected control", d: "M0 0q3 3 6 0t6 0t6 0",
    expected: ["M 0 0", "C 2 2 4 2 6 0", "C 8 -2 10 -2 12 0", "C 14 2 16 2 18 0"]),
  GrammarCase(
    name: "T after C does not reflect", d: "M0 0C1 1 2 2 3 0T9 0",
    expected: ["M 0 0", "C 1 1 2 2 3 0", "C 3 0 5 0 9 0"]),
  GrammarCase(name: "empty path data", d: "  ", expected: []),
  GrammarCase(name: "a lone move", d: "M3 4", expected: ["M 3 4"]),
  // Arcs that need no approximation (see ArcTests for true arcs).
  GrammarCase(
    name: "arc with identical end points is omitted", d: "M10 10A5 5 0 0 1 10 10L20 20",
    expected: ["M 10 10", "L 20 20"]),
  GrammarCase(
    name: "arc with a zero radius is a line", d: "M0 0a0 7 0 1 1 50 50",
    expected: ["M 0 0", "L 50 50"]),
  GrammarCase(
    name: "arc flags without separators, zero radius", d: "M0 0a0 1 0 00 1 1a0,1,0,1,1,1,1",
    expected: ["M 0 0", "L 1 1", "L 2 2"]),
]

@Test(arguments: grammarCases)
func grammar(_ c: GrammarCase) throws {
  expectCommands(try normalised(c.d), parse(c.expected), c.name)
}

/// Arc flags packed against the next number ("a1 1 0 00 1 1", "a1 1 0 011 1"): the issue's
/// example; the end points show how the numbers were split.
@Test func arcFlagsWithoutSeparators() throws {
  for d in ["M0 0a1 1 0 00 1 1", "M0 0a1 1 0 001 1", "M0 0a1,1,0,0,0,1,1", "M0 0a1 1 0 0 0 1 1"] {
    let commands = try normalised(d)
    #expect(commands.last?.numbers.suffix(2) == [1, 1], "\(d)")
  }
  let packed = try normalised("M0 0a1 1 0 011 1")  // large 0, sweep 1, then (1, 1)
  let spaced = try normalised("M0 0a1 1 0 0 1 1 1")
  #expect(packed == spaced)
}

struct BadPathData: Sendable, CustomTestStringConvertible {
  var d: String
  var offset: Int
  var expected: String
  var got: String?
  var testDescription: String { d }
}

private let badPaths: [BadPathData] = [
  // The issue's example.
  BadPathData(d: "M60.482,613.46c0,x", offset: 17, expected: "a number after 'c'", got: "x"),
  BadPathData(d: "L1 1", offset: 0, expected: "'M' or 'm' at the start", got: "L"),
  BadPathData(d: "M1", offset: 2, expected: "a number after 'M'", got: nil),
  BadPathData(d: "M1,2,", offset: 5, expected: "a number after 'M'", got: nil),
  BadPathData(d: "M,1 2", offset: 1, expected: "a number after 'M'", got: ","),
  BadPathData(d: "M1 2 z 3", offset: 7, expected: "a command letter", got: "3"),
  BadPathData(d: "M1 2 X", offset: 5, expected: "a command letter", got: "X"),
  BadPathData(
    d: "M0 0 a1 1 0 2 0 1 1", offset: 12, expected: "a flag (0 or 1) after 'a'", got: "2"),
  BadPathData(d: "M0 0 a1 1 0 0011", offset: 16, expected: "a number after 'a'", got: nil),
  BadPathData(d: "M0 0 L1e999 0", offset: 6, expected: "within ±1.8e308", got: "1"),
  BadPathData(d: "M0 0 L1 2 3", offset: 11, expected: "a number after 'L'", got: nil),
  BadPathData(d: "M0 0 C1 2 3 4 5", offset: 15, expected: "a number after 'C'", got: nil),
  BadPathData(d: "M0 0 1e", offset: 6, expected: "a number after 'M'", got: "e"),
  BadPathData(d: "M1 2 é", offset: 5, expected: "a command letter", got: "é"),
  BadPathData(d: "M0 0 L . 5", offset: 7, expected: "a number after 'L'", got: "."),
]

@Test(arguments: badPaths)
func badPathData(_ c: BadPathData) {
  #expect(throws: SVGSyntaxError.self) { try PathDataParser.parse(c.d) }
  do {
    _ = try PathDataParser.parse(c.d)
  } catch {
    #expect(error.offset == c.offset, "\(error)")
    #expect(error.expected.contains(c.expected), "\(error)")
    #expect(error.got == c.got, "\(error)")
    // The caret sits under the offending character.
    let lines = error.context().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2)
    #expect(lines[1].last == "^")
  }
}

@Test func issueErrorMessage() {
  do {
    _ = try PathDataParser.parse("M60.482,613.46c0,x-17.859,0.518-26.997,0")
    Issue.record("no error")
  } catch {
    #expect(error.description == "offset 17: expected a number after 'c', got 'x'")
    #expect(
      error.context()
        == "M60.482,613.46c0,x-17.859,0.518-26.997,0\n                 ^")
  }
}
