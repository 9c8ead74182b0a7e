import FeelTestSupport
import Foundation
import Testing

/// The built `feel` executable next to the test bundle (`FEEL_EXECUTABLE` overrides).
let feelExecutable: URL? = {
  if let path = ProcessInfo.processInfo.environment["FEEL_EXECUTABLE"] {
    return URL(fileURLWithPath: path)
  }
  var folders = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
  folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
  return folders.map { $0.appendingPathComponent("feel") }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

/// A `feel` process started with its output in files (so no pipe can fill up).
struct FeelCommand {
  let process = Process()
  let stdoutURL: URL
  let stderrURL: URL

  /// Starts `feel arguments` in `folder` (the repository root by default).
  init(_ arguments: [String], in folder: URL = repositoryRoot, scratch: Scratch) throws {
    let executable = try #require(feelExecutable, "no built `feel` next to the test bundle")
    stdoutURL = scratch.url.appendingPathComponent("stdout-\(UUID().uuidString)")
    stderrURL = scratch.url.appendingPathComponent("stderr-\(UUID().uuidString)")
    #expect(FileManager.default.createFile(atPath: stdoutURL.path, contents: nil))
    #expect(FileManager.default.createFile(atPath: stderrURL.path, contents: nil))
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
  }

  /// Waits for the end; returns the exit status, standard output and standard error.
  func finish() throws -> (status: Int32, stdout: String, stderr: String) {
    process.waitUntilExit()
    return (
      process.terminationStatus, try String(contentsOf: stdoutURL, encoding: .utf8),
      try String(contentsOf: stderrURL, encoding: .utf8)
    )
  }

  /// Runs `feel arguments` to its end.
  static func run(_ arguments: [String], in folder: URL = repositoryRoot, scratch: Scratch) throws
    -> (status: Int32, stdout: String, stderr: String)
  {
    try FeelCommand(arguments, in: folder, scratch: scratch).finish()
  }
}

/// A fresh folder under the system's temporary folder, removed when the value goes away.
final class Scratch: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("feel-sweep-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `text` to `name` in the folder and returns its path.
  @discardableResult
  func write(_ text: String, to name: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
