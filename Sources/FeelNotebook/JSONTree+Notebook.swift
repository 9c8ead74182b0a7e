import FeelCore

/// The notebook's data scripts: JavaScript literals written by FeelLab's JSON writer, compact
/// and safe inside a script element (`<`, `>`, `&`, U+2028 and U+2029 escaped, so a name
/// holding `</script>` or `<!--` cannot end or confuse it). Their numbers are the values'
/// shortest exact forms (`JSONNumber.shortest`), as JavaScript prints them back.
extension JSONTree {
  /// A number of the notebook's data: its shortest exact form; null when nil or not finite.
  public static func number(_ x: Double?) -> JSONTree { x.map { .number(.shortest($0)) } ?? .null }
  public static func numbers(_ items: [Double?]) -> JSONTree { .array(items.map(number)) }
  public static func strings(_ items: [String]) -> JSONTree { .array(items.map(JSONTree.string)) }
  public static func ints(_ items: [Int]) -> JSONTree { .array(items.map(JSONTree.int)) }

  /// The value as JavaScript source text for a data script.
  public var text: String { JSONWriter(layout: .compact, scriptSafe: true).text(self) }
}
