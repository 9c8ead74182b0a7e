import FeelCommandSupport
import FeelScene
import Foundation

/// `GET /api/live`, the WebSocket of live sessions (docs/live-protocol.md): what one
/// connection's messages do. One session per connection (`LiveSession`, which computes
/// everything); this layer parses the messages (`LiveMessage`), writes the answers (`LiveAnswer`)
/// in the order the messages came, saves files and tells the file watcher (`LiveWatch`) what
/// the session uses. `LiveRoute` runs it on the connection's WebSocket.
enum LiveSocket {
  static let path = "/api/live"
  /// Frames stepped between two writes of an `advance` or a `set`'s replay: a long advance
  /// streams its frames instead of holding them all, and lets other sessions run between two
  /// such slices. 16: eight sessions' replays under way hold a `set`'s first frame for eight
  /// slices at most (`make bench-serve`, docs/server-measurements.md "Live sessions").
  static let framesPerWrite = 16

  /// One connection's session and the answer under way.
  struct Exchange {
    var session: LiveSession?
    /// The read time of the latest `advance` answered (with frames or a still run): the start
    /// of the span the next timed frame reports as `prev_flush_s` (0 after an `open` or a
    /// `set`, whose frames follow it).
    var answered_ns: UInt64 = 0
    /// The frames an `advance` or a `set`'s replay still has to step (more than one slice).
    private(set) var stepping: Stepping?

    struct Stepping {
      var target: Int
      var isAdvance: Bool
      var timed: LiveAnswer.Timed
    }

    /// Whether an answer is under way: `step` goes on with it before the next message.
    var isStepping: Bool { stepping != nil }

    /// Whether the answer under way is a `set`'s replay.
    var isReplaying: Bool { stepping.map { !$0.isAdvance } ?? false }

    /// Answers one message (its bytes, nil for a binary one), read at `timed`: each answer's
    /// text goes to `send` in order. The frames an `advance` steps, and a `set`'s replay after
    /// its `restarted` and frame 0, are left to `step`, a slice at a time.
    mutating func take(
      _ bytes: [UInt8]?, timed: LiveAnswer.Timed, watch: LiveWatch, send: (String) -> Void
    ) {
      guard let bytes else {
        send(LiveAnswer.error("expected a JSON text message, got a binary one"))
        return
      }
      do {
        let message = try LiveMessage.parse(bytes)
        switch message {
        case .open, .set: answered_ns = 0
        default: break
        }
        try answer(message, timed: timed, watch: watch, send: send)
      } catch let refusal as LiveSession.Refusal {
        send(LiveAnswer.error(refusal.message))
      } catch let failure as FeelError {
        send(LiveAnswer.error(failure.liveMessage))
      } catch {
        send(LiveAnswer.error("\(error)"))
      }
    }

    /// Steps one more slice of the answer under way, if any: at most `maxSteps` frames.
    mutating func step(maxSteps: Int = LiveSocket.framesPerWrite, send: (String) -> Void) {
      guard var work = stepping, session != nil else { return }
      stepping = nil
      let outputs = session!.step(to: work.target, maxSteps: maxSteps)
      write(outputs, timed: &work.timed, isAdvance: work.isAdvance, send: send)
      if session!.frame < work.target { stepping = work }
    }

    private mutating func write(
      _ outputs: [LiveSession.Output], timed: inout LiveAnswer.Timed, isAdvance: Bool,
      send: (String) -> Void
    ) {
      let timing = session?.timing ?? false
      for output in outputs {
        send(LiveAnswer.text(output, timed: timing ? timed : nil))
        if isAdvance { answered_ns = timed.read_ns }
        if case .frame = output { timed.prevFlush_s = nil }
      }
    }

    /// A session's messages change it in place (`LiveSession` refuses a bad one before
    /// changing anything, so a refused message leaves it as it was).
    private mutating func answer(
      _ message: LiveMessage, timed: LiveAnswer.Timed, watch: LiveWatch, send: (String) -> Void
    ) throws {
      var timed = timed
      if case .open(let input, let timing, let experiment) = message {
        let explored = try experiment.map { path throws(FeelError) in
          try LiveWatch.experimentFiles(path)
        }
        var (opened, outputs) = try LiveSession.open(input)
        opened.timing = timing
        session = opened
        stepping = nil
        watch.watch(opened, experiment: experiment, experimentFiles: explored ?? [])
        write(outputs, timed: &timed, isAdvance: false, send: send)
        return
      }
      guard session != nil else {
        throw LiveSession.Refusal(
          "expected an open message first (a session starts on a scene), got a message of no "
            + "session")
      }
      switch message {
      case .open: break
      case .touch(let id, let phase, let t, let x, let y):
        try session!.touch(id: id, phase: phase, t_s: t, x_pt: x, y_pt: y)
      case .advance(let t):
        let target = try session!.targetFrame(t)
        if session!.frame < target {
          stepping = Stepping(target: target, isAdvance: true, timed: timed)
        }
      case .set(let settings):
        // `restarted` and frame 0 go out (are flushed) before the replay is stepped: the new
        // motion's first frame does not wait for the frames that follow it.
        let (outputs, reached) = try session!.set(settings, maxSteps: 0)
        watch.settings(of: session!)
        write(outputs, timed: &timed, isAdvance: false, send: send)
        if session!.frame < reached {
          stepping = Stepping(target: reached, isAdvance: false, timed: timed)
        }
      case .save(let path, let replace):
        let text = try session!.saveText()
        if !replace, FileManager.default.fileExists(atPath: path) {
          throw LiveSession.Refusal(
            "save: key 'path': expected a file that does not exist yet (or \"replace\": true), "
              + "got \(path), which exists")
        }
        let file = try AtomicFile(path, what: "the scene")
        do {
          try file.write(text)
          try file.commit()
        } catch {
          file.discard()
          throw LiveSession.Refusal("save: cannot write \(path) (\(error))")
        }
        send(LiveAnswer.saved(path))
      case .metrics:
        // `feel metrics --json` of the scene `save` would write now (the studio's table). A
        // scene the reader refuses as saved (a touch rule before any touch went down) is an
        // error that says it answers `metrics`, so the page can tell it from the others.
        let text = try session!.saveText()
        let name = session!.input.name
        let report: MetricsReport
        do {
          report = try MetricsReport.measure(
            try SceneInput(.text(text, name: name)).load(), named: name, SceneMeasure())
        } catch {
          throw LiveSession.Refusal("metrics: " + error.liveMessage)
        }
        send(LiveAnswer.metrics(report))
      }
    }
  }
}

extension FeelError {
  /// The text of a live session's `error` for a scene that could not be read: the messages
  /// `feel run` prints after `feel: error: `, one a line; a path outside the root says only so.
  var liveMessage: String {
    isOutsideRoot
      ? "the path is outside the server's root, or not allowed (403)"
      : messages.map(MessageText.oneLine).joined(separator: "\n")
  }
}
