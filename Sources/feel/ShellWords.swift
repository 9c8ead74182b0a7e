/// Splits one argument into words as a POSIX shell would for a simple command: spaces and tabs
/// separate words; 'single quotes' keep everything literally; "double quotes" keep spaces and
/// let a backslash escape `"`, `\`, `$` and a backquote; a backslash outside quotes escapes the
/// next character. No expansion of any kind. `feel notebook --solve` reads a question written
/// as `feel solve`'s arguments with it.
enum ShellWords {
  /// The words, or nil when a quote is left open or the text ends in a lone backslash.
  static func split(_ text: String) -> [String]? {
    var words: [String] = []
    var current = ""
    var inWord = false
    var chars = text.makeIterator()
    while let c = chars.next() {
      switch c {
      case " ", "\t", "\n":
        if inWord { words.append(current) }
        current = ""
        inWord = false
      case "'":
        inWord = true
        var closed = false
        while let q = chars.next() {
          if q == "'" {
            closed = true
            break
          }
          current.append(q)
        }
        if !closed { return nil }
      case "\"":
        inWord = true
        var closed = false
        while let q = chars.next() {
          if q == "\"" {
            closed = true
            break
          }
          if q == "\\" {
            guard let next = chars.next() else { return nil }
            if !"\"\\$`".contains(next) { current.append("\\") }
            current.append(next)
          } else {
            current.append(q)
          }
        }
        if !closed { return nil }
      case "\\":
        guard let next = chars.next() else { return nil }
        inWord = true
        current.append(next)
      default:
        inWord = true
        current.append(c)
      }
    }
    if inWord { words.append(current) }
    return words
  }
}
