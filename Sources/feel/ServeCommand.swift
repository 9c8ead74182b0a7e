import ArgumentParser
import FeelCommandSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `feel serve …`: runs the `feel-serve` executable with the same arguments, as `git foo` runs
/// `git-foo` (docs/studio.md). The server is a program of its own so that `feel` (and `make
/// plots`) never build or load SwiftNIO. It is looked for beside this `feel` (the build folder,
/// where `swift build` puts both), then on PATH; the process is replaced by it, so its
/// output, its exit status and the signals sent to it are the server's (the process that
/// prints the URL line is the one a signal reaches).
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the HTTP API and the notebook page on this machine (runs feel-serve).",
    discussion: """
      feel serve [FILE ...] [--host 127.0.0.1] [--port 8765] [--root DIR] [--token T] [--quiet]

      Runs the feel-serve executable (found beside feel, else on PATH) with these arguments; \
      `feel serve --help` prints its options. Once listening it prints one line on standard \
      output, `feel serve: http://HOST:PORT/?token=TOKEN`. See docs/studio.md.
      """
  )

  @Argument(parsing: .captureForPassthrough, help: "feel-serve's arguments.")
  var arguments: [String] = []

  /// The executable's name.
  static let server = "feel-serve"

  func run() throws {
    let beside = Self.besideFeel()
    var tried: [String] = []
    for candidate in [beside] + Self.onPath() {
      guard let candidate else { continue }
      tried.append(candidate)
      if access(candidate, X_OK) == 0 {
        Self.exec(candidate, arguments)
      }
    }
    let besideText = beside.map { "beside feel (\($0))" } ?? "beside feel"
    throw FeelError(
      "feel serve: expected the \(Self.server) executable \(besideText) or on PATH, found "
        + "neither; build it with `swift build -c release --product \(Self.server)` "
        + "(or `make studio`) and keep it beside feel or on PATH")
  }

  /// `feel-serve` in the folder of this executable (its symbolic links resolved).
  static func besideFeel() -> String? {
    guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
    return executable.deletingLastPathComponent().appendingPathComponent(server).path
  }

  /// `feel-serve` in each folder of PATH.
  static func onPath() -> [String] {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { folder in
      (String(folder) as NSString).appendingPathComponent(server)
    }
  }

  /// Replaces this process with `path arguments…`; returns only if that fails. SIGINT and
  /// SIGTERM are blocked first and stay blocked across `execv`: a signal sent before the server
  /// takes them (ShutdownWatch.swift in feel-serve) waits for it instead of ending the process.
  static func exec(_ path: String, _ arguments: [String]) {
    var stopSignals = sigset_t()
    var previous = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGINT)
    sigaddset(&stopSignals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &stopSignals, &previous)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    execv(path, argv)
    for pointer in argv { free(pointer) }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }
}
