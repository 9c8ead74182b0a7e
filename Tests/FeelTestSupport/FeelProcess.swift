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
  /// `executable`: another product built beside `feel` (`feel-serve`).
  public init(
    _ arguments: [String], in folder: URL = repositoryRoot, scratch: TemporaryFolder,
    environment: [String: String]? = nil, executable name: String = "feel"
  ) throws {
    let feel = try #require(
      feelExecutable,
      "no built `feel` next to the test bundle (\(CommandLine.arguments[0])); run `swift build`")
    let executable = feel.deletingLastPathComponent().appendingPathComponent(name)
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

  /// What the process printed on standard output so far.
  public var outputSoFar: String {
    String(decoding: (try? Data(contentsOf: stdoutURL)) ?? Data(), as: UTF8.self)
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

  public convenience init() throws {
    try self.init(under: FileManager.default.temporaryDirectory)
  }

  /// A fresh folder under `parent` (made if missing).
  public init(under parent: URL) throws {
    url = parent.appendingPathComponent("feel-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A fresh folder under the repository's out/ (which git ignores): for files that a server in
  /// this process, whose root is the repository (its working folder), must read or write.
  public static func inRepository() throws -> TemporaryFolder {
    try TemporaryFolder(under: repositoryRoot.appendingPathComponent("out/feel-tests"))
  }

  /// `name` in the folder as a path relative to the repository's root (a folder from
  /// `inRepository()`).
  public func relative(_ name: String) -> String {
    let root = repositoryRoot.standardizedFileURL.path + "/"
    let path = url.appendingPathComponent(name).standardizedFileURL.path
    return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
  }

  /// Copies the repository's file or folder `source` (relative to its root) to `name` in the
  /// folder (making its subfolders); returns its URL.
  @discardableResult
  public func copy(_ source: String, to name: String) throws -> URL {
    let target = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent(source), to: target)
    return target
  }

  /// Every file and folder under the folder with its size and modification time (`listing`).
  public func listing() throws -> [String] { try FeelTestSupport.listing(url) }

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

/// Every file and folder under `folder` with its size and modification time, sorted: what a
/// test compares to show that nothing under it changed.
public func listing(_ folder: URL) throws -> [String] {
  let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
  let base = folder.standardizedFileURL.path + "/"
  var found: [String] = []
  let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys)
  while let item = walk?.nextObject() as? URL {
    let values = try item.resourceValues(forKeys: Set(keys))
    let stamp = values.contentModificationDate?.timeIntervalSince1970 ?? 0
    let path = String(item.standardizedFileURL.path.dropFirst(base.count))
    found.append("\(path) \(values.fileSize ?? 0) \(stamp)")
  }
  return found.sorted()
}
