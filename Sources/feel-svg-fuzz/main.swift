// feel-svg-fuzz: random and mutated path data and SVG files through FeelSVG (`make fuzz-svg`,
// a short run in `make test`). Every case must end in a result or a clean error (the typed
// SVGSyntaxError / SVGReadError, with a message naming where), never a crash, and within
// 100 ms of CPU time. Seeded: case i of seed s is the same on every machine, and
// `--only i` re-runs one case and prints it.
//
//   feel-svg-fuzz [--runs N] [--seed S] [--only I] [--corpus FILE.svg ...]

import FeelCore
import FeelSVG
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The seeded generator, one per case so that cases are independent: FeelLab's SplitMix64.
typealias Generator = SplitMix64

extension SplitMix64 {
  mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
  mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}

/// This thread's CPU time (s): unlike the wall clock, not stretched by other processes.
func cpuSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

// ---- Generators ---------------------------------------------------------------------------

/// A number in one of the grammar's forms (and a few that are not numbers at all).
func number(_ g: inout Generator) -> String {
  if g.chance(0.01) {
    return g.pick(["1e308", "-1e308", "1e-320", "9e999", "1e", "+", "-", ".", "5.", "+.5"])
  }
  switch Int.random(in: 0..<12, using: &g) {
  case 0: return String(Int.random(in: -1000...1000, using: &g))
  case 1: return String(format: "%.3f", Double.random(in: -500...500, using: &g))
  case 2: return "." + String(Int.random(in: 0...999, using: &g))
  case 3: return "-." + String(Int.random(in: 0...99, using: &g))
  case 4: return "\(Int.random(in: 1...9, using: &g))e\(Int.random(in: -3...3, using: &g))"
  case 5:
    return
      "\(Int.random(in: 1...9, using: &g)).\(Int.random(in: 0...9, using: &g))E+\(Int.random(in: 0...2, using: &g))"
  case 6: return g.pick(["0", "1", "00", "01", "10", "11"])
  case 7: return g.pick(["5.", "+.5", "1.e1", "0.0", "-0"])
  case 8: return String(format: "%.2f", Double.random(in: 0...20, using: &g))
  default: return String(Int.random(in: 0...60, using: &g))
  }
}

/// Joins two tokens the way the grammar allows: a sign or a second point may start the next
/// number with no separator; otherwise whitespace and/or a comma.
func join(_ a: String, _ b: String, _ g: inout Generator) -> String {
  if (b.hasPrefix("-") || b.hasPrefix("+")) && g.chance(0.5) { return a + b }
  if b.hasPrefix("."), a.contains("."), !a.contains("e"), !a.contains("E"), g.chance(0.5) {
    return a + b
  }
  return a + separator(&g) + b
}

func separator(_ g: inout Generator) -> String {
  g.pick([" ", ",", " , ", "\n", "\t", "  ", ", "])
}

let commandArity: [Character: Int] = [
  "M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0,
]

/// Path data from the grammar, with random repeats, relative commands and separators.
func pathData(_ g: inout Generator) -> String {
  var out = g.pick(["M", "m"]) + g.pick(["", " "]) + join(number(&g), number(&g), &g)
  for _ in 0..<Int.random(in: 0...12, using: &g) {
    let letter = g.pick(Array("MLHVCSQTAZ"))
    let relative = g.chance(0.5)
    out += g.pick(["", " ", "\n"]) + String(relative ? Character(letter.lowercased()) : letter)
    out += g.pick(["", "", " "])
    let arity = commandArity[letter]!
    var first = true
    for _ in 0..<(arity == 0 ? 0 : Int.random(in: 1...3, using: &g)) {
      for k in 0..<arity {
        var token = number(&g)
        if letter == "A" && (k == 3 || k == 4) { token = g.pick(["0", "1"]) }
        if letter == "A" && (k == 0 || k == 1) && token.hasPrefix("-") { token.removeFirst() }
        if first {
          out += token
          first = false
        } else if letter == "A" && (k == 4 || k == 5) && g.chance(0.5) {
          out += token  // flags packed: "a1 1 0 00 1 1", "a1 1 0 011 1"
        } else {
          out = join(out, token, &g)
        }
      }
    }
  }
  return out
}

/// Byte-level mutations: flip, insert, delete, duplicate a slice, splice another text in.
func mutate(_ text: String, _ g: inout Generator, donors: [String]) -> String {
  var bytes = Array(text.utf8)
  let interesting: [UInt8] =
    Array("<>/\"'=&;#-.,eE0123456789 MmZzAaCc\n\u{0}".utf8) + [0xC3, 0xA9, 0xFF]
  for _ in 0..<Int.random(in: 1...6, using: &g) {
    switch Int.random(in: 0..<6, using: &g) {
    case 0 where !bytes.isEmpty:
      bytes[Int.random(in: 0..<bytes.count, using: &g)] = g.pick(interesting)
    case 1:
      bytes.insert(g.pick(interesting), at: Int.random(in: 0...bytes.count, using: &g))
    case 2 where !bytes.isEmpty:
      let start = Int.random(in: 0..<bytes.count, using: &g)
      let end = min(bytes.count, start + Int.random(in: 1...16, using: &g))
      bytes.removeSubrange(start..<end)
    case 3 where !bytes.isEmpty:
      let start = Int.random(in: 0..<bytes.count, using: &g)
      let end = min(bytes.count, start + Int.random(in: 1...32, using: &g))
      bytes.insert(contentsOf: bytes[start..<end], at: Int.random(in: 0...bytes.count, using: &g))
    case 4 where !donors.isEmpty:
      let donor = Array(g.pick(donors).utf8)
      guard !donor.isEmpty else { break }
      let start = Int.random(in: 0..<donor.count, using: &g)
      let end = min(donor.count, start + Int.random(in: 1...64, using: &g))
      bytes.insert(contentsOf: donor[start..<end], at: Int.random(in: 0...bytes.count, using: &g))
    default:
      bytes.append(contentsOf: Array(number(&g).utf8))
    }
  }
  return String(decoding: bytes, as: UTF8.self)
}

func attributeValue(_ g: inout Generator) -> String {
  switch Int.random(in: 0..<10, using: &g) {
  case 0:
    return g.pick([
      "red", "#abc", "#a1b2c3", "none", "currentColor", "rgb(1,2,3)", "url(#g)", "url(#g) blue",
      "hsl(10, 50%, 50%)", "rgba(0,0,0,.5)", "blurple", "inherit", "#12",
    ])
  case 1:
    return g.pick([
      "translate(\(number(&g)) \(number(&g)))", "scale(\(number(&g)))",
      "rotate(\(number(&g)) \(number(&g)) \(number(&g)))", "skewX(\(number(&g)))",
      "matrix(1 0 0 1 \(number(&g)) 0)", "skewY(90)", "scale(0)", "rotate(", "",
    ])
  case 2: return number(&g) + g.pick(["", "px", "%", "em", "mm", "in", "pt", "x"])
  case 3: return pathData(&g)
  case 4:
    return g.pick([
      "fill:red;stroke:#000", "stroke-width:2;opacity:.5", "fill: url(#a) red !important",
      "display:none", "visibility:hidden", "/* c */ fill: blue", ";;:", "stroke-dasharray: 1 2",
    ])
  case 5:
    return (0..<Int.random(in: 0...8, using: &g)).map { _ in number(&g) }.joined(
      separator: separator(&g))
  default: return number(&g)
  }
}

let elementNames = [
  "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "g", "a", "text", "defs",
  "use", "image", "linearGradient", "title", "svg", "mask", "style", "switch", "foo",
]
let attributeNames = [
  "d", "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2", "points",
  "transform", "fill", "stroke", "stroke-width", "style", "opacity", "fill-rule", "fill-opacity",
  "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "color", "display", "visibility",
  "viewBox", "id", "clip-path",
]

/// A value for the attribute, usually of the kind it takes.
func value(for name: String, _ g: inout Generator) -> String {
  guard g.chance(0.85) else { return attributeValue(&g) }
  switch name {
  case "d": return pathData(&g)
  case "points":
    return (0..<(2 * Int.random(in: 0...5, using: &g))).map { _ in number(&g) }.joined(
      separator: " ")
  case "transform":
    return (0..<Int.random(in: 1...3, using: &g)).map { _ in
      g.pick([
        "translate(\(number(&g)) \(number(&g)))", "scale(\(number(&g)))",
        "rotate(\(number(&g)) \(number(&g)) \(number(&g)))", "skewX(\(number(&g)))",
        "matrix(1 0 0 1 \(number(&g)) 0)", "skewY(30)",
      ])
    }.joined(separator: g.pick([" ", ",", ""]))
  case "fill", "stroke", "color":
    return g.pick([
      "red", "#abc", "#a1b2c3", "none", "currentColor", "rgb(1,2,3)", "url(#g) blue",
      "hsl(10, 50%, 50%)", "rgba(0,0,0,.5)", "#0000ff80", "transparent",
    ])
  case "style":
    return g.pick([
      "fill:red;stroke:#000", "stroke-width:2;opacity:.5", "fill: #123 !important", "display:none",
      "visibility:hidden", "/* c */ fill: blue", "stroke-linecap:round",
    ])
  case "viewBox":
    return "0 0 \(Int.random(in: 1...100, using: &g)) \(Int.random(in: 1...100, using: &g))"
  case "id": return "id\(Int.random(in: 0...9, using: &g))"
  case "fill-rule": return g.pick(["nonzero", "evenodd"])
  case "stroke-linecap": return g.pick(["butt", "round", "square"])
  case "stroke-linejoin": return g.pick(["miter", "round", "bevel"])
  case "display", "visibility": return g.pick(["inline", "none", "visible", "hidden"])
  case "clip-path": return g.pick(["none", "url(#c)"])
  default:
    return String(format: "%.2f", Double.random(in: -5...60, using: &g))
      + g.pick(["", "", "", "px", "%", "pt"])
  }
}

func element(_ g: inout Generator, depth: Int) -> String {
  let name = g.pick(elementNames)
  var out = "<" + name
  for _ in 0..<Int.random(in: 0...5, using: &g) {
    let attribute = g.pick(attributeNames)
    let text = value(for: attribute, &g).replacingOccurrences(of: "&", with: "&amp;")
      .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
    out += " \(attribute)=\"\(text)\""
  }
  if depth < 4 && g.chance(0.3) {
    out += ">"
    for _ in 0..<Int.random(in: 0...4, using: &g) { out += element(&g, depth: depth + 1) }
    out += g.chance(0.1) ? "text" : ""
    return out + "</\(name)>"
  }
  return out + "/>"
}

func document(_ g: inout Generator) -> String {
  var out = g.chance(0.5) ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\""
  if g.chance(0.8) {
    out +=
      g.chance(0.9)
      ? " viewBox=\"\(number(&g)) \(number(&g)) \(Int.random(in: 1...200, using: &g)) \(Int.random(in: 1...200, using: &g))\""
      : " viewBox=\"\(number(&g)) \(number(&g)) \(number(&g)) \(number(&g))\""
  }
  if g.chance(0.3) { out += " width=\"\(number(&g))\" height=\"\(number(&g))\"" }
  out += ">"
  for _ in 0..<Int.random(in: 0...8, using: &g) { out += element(&g, depth: 0) + "\n" }
  return out + "</svg>"
}

// ---- The run ------------------------------------------------------------------------------

/// The case under way, for the watchdog (read by a signal handler: no allocation there).
nonisolated(unsafe) var currentCase: Int = -1

/// A case still running after `hangLimit_s` of wall-clock time is a hang: SIGALRM says which
/// case and ends the run (the 100 ms CPU limit is checked after each case; this catches a case
/// that never returns).
let hangLimit_s: UInt32 = 10

func onHang(_ signal: Int32) {
  var text = Array("feel-svg-fuzz: a case hung (over 10 s); its index: ".utf8)
  var digits: [UInt8] = []
  var n = max(currentCase, 0)
  repeat {
    digits.append(UInt8(48 + n % 10))
    n /= 10
  } while n > 0
  text += digits.reversed()
  text.append(10)
  _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  _exit(1)
}

enum Outcome { case converted, cleanError }

/// One case through the library; a dirty failure (an error without a place, non-finite
/// output, output that is not JSON) stops the run.
func run(_ text: String, asDocument: Bool, _ g: inout Generator) -> Outcome {
  if !asDocument {
    do {
      let segments = try PathDataParser.parse(text)
      var budget = 1_000_000
      let transform =
        g.chance(0.5)
        ? FeelCore.AffineTransform.identity
        : FeelCore.AffineTransform(a: 2, b: 0.5, c: -0.3, d: 1.5, tx: 3, ty: -4)
      do {
        let commands = try segments.commands(
          transform: transform, tolerance_pt: 0.01, budget: &budget)
        for c in commands where !c.numbers.allSatisfy({ $0.isFinite }) {
          // Overflowing coordinates are the reader's to refuse; here they may happen.
          _ = c
        }
      } catch {
        return .cleanError
      }
      return .converted
    } catch {
      precondition(!error.description.isEmpty && error.offset >= 0, "an error without a place")
      _ = error.context()
      return .cleanError
    }
  }
  let sizing: SVGSizing = g.pick([.viewBox, .scale(3), .fit(width_pt: 50, height_pt: 20)])
  do {
    let document = try SVGReader.read(Data(text.utf8), options: SVGReadOptions(sizing: sizing))
    for path in document.paths {
      for command in path.commands {
        precondition(command.numbers.allSatisfy(\.isFinite), "non-finite output: \(command)")
      }
    }
    let input = SVGEmitInput(document: document, name: "glyph", origin: "feel svg fuzz.svg")
    _ = SwiftEmitter.emit(input)
    _ = ObjectiveCEmitter.emit(input)
    let json = SVGJSON(input).text
    let canvas = CanvasEmitter.emit(input)
    if g.chance(0.05) {
      precondition(
        (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil,
        "JSON output is not JSON:\n\(json)")
      precondition(
        (try? JSONSerialization.jsonObject(with: Data(canvas.utf8))) != nil,
        "canvas output is not JSON")
    }
    return .converted
  } catch {
    precondition(!error.place.isEmpty && !error.description.isEmpty, "an error without a place")
    _ = error.context
    return .cleanError
  }
}

var runs = 10_000
var seed: UInt64 = 1
var only: Int?
var corpusFiles: [String] = []
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--runs": runs = Int(arguments.next() ?? "") ?? runs
  case "--seed": seed = UInt64(arguments.next() ?? "") ?? seed
  case "--only": only = Int(arguments.next() ?? "")
  case "--corpus":
    while let file = arguments.next() { corpusFiles.append(file) }
  default:
    FileHandle.standardError.write(Data("feel-svg-fuzz: unknown argument \(argument)\n".utf8))
    exit(2)
  }
}
let corpus = corpusFiles.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
let donors =
  corpus + [
    "M60.482,613.46c0,0-17.859,0.518-26.997,0", "M0 0a1 1 0 00 1 1",
    "<g transform=\"rotate(3 1 1)\">",
    "<!ENTITY a \"aaaa\">", "<![CDATA[x]]>", "&amp;&#65;&#x42;",
  ]

signal(SIGALRM, onHang)
let limit_s = 0.100
var slowest = 0.0
var slowestCase = -1
var counts = (converted: 0, errors: 0, paths: 0, documents: 0)
let range = only.map { $0...$0 } ?? 0...(runs - 1)
let started = Date()
for i in range {
  var g = Generator(state: seed &* 0x2545_F491_4F6C_DD1D ^ UInt64(i))
  let asDocument = g.chance(0.5)
  var text: String
  let kind = Int.random(in: 0..<10, using: &g)
  if asDocument {
    if kind < 3 && !corpus.isEmpty {
      text = mutate(g.pick(corpus), &g, donors: donors)
    } else if kind < 8 {
      text = document(&g)
      if g.chance(0.4) { text = mutate(text, &g, donors: donors) }
    } else {
      text = String(
        decoding: (0..<Int.random(in: 0...200, using: &g)).map { _ in
          UInt8.random(in: 0...255, using: &g)
        }, as: UTF8.self)
    }
  } else {
    text = pathData(&g)
    if kind < 4 { text = mutate(text, &g, donors: donors) }
    if kind == 9 {
      text = String(
        decoding: (0..<Int.random(in: 0...80, using: &g)).map { _ in
          UInt8.random(in: 0...127, using: &g)
        }, as: UTF8.self)
    }
  }
  if only != nil { print(asDocument ? "document:" : "path data:", text, separator: "\n") }
  currentCase = i
  alarm(hangLimit_s)
  let start = cpuSeconds()
  let outcome = run(text, asDocument: asDocument, &g)
  let elapsed = cpuSeconds() - start
  alarm(0)
  if elapsed > slowest {
    slowest = elapsed
    slowestCase = i
  }
  if elapsed > limit_s {
    print(
      "feel-svg-fuzz: case \(i) (seed \(seed)) took \(elapsed * 1000) ms of CPU, over \(limit_s * 1000) ms; re-run with --seed \(seed) --only \(i)"
    )
    exit(1)
  }
  if outcome == .converted { counts.converted += 1 } else { counts.errors += 1 }
  if asDocument { counts.documents += 1 } else { counts.paths += 1 }
  if only == nil && (i + 1) % 100_000 == 0 {
    print("feel-svg-fuzz: \(i + 1) cases, slowest \(String(format: "%.2f", slowest * 1000)) ms")
  }
}
let total = counts.converted + counts.errors
print(
  "feel-svg-fuzz: \(total) cases (seed \(seed); \(counts.paths) path strings, \(counts.documents) SVG files): "
    + "\(counts.converted) converted, \(counts.errors) clean errors, no crash; slowest "
    + String(format: "%.2f", slowest * 1000) + " ms CPU (case \(slowestCase)), limit 100 ms; "
    + String(format: "%.1f", Date().timeIntervalSince(started)) + " s")
