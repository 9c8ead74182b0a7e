/// Text from experiment files (titles, descriptions, axis names) as it goes into the
/// notebook's HTML.
public enum HTMLText {
  /// Escapes `&`, `<`, `>`, `"` and `'`: safe in element content and in quoted attributes.
  public static func escape(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A description as paragraphs: blank lines separate paragraphs; single line breaks are
  /// spaces (as in Markdown). Each paragraph is escaped.
  public static func paragraphs(_ text: String) -> [String] {
    var paragraphs: [String] = []
    var current: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingSpaces
      if trimmed.isEmpty {
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        current = []
      } else {
        current.append(trimmed)
      }
    }
    if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
    return paragraphs.map(escape)
  }

  /// A file name or id safe in a path and a URL: letters, digits, `-`, `_` and `.`; anything
  /// else becomes `-`.
  public static func slug(_ s: String) -> String {
    let mapped = s.unicodeScalars.map { c -> Character in
      (c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c)))
        || c == "-" || c == "_" || c == "." ? Character(c) : "-"
    }
    let text = String(mapped).trimming(["-", "."])
    return text.isEmpty ? "experiment" : text
  }
}

extension Substring {
  var trimmingSpaces: Substring {
    var s = self
    while let c = s.first, c == " " || c == "\t" || c == "\r" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\t" || c == "\r" { s = s.dropLast() }
    return s
  }
}

extension String {
  func trimming(_ set: Set<Character>) -> String {
    var s = Substring(self)
    while let c = s.first, set.contains(c) { s = s.dropFirst() }
    while let c = s.last, set.contains(c) { s = s.dropLast() }
    return String(s)
  }
}
