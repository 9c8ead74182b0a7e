import FeelCore

/// The SVG path-data grammar (SVG 1.1 §8.3 and its BNF, SVG 2 §9.3): every command, absolute
/// and relative, implicit repeats (M's repeats are L's), numbers in every form ("-.5.5e-1"),
/// arc flags without separators ("a1 1 0 00 1 1"). The result is absolute segments: H and V
/// become lines, Q and T cubics (exact degree elevation), S and T with the reflected control
/// point, and after Z a drawing command starts with an explicit move to the subpath's start.
/// Arcs stay arcs (see `PathSegment.commands`).
public enum PathDataParser {
  /// Parses `d`; the first error stops it (docs/svg.md, "Errors").
  public static func parse(_ d: String) throws(SVGSyntaxError) -> [PathSegment] {
    var parser = Parser(d)
    return try parser.run()
  }
}

private struct Parser {
  var scanner: SVGScanner
  var segments: [PathSegment] = []
  var current = Point.zero
  var subpathStart = Point.zero
  /// The second control point of the previous C or S, for S's reflection.
  var lastCubicControl: Point?
  /// The control point of the previous Q or T, for T's reflection.
  var lastQuadraticControl: Point?
  /// Whether the previous command was Z (a drawing command must then move first).
  var closed = false

  init(_ text: String) {
    scanner = SVGScanner(text)
  }

  func error(_ expected: String, at byteOffset: Int? = nil) -> SVGSyntaxError {
    scanner.error(expected, at: byteOffset)
  }

  static let commands: Set<UInt8> = Set("MmZzLlHhVvCcSsQqTtAa".utf8)

  mutating func run() throws(SVGSyntaxError) -> [PathSegment] {
    scanner.skipWhitespace()
    if scanner.isAtEnd { return [] }
    guard let first = scanner.current, first == UInt8(ascii: "M") || first == UInt8(ascii: "m")
    else { throw error("'M' or 'm' at the start of the path data") }
    while true {
      scanner.skipWhitespace()
      guard let byte = scanner.current else { return segments }
      guard Self.commands.contains(byte) else {
        throw error("a command letter or the end of the data")
      }
      scanner.index += 1
      try command(byte)
    }
  }

  mutating func command(_ letter: UInt8) throws(SVGSyntaxError) {
    let name = String(UnicodeScalar(letter))
    if letter == UInt8(ascii: "Z") || letter == UInt8(ascii: "z") {
      segments.append(.close)
      current = subpathStart
      lastCubicControl = nil
      lastQuadraticControl = nil
      closed = true
      return
    }
    var repeated = false
    var effective = letter
    while true {
      if repeated {
        let before = scanner.index
        let comma = scanner.skipCommaWhitespace()
        guard scanner.isAtNumber else {
          if comma { throw error("a number after '\(name)'") }
          scanner.index = before
          return
        }
        // M's repeats are lines; m's, relative lines.
        if effective == UInt8(ascii: "M") { effective = UInt8(ascii: "L") }
        if effective == UInt8(ascii: "m") { effective = UInt8(ascii: "l") }
      } else {
        scanner.skipWhitespace()
      }
      try arguments(effective, name: name)
      repeated = true
    }
  }

  mutating func number(_ name: String, first: Bool) throws(SVGSyntaxError) -> Double {
    if !first { scanner.skipCommaWhitespace() }
    let start = scanner.index
    switch scanner.number() {
    case .number(let value): return value
    case .none: throw error("a number after '\(name)'")
    case .outOfRange(let text):
      throw error("a number within ±1.8e308 after '\(name)' (not \(text))", at: start)
    }
  }

  mutating func flag(_ name: String) throws(SVGSyntaxError) -> Bool {
    scanner.skipCommaWhitespace()
    guard let value = scanner.flag() else { throw error("a flag (0 or 1) after '\(name)'") }
    return value
  }

  mutating func point(_ name: String, first: Bool, relative: Bool) throws(SVGSyntaxError)
    -> Point
  {
    let x = try number(name, first: first)
    let y = try number(name, first: false)
    return relative ? Point(current.x + x, current.y + y) : Point(x, y)
  }

  /// Starts a new subpath at the current point when the previous command was Z.
  mutating func reopenIfClosed() {
    if closed {
      segments.append(.move(current))
      closed = false
    }
  }

  mutating func arguments(_ letter: UInt8, name: String) throws(SVGSyntaxError) {
    let relative = letter >= UInt8(ascii: "a")
    let upper = relative ? letter - 32 : letter
    var cubicControl: Point?
    var quadraticControl: Point?
    switch upper {
    case UInt8(ascii: "M"):
      let p = try point(name, first: true, relative: relative)
      segments.append(.move(p))
      current = p
      subpathStart = p
      closed = false
    case UInt8(ascii: "L"):
      let p = try point(name, first: true, relative: relative)
      reopenIfClosed()
      segments.append(.line(p))
      current = p
    case UInt8(ascii: "H"):
      let x = try number(name, first: true)
      reopenIfClosed()
      let p = Point(relative ? current.x + x : x, current.y)
      segments.append(.line(p))
      current = p
    case UInt8(ascii: "V"):
      let y = try number(name, first: true)
      reopenIfClosed()
      let p = Point(current.x, relative ? current.y + y : y)
      segments.append(.line(p))
      current = p
    case UInt8(ascii: "C"):
      let c1 = try point(name, first: true, relative: relative)
      let c2 = try point(name, first: false, relative: relative)
      let p = try point(name, first: false, relative: relative)
      reopenIfClosed()
      segments.append(.cubic(control1: c1, control2: c2, to: p))
      current = p
      cubicControl = c2
    case UInt8(ascii: "S"):
      let c2 = try point(name, first: true, relative: relative)
      let p = try point(name, first: false, relative: relative)
      reopenIfClosed()
      let c1 = lastCubicControl.map { 2 * current - $0 } ?? current
      segments.append(.cubic(control1: c1, control2: c2, to: p))
      current = p
      cubicControl = c2
    case UInt8(ascii: "Q"):
      let q = try point(name, first: true, relative: relative)
      let p = try point(name, first: false, relative: relative)
      reopenIfClosed()
      appendQuadratic(q, p)
      quadraticControl = q
    case UInt8(ascii: "T"):
      let p = try point(name, first: true, relative: relative)
      reopenIfClosed()
      let q = lastQuadraticControl.map { 2 * current - $0 } ?? current
      appendQuadratic(q, p)
      quadraticControl = q
    default:  // A
      let rx = try number(name, first: true)
      let ry = try number(name, first: false)
      let rotation = try number(name, first: false)
      let large = try flag(name)
      let sweep = try flag(name)
      let p = try point(name, first: false, relative: relative)
      reopenIfClosed()
      segments.append(
        .arc(
          EllipticalArc(
            from: current, to: p, rx: rx, ry: ry, rotation_deg: rotation, largeArc: large,
            sweep: sweep)))
      current = p
    }
    lastCubicControl = cubicControl
    lastQuadraticControl = quadraticControl
  }

  /// A quadratic from the current point as the equal cubic: control points 2/3 of the way
  /// from each end to the quadratic's control point.
  mutating func appendQuadratic(_ q: Point, _ p: Point) {
    let c1 = current + (2.0 / 3.0) * (q - current)
    let c2 = p + (2.0 / 3.0) * (q - p)
    segments.append(.cubic(control1: c1, control2: c2, to: p))
    current = p
  }
}
