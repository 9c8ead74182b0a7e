import FeelCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One live session of the load (docs/server-measurements.md, "Speed"): the drag `make
/// bench-serve`'s Python sessions make, message for message. Rounds of 3 s of scene time: `open`,
/// then at 120 Hz a touch and an `advance` (a finger down, a back-and-forth of ±60 pt in 1.5 s,
/// up), the frame of every other tick awaited before the next tick; at ticks 120 and 240 a `set` of
/// a random damping, whose `restarted`, frame 0 and caught-up frame are awaited.
final class LoadSession {
  static let tickRate_hz = 120.0
  static let ticksPerRound = 3 * 120

  let socket: LoadSocket
  private let openText: String
  private let setPath: String
  private var random: SplitMix64
  private let end_s: Double

  private enum Waiting {
    /// Not started: the first `open` is due at `due_s`.
    case start
    /// Nothing: the next tick is due at `due_s`.
    case tick
    case opened
    case frame(Int, sent_s: Double)
    case restarted(reached: Int, sent_s: Double)
    case frameZero(reached: Int, sent_s: Double)
    case caughtUp(reached: Int, sent_s: Double, first_s: Double)
    case done
  }

  private var waiting = Waiting.start
  private var round = 0
  private var tick = 0
  private var roundStart_s = 0.0
  /// When the next message is due (s, monotonic): the start, or the next tick.
  private(set) var due_s: Double
  /// What was measured, one JSON object a line.
  private(set) var records: [String] = []

  init(
    socket: LoadSocket, openText: String, setPath: String, seed: UInt64, start_s: Double,
    end_s: Double
  ) {
    self.socket = socket
    self.openText = openText
    self.setPath = setPath
    random = SplitMix64(state: seed)
    due_s = start_s
    self.end_s = end_s
  }

  var isDone: Bool {
    if case .done = waiting { return true }
    return false
  }

  /// Whether the session sends on its own at `due_s` (it waits for nothing from the server).
  var isDue: Bool {
    switch waiting {
    case .start, .tick: true
    default: false
    }
  }

  /// Sends what is due.
  func fire(now_s: Double) throws {
    switch waiting {
    case .start:
      try open()
    case .tick:
      try sendTick(now_s: now_s)
    default:
      break
    }
  }

  private func open() throws {
    try socket.send(openText)
    waiting = .opened
  }

  private func sendTick(now_s: Double) throws {
    let i = tick
    let t = Double(i) / Self.tickRate_hz
    let x = 200 + 60 * sin(2 * Double.pi * t / 1.5)
    let phase = i == 0 ? "down" : i == Self.ticksPerRound ? "up" : "move"
    try socket.send(
      LoadJSON.text(
        LoadJSON.Touch(
          id: "f\(round)", phase: phase, t_s: .shortest(t), x_pt: .shortest(x),
          y_pt: .shortest(25))))
    try socket.send(LoadJSON.text(LoadJSON.Advance(to_t_s: .shortest(t))))
    if i % 2 == 0, i > 0 {
      waiting = .frame(i / 2, sent_s: now_s)
    } else {
      try afterFrame(now_s: now_s)
    }
  }

  /// After tick `tick`'s frame (or a tick that awaits none): a `set` at ticks 120 and 240,
  /// else the next tick, or the next round, or the end.
  private func afterFrame(now_s: Double) throws {
    if tick == 120 || tick == 240 {
      let unit = Double(random.next() >> 11) * 0x1p-53
      let damping = ((0.2 + 0.7 * unit) * 1000).rounded() / 1000
      try socket.send(
        LoadJSON.text(LoadJSON.Set(set: .object([(setPath, .number(.shortest(damping)))]))))
      waiting = .restarted(reached: tick / 2, sent_s: Self.now_s())
      return
    }
    nextTick(now_s: now_s)
  }

  private func nextTick(now_s: Double) {
    tick += 1
    if tick > Self.ticksPerRound {
      if now_s < end_s {
        waiting = .start
        due_s = now_s
      } else {
        waiting = .done
      }
      return
    }
    waiting = .tick
    due_s = roundStart_s + Double(tick) / Self.tickRate_hz
  }

  /// One message from the server, received at `now_s`.
  func handle(_ message: [UInt8], now_s: Double) throws {
    let kind = LoadMessage.type(message)
    if kind == "error" {
      throw LoadSocket.Failure(
        description: "live session: " + String(decoding: message, as: UTF8.self))
    }
    switch waiting {
    case .opened:
      guard kind == "frame" else { return }
      round += 1
      tick = 0
      roundStart_s = now_s
      waiting = .tick
      due_s = now_s
    case .frame(let k, let sent_s):
      guard LoadMessage.reaches(message, kind: kind, frame: k) else { return }
      records.append(
        LoadJSON.text(
          LoadJSON.FrameRecord(
            rt_s: .shortest(now_s - sent_s), message: String(decoding: message, as: UTF8.self))))
      try afterFrame(now_s: now_s)
    case .restarted(let reached, let sent_s):
      if kind == "restarted" { waiting = .frameZero(reached: reached, sent_s: sent_s) }
    case .frameZero(let reached, let sent_s):
      if kind == "frame", LoadMessage.integer(message, key: "frame") == 0 {
        waiting = .caughtUp(reached: reached, sent_s: sent_s, first_s: now_s - sent_s)
      }
    case .caughtUp(let reached, let sent_s, let first_s):
      guard LoadMessage.reaches(message, kind: kind, frame: reached) else { return }
      records.append(
        LoadJSON.text(
          LoadJSON.SetRecord(first_s: .shortest(first_s), caught_up_s: .shortest(now_s - sent_s))))
      nextTick(now_s: now_s)
    case .start, .tick, .done:
      break
    }
  }

  static func now_s() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }
}
