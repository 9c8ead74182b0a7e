import ArgumentParser
import FeelCommandSupport
import FeelScene
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import ServiceLifecycle

/// `feel-serve`, which `feel serve` runs (docs/studio.md): the local server of FeelLab's HTTP
/// API and page. Its own executable, so that `feel` and `make plots` never build SwiftNIO.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "feel serve",
    abstract: "Serve the HTTP API and the notebook page on this machine (docs/studio.md).",
    discussion: """
      Prints one line on standard output once listening, `feel serve: http://HOST:PORT/?token=T`: \
      open it in a browser, or send the token with every request (query parameter `token`, \
      `Authorization: Bearer T`, or the page's cookie). POST /api/run, /api/metrics and \
      /api/sweep answer as feel run, feel metrics --json and feel sweep -o - do; every path in a \
      request is relative to --root, which the server never reads outside. Logs go to standard \
      error. SIGINT or SIGTERM stop it (exit 0).
      """
  )

  @Argument(
    help:
      "Experiments, control files and scenes the pages show. Default: every experiments/*.toml under --root."
  )
  var files: [String] = []

  @Option(
    help: ArgumentHelp(
      "The address to listen on, and the name requests must give in their Host header. Anything but loopback is reachable from other machines: a warning says so.",
      valueName: "address"))
  var host = "127.0.0.1"

  @Option(
    help: ArgumentHelp("The port; 0 takes a free one (the URL line says which).", valueName: "n"))
  var port = 8765

  @Option(
    help: ArgumentHelp(
      "The one folder the server reads; request paths are relative to it.", valueName: "dir"))
  var root = "."

  @Option(
    help: ArgumentHelp(
      "The token requests must carry. Default: FEEL_SERVE_TOKEN, else 256 random bits, new at every start.",
      valueName: "token"))
  var token: String?

  @Flag(help: "Nothing on standard error but errors.")
  var quiet = false

  func validate() throws {
    try FeelError.validating { () throws(FeelError) in
      guard (0...65535).contains(port) else {
        throw FeelError("--port: expected a port from 0 to 65535 (0: any free port), got \(port)")
      }
      guard !host.isEmpty else {
        throw FeelError("--host: expected an address to listen on, got \"\"")
      }
      if let token, let problem = ServeToken.problem(with: token) {
        throw FeelError("--token: expected \(problem), got \"\(token)\"")
      }
    }
  }

  /// The token: `--token`, else `FEEL_SERVE_TOKEN`, else a new random one.
  func resolvedToken() throws(FeelError) -> String {
    if let token { return token }
    if let given = ProcessInfo.processInfo.environment["FEEL_SERVE_TOKEN"], !given.isEmpty {
      if let problem = ServeToken.problem(with: given) {
        throw FeelError("FEEL_SERVE_TOKEN: expected \(problem), got \"\(given)\"")
      }
      return given
    }
    return ServeToken.random()
  }

  /// Whether `host` is a loopback address or name (reachable from this machine only).
  static func isLoopback(_ host: String) -> Bool {
    let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    return name == "localhost" || name == "::1" || name.hasPrefix("127.")
  }

  /// Sets everything up and serves until `watch` takes SIGINT or SIGTERM.
  func serve(
    _ watch: ShutdownWatch, sweeps: RunningSweeps, sessions: LiveSessions, logger: Logger
  ) async throws {
    let realRoot = try ReadRoot.confine(to: root)
    guard FileManager.default.changeCurrentDirectoryPath(realRoot) else {
      throw FeelError("--root: cannot enter \"\(root)\"")
    }
    let token = try resolvedToken()
    if !Self.isLoopback(host) {
      FileHandle.standardError.write(
        Data(
          ("feel serve: warning: --host \(host) is not a loopback address: other machines that "
            + "reach it can use this server with its token, which travels unencrypted (no TLS); "
            + "see docs/studio.md, \"Security\"\n").utf8))
    }
    let shown = try ServeFiles.sorted(files)
    let notebook = try NotebookInputs(
      experimentFiles: shown.experiments, charts: "out/plots", orAll: false)
    let threads = ProcessInfo.processInfo.activeProcessorCount
    let access = ServeAccess(token: token, host: host)
    let routes = ServeRoutes(
      page: NotebookPage(inputs: notebook, threads: threads, logger: logger, served: shown),
      sweeps: sweeps, sessions: sessions, logger: logger, sweepThreads: threads)
    let host = host
    let app = ServeApplication.make(
      routes: routes, access: access, address: .hostname(host, port: port), logger: logger
    ) { bound in
      let line = "feel serve: http://\(ServeAccess.urlHost(host)):\(bound)/?token=\(token)\n"
      // `try?`: a standard output closed already (its reader gone) is no reason to stop.
      try? FileHandle.standardOutput.write(contentsOf: Data(line.utf8))
    }
    // The signals are the watch's (its thread starts the graceful shutdown), not the group's.
    let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
    guard watch.serving(group) else { return }
    do {
      try await group.run()
    } catch {
      throw FeelError("cannot serve on \(ServeAccess.urlHost(host)):\(port) (\(error))")
    }
  }
}

/// The server as a Hummingbird application: `ServeRoutes`' router, and connections that
/// upgrade `GET /api/live` to a live session (`LiveUpgradeChannel`).
enum ServeApplication {
  /// Once listening, `onListening` gets the port (after `access` knows it).
  static func make(
    routes: ServeRoutes, access: ServeAccess, address: BindAddress, logger: Logger,
    onListening: @escaping @Sendable (Int) -> Void = { _ in }
  ) -> some ApplicationProtocol {
    let router = routes.router(access: access)
    let webSocketResponder = router.buildResponder()
    // A live message may be 1 MiB, in one frame or in fragments.
    let webSocket = WebSocketServerConfiguration(
      maxFrameSize: ServeLimits.maxRequestBytes, autoPing: .enabled(timePeriod: .seconds(30)))
    return Application(
      router: router,
      server: HTTPServerBuilder { responder in
        LiveUpgradeChannel(
          upgradeChannel: HTTP1WebSocketUpgradeChannel(
            responder: responder, webSocketResponder: webSocketResponder,
            configuration: .init(ws: webSocket)),
          access: access)
      },
      configuration: ApplicationConfiguration(address: address),
      onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? 0
        access.listening(on: bound)
        onListening(bound)
      },
      logger: logger)
  }
}

/// The files `feel serve FILE …` shows, sorted by kind: experiments (the notebook's and the
/// studio's), control files and scenes (the studio's: each control a group, each scene under
/// the group whose constants it holds, docs/studio.md).
struct ServeFiles: Sendable {
  var experiments: [String]
  var controls: [String] = []
  var scenes: [String] = []

  /// `files` by kind (a control file is one in a `controls` folder, a scene one with an
  /// `[[item]]`); no FILE: every experiments/*.toml. Scenes or controls alone show no experiment.
  static func sorted(_ files: [String]) throws(FeelError) -> ServeFiles {
    var sorted = ServeFiles(experiments: [])
    for file in files {
      if file.split(separator: "/").dropLast().contains("controls") {
        _ = try InputFile.control(file)
        sorted.controls.append(file)
      } else if let text = try? InputFile.text(file, .scene),
        text.split(separator: "\n").contains(where: { $0.hasPrefix("[[item]]") })
      {
        _ = try InputFile.scene(file)
        sorted.scenes.append(InputFile.normalized(file))
      } else {
        sorted.experiments.append(file)
      }
    }
    if sorted.experiments.isEmpty && sorted.controls.isEmpty && sorted.scenes.isEmpty {
      sorted.experiments = try NotebookInputs.experimentFiles([])
    }
    return sorted
  }
}

/// The entry point: parses the arguments as `feel` does (errors as `feel: error: …`, status 2),
/// then serves on other threads while the main thread waits for SIGINT or SIGTERM; exits 0 once
/// stopped by one (`ShutdownWatch`). Not an `async` main: its thread must block the signals
/// before any other thread starts, and take them itself.
public enum FeelServeMain {
  public static func main() {
    ShutdownWatch.blockSignals()
    let command: ServeCommand
    do {
      command = try ServeCommand.parse()
    } catch {
      if ServeCommand.exitCode(for: error) == .validationFailure {
        let message = ServeCommand.fullMessage(for: error)
        if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
        exit(2)
      }
      ServeCommand.exit(withError: error)
    }
    let level: Logger.Level = command.quiet ? .error : .info
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    let logger = Logger(label: "feel-serve")
    let sweeps = RunningSweeps()
    let sessions = LiveSessions()
    let watch = ShutdownWatch(sweeps: sweeps, sessions: sessions, logger: logger)
    Task.detached {
      do {
        try await command.serve(watch, sweeps: sweeps, sessions: sessions, logger: logger)
      } catch let failure as FeelError {
        FileHandle.standardError.write(Data(failure.report.utf8))
        exit(2)
      } catch {
        FileHandle.standardError.write(Data("feel: error: \(error)\n".utf8))
        exit(2)
      }
      exit(0)
    }
    watch.waitForSignals()
  }
}
