import Foundation

/// Where a command writes a text result: standard output for the path `-`, else a file that
/// appears only when complete (`AtomicFile`: a temporary file renamed into place). `feel sweep`
/// streams its CSV through it; a new command that writes a file does the same:
///
///     let output = try OutputText(path, what: "the CSV")
///     do {
///       try output.write(header)
///       …
///       try output.commit()
///     } catch {
///       output.discard()
///       throw FeelError("\(path): cannot write the CSV (\(error.localizedDescription))")
///     }
///
/// or, for a text computed whole, `try OutputText.write(text, to: path, what: "the SVG")`.
public final class OutputText {
  /// The path given: a file, or `-` for standard output.
  public let path: String
  /// The file being written; nil for standard output.
  private let file: AtomicFile?

  /// Opens `path` (`-`: standard output); `what` names it in messages (`the CSV`).
  public init(_ path: String, what: String) throws(FeelError) {
    self.path = path
    file = path == "-" ? nil : try AtomicFile(path, what: what)
  }

  public var isStandardOutput: Bool { file == nil }

  /// Appends `text`.
  public func write(_ text: String) throws {
    if let file {
      try file.write(text)
    } else {
      FileHandle.standardOutput.write(Data(text.utf8))
    }
  }

  /// Renames the file into place (nothing to do for standard output).
  public func commit() throws {
    try file?.commit()
  }

  /// Deletes the unfinished file; the path is left as it was.
  public func discard() {
    file?.discard()
  }

  /// Writes `text` to `path` (`-`: standard output) in one go.
  public static func write(_ text: String, to path: String, what: String) throws(FeelError) {
    let output = try OutputText(path, what: what)
    do {
      try output.write(text)
      try output.commit()
    } catch {
      output.discard()
      throw FeelError("\(path): cannot write \(what) (\(error.localizedDescription))")
    }
  }
}
