import FeelCore

/// The name of a generated glyph: a Swift and C identifier in lower camel case (`quarterRest`),
/// from `--name` or the file's name.
public enum SVGGlyphName {
  /// Whether `name` can name the generated functions: ASCII letters, digits and underscores,
  /// not starting with a digit, not a Swift or C keyword.
  public static func isValid(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !name.isEmpty else { return false }
    let allowed = name.unicodeScalars.allSatisfy {
      ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9")
        || $0 == "_"
    }
    let startsWell = !(first >= "0" && first <= "9")
    return allowed && startsWell && !keywords.contains(name)
  }

  /// A valid name from a file name: "quarter-rest.svg" → "quarterRest"; "glyph" if nothing
  /// usable is left.
  public static func from(fileName: String) -> String {
    var base = fileName.split(separator: "/").last.map(String.init) ?? fileName
    if let dot = base.lastIndex(of: ".") { base = String(base[..<dot]) }
    var words: [String] = []
    var word = ""
    for scalar in base.unicodeScalars {
      let isAlphanumeric =
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
        || (scalar >= "0" && scalar <= "9")
      if isAlphanumeric {
        word.unicodeScalars.append(scalar)
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    var name = ""
    for (i, w) in words.enumerated() {
      name +=
        i == 0 ? w.prefix(1).lowercased() + w.dropFirst() : w.prefix(1).uppercased() + w.dropFirst()
    }
    if let first = name.unicodeScalars.first, first >= "0" && first <= "9" { name = "glyph" + name }
    return isValid(name) ? name : "glyph"
  }

  /// The name with its first letter upper-cased, for types and C functions (`QuarterRest`).
  public static func typeName(_ name: String) -> String {
    name.prefix(1).uppercased() + name.dropFirst()
  }

  /// Swift's keywords and those of C and Objective-C (the glyph's C functions).
  static let keywords: Set<String> = SwiftKeywords.all.union([
    "auto", "char", "const", "double", "extern", "float", "goto", "int", "long", "register",
    "short", "signed", "sizeof", "typedef", "union", "unsigned", "void", "volatile", "inline",
    "restrict", "id", "NULL", "YES", "NO", "_",
  ])
}
