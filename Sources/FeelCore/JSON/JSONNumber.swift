/// A JSON number literal as FeelLab writes it: every number in every JSON FeelLab writes goes
/// through here. A measured double takes the CLI's digits (the CSV's nine significant digits,
/// `NineDigits.number`), so a value reads the same in `feel run`, `--json` and the studio; a
/// value as a person wrote it (an axis value, a rounded constant) takes its shortest exact
/// form; a number `feel run` printed in its CSV keeps that text (`init(cell:)`). A double that is
/// not finite is `null`.
public struct JSONNumber: Sendable, Hashable, Encodable {
  /// The literal's text.
  public let text: String

  /// `x` with the CLI's digits (`NineDigits.number`); `null` when not finite.
  public init(_ x: Double) {
    text = x.isFinite ? NineDigits.number(x) : "null"
  }

  /// An integer.
  public init(_ n: Int) { text = String(n) }

  /// A number as a CSV cell of `feel run` has it (`TrajectoryCSV`: nine digits, a time's own
  /// digits such as `1.0`), written as it is, so a live frame's numbers are the CSV's text;
  /// `null` for text that is not a number.
  public init(cell: String) {
    text =
      !cell.isEmpty && cell.utf8.allSatisfy({ $0 < 0x80 && "0123456789.-+e".utf8.contains($0) })
      ? cell : "null"
  }

  private init(text: String) { self.text = text }

  /// `x` in the shortest form that reads back to the same double (`160`, `0.35`, `1e-05`),
  /// without a trailing `.0`; `null` when not finite.
  public static func shortest(_ x: Double) -> JSONNumber {
    guard x.isFinite else { return JSONNumber(text: "null") }
    if x == x.rounded(), abs(x) < 1e15 { return JSONNumber(text: String(Int64(x))) }
    return JSONNumber(text: x.description)
  }

  /// FeelLab's writer (`JSONWriter`) writes the text; another encoder gets the double.
  public func encode(to encoder: any Encoder) throws {
    if let writer = encoder as? JSONNodeEncoder {
      writer.setLiteral(text)
      return
    }
    var container = encoder.singleValueContainer()
    if let x = Double(text) {
      try container.encode(x)
    } else {
      try container.encodeNil()
    }
  }
}
