/// The words a generated Swift identifier must not be: Swift's keywords (declarations,
/// statements, expressions and types, `async`/`await`, `some`/`any`), for the names FeelLab
/// writes into Swift code (the UIKit export's ids, the SVG glyphs' functions).
public enum SwiftKeywords {
  public static let all: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "protocol", "public",
    "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
    "return", "switch", "where", "while", "as", "any", "Any", "catch", "false", "is", "nil",
    "self", "Self", "super", "throw", "throws", "true", "try", "await", "async", "some", "Type",
  ]
}
