import Foundation
import Testing

/// The built `feel` executable: SwiftPM puts it in the same folder as the test bundle
/// (`.build/debug/FeelLabPackageTests.xctest` on Linux, a bundle of that name on macOS).
/// `FEEL_EXECUTABLE` overrides the search.
public let feelExecutable: URL? = {
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
public struct FeelResult: Sendable {
  public var status: Int32
  public var stdout: Data
  public var stderr: Data

  public var output: String { String(decoding: stdout, as: UTF8.self) }
  public var errors: String { String(decoding: stderr, as: UTF8.self) }
  /// Standard error's lines, without the final line break.
  public var errorLines: [Substring] {
    errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
      errors.hasSuffix("\n") ? 1 : 0)
  }
}

/// A `feel` process, started with its standard output and error going to files (so that
/// no pipe can fill up and block); `process` lets a test signal it.
public struct FeelProcess {
  public let process: Process
  private let stdoutURL: URL
  private let stderrURL: URL

  /// Starts `feel arguments` in `folder` (the repository root unless given); its output
  /// files go in `scratch`. It inherits this process's environment unless `environment` is
  /// given.
  public init(
    _ arguments: [String], in folder: URL = repositoryRoot, scratch: TemporaryFolder,
    environment: [String: String]? = nil
  ) throws {
    let executable = try #require(
      feelExecutable,
      "no built `feel` next to the test bundle (\(CommandLine.arguments[0])); run `swift build`")
    let id = UUID().uuidString
    stdoutURL = scratch.url.appendingPathComponent("stdout-\(id)")
    stderrURL = scratch.url.appendingPathComponent("stderr-\(id)")
    #expect(FileManager.default.createFile(atPath: stdoutURL.path, contents: nil))
    #expect(FileManager.default.createFile(atPath: stderrURL.path, contents: nil))
    process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    process.standardInput = FileHandle.nullDevice
    if let environment { process.environment = environment }
    try process.run()
  }

  /// Waits for the end and returns what the process did.
  public func finish() throws -> FeelResult {
    process.waitUntilExit()
    return FeelResult(
      status: process.terminationStatus, stdout: try Data(contentsOf: stdoutURL),
      stderr: try Data(contentsOf: stderrURL))
  }
}

/// Runs `feel` with `arguments` in `folder` (the repository root unless given) to its end.
public func runFeel(_ arguments: [String], in folder: URL = repositoryRoot) throws -> FeelResult {
  let scratch = try TemporaryFolder()
  return try FeelProcess(arguments, in: folder, scratch: scratch).finish()
}

/// A fresh folder under the system's temporary folder, removed when the value goes away.
public final class TemporaryFolder: Sendable {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("feel-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `text` to `name` in the folder (making its subfolders) and returns its URL.
  @discardableResult
  public func write(_ text: String, to name: String) throws -> URL {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  /// The path of `name` in the folder.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
