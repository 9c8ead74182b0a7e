import FeelCore
import FeelScene

extension ScenePath {
  /// `feel inspect SCENE --paths`: every path of `listing(in:)`, one a line, padded to a column,
  /// followed by what its value must be (`SceneValueKind.expected`).
  public static func listingText(_ entries: [Entry]) -> String {
    let width = entries.map(\.path.count).max() ?? 0
    return entries.map { entry in
      entry.path + String(repeating: " ", count: width - entry.path.count + 2)
        + entry.kind.expected + "\n"
    }.joined()
  }

  /// `feel inspect SCENE --paths --json`: one object with the key `paths`, an array of objects
  /// with the keys path, kind (number, choice or boolean), range (a number's, as the docs' key
  /// tables write it), unit (a number's; "" for a ratio), names (a choice's) and expected (what
  /// a value must be, as errors say it); a key that does not apply is null.
  public static func listingJSON(_ entries: [Entry]) -> String {
    JSONWriter().line(ListingJSON(paths: entries.map(EntryJSON.init)))
  }

  private struct ListingJSON: Encodable {
    var paths: [EntryJSON]
  }

  private struct EntryJSON: Encodable {
    var path: String
    var kind: String
    var range: String?
    var unit: String?
    var names: [String]?
    var expected: String

    init(_ entry: Entry) {
      path = entry.path
      expected = entry.kind.expected
      switch entry.kind {
      case .number(let numbers, let unit):
        (kind, range, self.unit) = ("number", numbers.docPhrase, unit)
      case .choice(let choices, _):
        (kind, names) = ("choice", choices)
      case .boolean:
        kind = "boolean"
      }
    }
  }
}
