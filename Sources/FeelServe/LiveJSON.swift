import FeelCommandSupport
import FeelCore
import FeelScene

/// A live session's answers as JSON text (docs/live-protocol.md). Every number of a
/// frame is the very text `feel run` writes in its CSV (`TrajectoryCSV.frameCells`), written as
/// a JSON number literal. Not FeelCore's `JSONWriter`: its numbers are `JSONNumber`s, which
/// write a double's nine digits or shortest form, while the CSV's `t_s` is Swift's own
/// (`1.0`), so a cell's text must be written as it is; strings are escaped by `QuotedString`.
enum LiveJSON {
  /// A member's value.
  enum Value {
    case string(String)
    /// A number's text, written as it is (a JSON number literal).
    case literal(String)
    case bool(Bool)
    case array([Value])
    case object([(String, Value)])
  }

  static func object(_ members: [(String, Value)]) -> String {
    var out = ""
    out.reserveCapacity(256)
    write(.object(members), to: &out)
    return out
  }

  static func error(_ message: String) -> String {
    object([("type", .string("error")), ("message", .string(message))])
  }

  /// A number's text as a JSON literal: the CSV's digits, or null for a value that is not a
  /// number (which a finite run never writes).
  static func number(_ text: String) -> Value {
    text.utf8.allSatisfy({ $0 < 0x80 && "0123456789.-+e".utf8.contains($0) })
      ? .literal(text) : .literal("null")
  }

  static func number(_ x: Double) -> Value { number(TrajectoryCSV.number(x)) }

  /// When the message a timed session answers was read from the socket and taken by the
  /// session (`ReadClock` ns): a timed frame then also carries `queue_s` (read to taken) and
  /// `server_s` (read to the frame's text made, just before it is handed to the writer); the
  /// first frame answering a message also `prev_flush_s`, the span from the read of the last
  /// message answered with frames before to the socket's last flush since (that answer
  /// written out), when there was one.
  struct Timed {
    var read_ns: UInt64
    var taken_ns: UInt64
    var prevFlush_s: Double?
  }

  static func text(_ output: LiveSession.Output, timed: Timed? = nil) -> String {
    switch output {
    case .opened(let opened):
      return object([
        ("type", .string("opened")),
        ("frame_rate", number(opened.frameRate_hz)),
        ("duration", number(opened.duration_s)),
        (
          "items",
          .array(
            opened.items.map { item in
              .object([
                ("id", .string(item.id)),
                ("size", .array([number(item.size_pt.x), number(item.size_pt.y)])),
              ])
            })
        ),
        ("touches", .array(opened.touches.map { .string($0) })),
        ("waiting_touches", .array(opened.waiting.map { .string($0) })),
        ("frame_limit", .literal(String(LiveSession.frameLimit))),
      ])
    case .frame(let frame):
      var items: [Value] = []
      var touches: [Value] = []
      for row in frame.rows {
        if let touch = row.touch {
          touches.append(
            .object([
              ("id", .string(touch)), ("x_pt", number(row.x_pt)), ("y_pt", number(row.y_pt)),
            ]))
        } else {
          items.append(
            .object([
              ("id", .string(row.item)), ("x_pt", number(row.x_pt)), ("y_pt", number(row.y_pt)),
              ("angle_rad", number(row.angle_rad)), ("vx_pt_s", number(row.vx_pt_s)),
              ("vy_pt_s", number(row.vy_pt_s)), ("omega_rad_s", number(row.omega_rad_s)),
            ]))
        }
      }
      let t = frame.rows.first?.t_s ?? "0"
      var members: [(String, Value)] = [
        ("type", .string("frame")), ("frame", .literal(String(frame.frame))),
        ("t_s", number(t)), ("items", .array(items)), ("touches", .array(touches)),
        ("running", .bool(frame.running)),
      ]
      if let step_s = frame.step_s { members.append(("step_s", .literal("\(step_s)"))) }
      if let timed, timed.read_ns != 0 {
        members.append(("queue_s", .literal("\(Double(timed.taken_ns &- timed.read_ns) / 1e9)")))
        members.append(("server_s", .literal("\(ReadClock.seconds(since: timed.read_ns))")))
        if let flush = timed.prevFlush_s { members.append(("prev_flush_s", .literal("\(flush)"))) }
      }
      return object(members)
    case .still(let from, let to):
      return object([
        ("type", .string("still")), ("from_frame", .literal(String(from))),
        ("to_frame", .literal(String(to))),
      ])
    case .event(let frame, let t, let event, let detail):
      return object([
        ("type", .string("event")), ("frame", .literal(String(frame))), ("t_s", number(t)),
        ("event", .string(event)), ("detail", .string(detail)),
      ])
    case .restarted:
      return object([("type", .string("restarted"))])
    }
  }

  static func write(_ value: Value, to out: inout String) {
    switch value {
    case .string(let s): QuotedString.append(s, to: &out)
    case .literal(let text): out += text
    case .bool(let b): out += b ? "true" : "false"
    case .array(let values):
      out += "["
      for (i, v) in values.enumerated() {
        if i > 0 { out += "," }
        write(v, to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, (key, v)) in members.enumerated() {
        if i > 0 { out += "," }
        QuotedString.append(key, to: &out)
        out += ":"
        write(v, to: &out)
      }
      out += "}"
    }
  }
}
