/// The notebook's text for one metric over a grid: every point's value exactly as the sweep's
/// CSV prints it (nine significant digits, counts whole), or why it is empty.
///
/// A printed value is a decimal, `mantissa × 10^exponent` with the mantissa's trailing zeros
/// moved into the exponent (`0.35` is 35 × 10⁻², `12` is 12 × 10⁰). Each point is written as
/// `TrajectoryCodec` varints (the same alphabet):
///
/// - an empty cell: one integer `2 × reason` (an index into the experiment's table of reasons);
/// - a value: `2 × zigzag(exponent − previous exponent) + 1` (the previous value's exponent, 0
///   at first: usually one character), then `zigzag(mantissa)`.
///
/// The page's js/grid.js decodes it; a decimal of at most nine digits read with one correctly
/// rounded division (or multiplication) by a power of ten is the double the CSV's text reads to,
/// so the page compares exactly what `feel solve` compares.
public enum GridMetricCodec {
  /// One point's cell.
  public enum Cell: Sendable, Equatable {
    case value(mantissa: Int64, exponent: Int)
    /// Empty; `reason` indexes the experiment's reasons.
    case empty(reason: Int)

    /// The value as a double (nil when empty): what the CSV's text reads to.
    public var number: Double? {
      guard case .value(let mantissa, let exponent) = self else { return nil }
      return Double("\(mantissa)e\(exponent)")
    }
  }

  /// The decimal a CSV cell prints (`0.328140259`, `1.5e-05`, `-3`, `12`); nil if the text is
  /// not a plain decimal number.
  public static func decimal(_ text: String) -> (mantissa: Int64, exponent: Int)? {
    var chars = Substring(text)
    var negative = false
    if chars.first == "-" || chars.first == "+" {
      negative = chars.first == "-"
      chars = chars.dropFirst()
    }
    var exponent = 0
    if let e = chars.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      guard let power = Int(chars[chars.index(after: e)...]) else { return nil }
      exponent = power
      chars = chars[..<e]
    }
    var digits = ""
    var seenPoint = false
    for c in chars {
      if c == "." {
        guard !seenPoint else { return nil }
        seenPoint = true
      } else if c.isASCII, c.isNumber {
        digits.append(c)
        if seenPoint { exponent -= 1 }
      } else {
        return nil
      }
    }
    guard !digits.isEmpty else { return nil }
    while digits.count > 1, digits.first == "0" { digits.removeFirst() }
    while digits.count > 1, digits.last == "0" {
      digits.removeLast()
      exponent += 1
    }
    guard digits.count <= 18, var mantissa = Int64(digits) else { return nil }
    if mantissa == 0 { return (0, 0) }
    if negative { mantissa = -mantissa }
    return (mantissa, exponent)
  }

  /// The cells as text.
  public static func encode(_ cells: [Cell]) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(cells.count * 8)
    var previous = 0
    for cell in cells {
      switch cell {
      case .empty(let reason):
        TrajectoryCodec.appendVarint(UInt64(2 * max(0, reason)), to: &bytes)
      case .value(let mantissa, let exponent):
        let step = TrajectoryCodec.zigzag(Int64(exponent - previous))
        TrajectoryCodec.appendVarint(2 * step + 1, to: &bytes)
        TrajectoryCodec.appendVarint(TrajectoryCodec.zigzag(mantissa), to: &bytes)
        previous = exponent
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The cells of a text (the inverse of `encode`); nil if it is malformed.
  public static func decode(_ text: String) -> [Cell]? {
    guard let integers = TrajectoryCodec.varints(text) else { return nil }
    var cells: [Cell] = []
    var previous = 0
    var i = 0
    while i < integers.count {
      let head = integers[i]
      i += 1
      if head % 2 == 0 {
        guard let reason = Int(exactly: head / 2) else { return nil }
        cells.append(.empty(reason: reason))
        continue
      }
      guard i < integers.count else { return nil }
      let exponent = previous + Int(TrajectoryCodec.unzigzag(head / 2))
      cells.append(
        .value(mantissa: TrajectoryCodec.unzigzag(integers[i]), exponent: exponent))
      previous = exponent
      i += 1
    }
    return cells
  }
}
