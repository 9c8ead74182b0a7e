import FeelCore

/// Swift identifiers for scene ids in generated code: "scrub-snap" → `scrubSnap`,
/// "castro-release-right-80" → `CastroReleaseRight80` as a type name.
enum SwiftIdentifier {
  /// lowerCamelCase of `id` (words split at anything but ASCII letters and digits), made
  /// unique against `taken` by appending `suffix` (then a number); inserted into `taken`.
  static func name(_ id: String, suffix: String, taken: inout Set<String>) -> String {
    var words = Self.words(id)
    if words.isEmpty { words = [suffix.lowercased()] }
    var name = words[0].lowercased() + words.dropFirst().map(Self.capitalized).joined()
    if name.first?.isNumber == true || SwiftKeywords.all.contains(name) { name += suffix }
    var unique = name
    if taken.contains(unique) { unique = name + suffix }
    var n = 2
    while taken.contains(unique) {
      unique = name + suffix + String(n)
      n += 1
    }
    taken.insert(unique)
    return unique
  }

  /// UpperCamelCase of `id` for a type name; `fallback` when it has no letters or digits, and a
  /// prefix of it when it starts with a digit.
  static func typeName(_ id: String, fallback: String) -> String {
    let name = words(id).map(capitalized).joined()
    if name.isEmpty { return fallback }
    return name.first!.isNumber ? fallback + name : name
  }

  private static func words(_ id: String) -> [String] {
    id.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
  }

  private static func capitalized(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst()
  }
}
