/// The bytes of TOML's syntax that the byte-level readers (`TOMLParser`, which reads a file,
/// and `SceneSourceMap`, which finds each key's line for messages) look for.
extension UInt8 {
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
  static let hash = UInt8(ascii: "#")
  static let equals = UInt8(ascii: "=")
  static let comma = UInt8(ascii: ",")
  static let dot = UInt8(ascii: ".")
  static let backslash = UInt8(ascii: "\\")
  static let doubleQuote = UInt8(ascii: "\"")
  static let singleQuote = UInt8(ascii: "'")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
}
