import FeelTestSupport
import Foundation
import Testing

/// The built `feel` executable: SwiftPM puts it in the same folder as the test bundle
/// (`.build/debug/FeelLabPackageTests.xctest` on Linux, a bundle of that name on macOS).
/// `FEEL_EXECUTABLE` overrides the search.
let feelExecutable: URL? = {
  if let path = ProcessInfo.processInfo.environment["FEEL_EXECUTABLE"] {
    return URL(fileURLWithPath: path)
  }
  var folders = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
  folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
  if let executable = Bundle.main.executableURL {
    folders.append(executable.deletingLastPathComponent())
  }
  return folders.map { $0.appendingPathComponent("feel") }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

/// What one run of `feel` did.
struct FeelResult {
  var status: Int32
  var stdout: Data
  var stderr: Data

  var output: String { String(decoding: stdout, as: UTF8.self) }
  var errors: String { String(decoding: stderr, as: UTF8.self) }
  /// Standard error's lines, without the final line break.
  var errorLines: [Substring] {
    errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
      errors.hasSuffix("\n") ? 1 : 0)
  }
}

/// Runs `feel` with `arguments` in `folder` (the repository root unless given), capturing
/// standard output and error in files (so that no pipe can fill up and block).
func runFeel(_ arguments: [String], in folder: URL = repositoryRoot) throws -> FeelResult {
  let executable = try #require(
    feelExecutable,
    "no built `feel` next to the test bundle (\(CommandLine.arguments[0])); run `swift build`")
  let scratch = try TemporaryFolder()
  let outURL = scratch.url.appendingPathComponent("stdout")
  let errURL = scratch.url.appendingPathComponent("stderr")
  FileManager.default.createFile(atPath: outURL.path, contents: nil)
  FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let out = try FileHandle(forWritingTo: outURL)
  let err = try FileHandle(forWritingTo: errURL)

  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = folder
  process.standardOutput = out
  process.standardError = err
  process.standardInput = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  try out.close()
  try err.close()
  return FeelResult(
    status: process.terminationStatus, stdout: try Data(contentsOf: outURL),
    stderr: try Data(contentsOf: errURL))
}

/// A fresh folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("feel-cli-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `text` to `name` in the folder and returns its URL.
  @discardableResult
  func write(_ text: String, to name: String) throws -> URL {
    let file = url.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
