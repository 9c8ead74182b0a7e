import FeelTestSupport
import Foundation

/// The sweep tests' scratch folders and `feel` runs, from FeelTestSupport.
typealias Scratch = TemporaryFolder

extension TemporaryFolder {
  /// Writes `text` to `name` in the folder and returns its path.
  @discardableResult
  func writeFile(_ text: String, to name: String) throws -> String {
    try write(text, to: name).path
  }
}

/// `feel` as the sweep tests run it: to its end, with text output.
enum FeelCommand {
  static func run(_ arguments: [String], in folder: URL = repositoryRoot, scratch: Scratch) throws
    -> (status: Int32, stdout: String, stderr: String)
  {
    let result = try FeelProcess(arguments, in: folder, scratch: scratch).finish()
    return (result.status, result.output, result.errors)
  }
}
