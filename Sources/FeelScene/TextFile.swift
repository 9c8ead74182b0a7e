/// Checks that an input file's bytes are text a reader can parse, before any reader sees them:
/// not empty, UTF-8, and without NUL bytes. Pure: the caller reads the bytes.
///
/// The checks matter because the TOML library reads a C string: a NUL byte would silently end
/// the document there (a binary file would read as an empty scene), and an empty scene would
/// simulate nothing without a word. `feel` reads every input file through this check
/// (Sources/feel/InputFile.swift), and so does the fuzz harness (Sources/FeelFuzz).
public enum TextFile {
  /// What a file is for, as messages name it: "the scene file", and what such a file is.
  public struct Kind: Sendable, Equatable {
    /// The file's role after "cannot read the": `scene file`, `experiment file`, `baseline`.
    public var name: String
    /// What the file should be, after "; expected" (nil: no such hint).
    public var expected: String?

    public init(name: String, expected: String? = nil) {
      self.name = name
      self.expected = expected
    }

    /// A scene file (see docs/scene-format.md).
    public static let scene = Kind(name: "scene file", expected: "a scene file (TOML, UTF-8)")
    /// A touch trace a scene names (see docs/touches.md).
    public static let trace = Kind(
      name: "trace file", expected: "a CSV trace with the header t_s,x_pt,y_pt (UTF-8)")
  }

  /// The text of `bytes`, the contents of `file` (used in messages); throws when they are empty
  /// (or only white space), not UTF-8, or hold a NUL byte, naming the first offending byte's
  /// offset (0-based) and line (1-based).
  public static func text(of bytes: [UInt8], file: String, kind: Kind) throws(TextFileError)
    -> String
  {
    func failure(_ reason: String) -> TextFileError {
      TextFileError(file: file, kind: kind, reason: reason)
    }
    if bytes.isEmpty { throw failure("it is empty") }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    var line = 1
    var blank = true
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        switch encoded.first {
        case 0:
          throw failure("it is not a text file (a NUL byte at offset \(offset), line \(line))")
        case UInt8(ascii: "\n"):
          line += 1
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
          break
        default:
          blank = false
        }
        offset += encoded.count
      case .error:
        let byte = String(bytes[offset], radix: 16, uppercase: true)
        let shown = byte.count == 1 ? "0x0" + byte : "0x" + byte
        throw failure(
          "it is not a text file (byte \(shown) at offset \(offset), line \(line), is not UTF-8)")
      case .emptyInput:
        if blank { throw failure("it is empty (only white space)") }
        return String(decoding: bytes, as: UTF8.self)
      }
    }
  }
}

/// An input file that cannot be read as text: missing, a folder, unreadable, empty, or not a
/// text file. Its `description` is the one line `feel` prints (with `feel: error: ` before it):
///
///     scenes/tap.toml: cannot read the scene file: it is not a text file (a NUL byte at offset
///       14, line 2); expected a scene file (TOML, UTF-8)
public struct TextFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file's path, as the user gave it.
  public var file: String
  public var kind: TextFile.Kind
  /// Why it cannot be read: `no such file`, `it is empty`, `it is not a text file (…)`.
  public var reason: String

  public init(file: String, kind: TextFile.Kind, reason: String) {
    self.file = file
    self.kind = kind
    self.reason = reason
  }

  public var description: String {
    MessageText.oneLine(
      "\(file): cannot read the \(kind.name): \(reason)"
        + (kind.expected.map { "; expected \($0)" } ?? ""))
  }
}
