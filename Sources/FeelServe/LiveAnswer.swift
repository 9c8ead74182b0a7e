import FeelCommandSupport
import FeelCore
import FeelScene

/// A live session's answers (docs/live-protocol.md) as `Encodable` types, written by FeelLab's
/// one JSON writer on one line without spaces. Every number of a frame or an event is the very
/// text `feel run` writes in its CSV (`TrajectoryCSV.frameCells`), as a JSON number literal
/// (`JSONNumber(cell:)`).
enum LiveAnswer {
  static let writer = JSONWriter(layout: .compact)

  static func error(_ message: String) -> String {
    writer.text(Message(type: "error", message: message))
  }

  /// `{"type": "saved", "path": …}`.
  static func saved(_ path: String) -> String { writer.text(Saved(path: path)) }

  /// `{"type": "metrics", "report": …}`: `feel metrics --json` of the saved scene, in that
  /// command's layout (a member a line).
  static func metrics(_ report: MetricsReport) -> String {
    writer.text(Metrics(report: JSONLayout.Laid(.lines, report.document)))
  }

  /// `{"type": "changed", "path": …}`, with the file's `error` when it no longer reads.
  static func changed(_ path: String, error: String?) -> String {
    writer.text(Changed(path: path, error: error))
  }

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
    case .opened(let opened): writer.text(Opened(opened))
    case .frame(let frame): writer.text(Frame(frame, timed: timed))
    case .still(let from, let to): writer.text(Still(from_frame: from, to_frame: to))
    case .event(let frame, let t, let event, let detail):
      writer.text(Event(frame: frame, t_s: JSONNumber(cell: t), event: event, detail: detail))
    case .restarted: writer.text(Restarted())
    }
  }

  private struct Message: Encodable {
    let type: String
    let message: String
  }

  private struct Saved: Encodable {
    var type = "saved"
    let path: String
  }

  private struct Metrics: Encodable {
    var type = "metrics"
    let report: JSONLayout.Laid<MetricsReport.Document>
  }

  private struct Changed: Encodable {
    let path: String
    let error: String?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode("changed", forKey: .type)
      try container.encode(path, forKey: .path)
      if let error { try container.encode(error, forKey: .error) }
    }

    enum Key: CodingKey { case type, path, error }
  }

  private struct Restarted: Encodable {
    var type = "restarted"
  }

  private struct Still: Encodable {
    var type = "still"
    let from_frame: Int
    let to_frame: Int
  }

  private struct Event: Encodable {
    var type = "event"
    let frame: Int
    let t_s: JSONNumber
    let event: String
    let detail: String
  }

  private struct Opened: Encodable {
    var type = "opened"
    let frame_rate: JSONNumber
    let duration: JSONNumber
    let items: [Item]
    let touches: [String]
    let waiting_touches: [String]
    let frame_limit = LiveSession.frameLimit

    struct Item: Encodable {
      let id: String
      let size: [JSONNumber]
    }

    init(_ opened: LiveSession.Opened) {
      frame_rate = JSONNumber(opened.frameRate_hz)
      duration = JSONNumber(opened.duration_s)
      items = opened.items.map {
        Item(id: $0.id, size: [JSONNumber($0.size_pt.x), JSONNumber($0.size_pt.y)])
      }
      touches = opened.touches
      waiting_touches = opened.waiting
    }
  }

  /// A frame: its items' rows, then its touches' (`touch:ID` rows), each number the CSV's cell.
  private struct Frame: Encodable {
    let frame: LiveSession.Frame
    let timed: Timed?

    init(_ frame: LiveSession.Frame, timed: Timed?) {
      self.frame = frame
      self.timed = timed
    }

    struct Item: Encodable {
      let id: String
      let x_pt, y_pt, angle_rad, vx_pt_s, vy_pt_s, omega_rad_s: JSONNumber

      init(_ row: TrajectoryCSV.RowCells) {
        id = row.item
        x_pt = JSONNumber(cell: row.x_pt)
        y_pt = JSONNumber(cell: row.y_pt)
        angle_rad = JSONNumber(cell: row.angle_rad)
        vx_pt_s = JSONNumber(cell: row.vx_pt_s)
        vy_pt_s = JSONNumber(cell: row.vy_pt_s)
        omega_rad_s = JSONNumber(cell: row.omega_rad_s)
      }
    }

    /// A finger's position, or a scroll's content offset (pt), by its id.
    struct Located: Encodable {
      let id: String
      let x_pt, y_pt: JSONNumber
    }

    enum Key: CodingKey {
      case type, frame, t_s, items, touches, scrolls, running, step_s, queue_s, server_s
      case prev_flush_s
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode("frame", forKey: .type)
      try container.encode(frame.frame, forKey: .frame)
      try container.encode(JSONNumber(cell: frame.rows.first?.t_s ?? "0"), forKey: .t_s)
      // A scroll's offset row (`scroll:ID`) is no item: the protocol's items are the scene's.
      try container.encode(
        frame.rows.filter {
          $0.touch == nil && !$0.item.hasPrefix(TrajectoryCSV.scrollRowPrefix)
        }.map(Item.init), forKey: .items)
      try container.encode(
        frame.rows.compactMap { row in
          row.touch.map {
            Located(id: $0, x_pt: JSONNumber(cell: row.x_pt), y_pt: JSONNumber(cell: row.y_pt))
          }
        }, forKey: .touches)
      // Each scroll whose content offset changed in the frame (its `scroll:ID` row), only in
      // the frames that have one: the list skin's window.
      let scrolls = frame.rows.filter { $0.item.hasPrefix(TrajectoryCSV.scrollRowPrefix) }
      if !scrolls.isEmpty {
        try container.encode(
          scrolls.map {
            Located(
              id: String($0.item.dropFirst(TrajectoryCSV.scrollRowPrefix.count)),
              x_pt: JSONNumber(cell: $0.x_pt), y_pt: JSONNumber(cell: $0.y_pt))
          }, forKey: .scrolls)
      }
      try container.encode(frame.running, forKey: .running)
      // The benchmark's clocks (Swift's own digits), only in a session opened with timing.
      func seconds(_ s: Double) -> JSONNumber { JSONNumber(cell: "\(s)") }
      if let step_s = frame.step_s { try container.encode(seconds(step_s), forKey: .step_s) }
      if let timed, timed.read_ns != 0 {
        try container.encode(
          seconds(Double(timed.taken_ns &- timed.read_ns) / 1e9), forKey: .queue_s)
        try container.encode(seconds(ReadClock.seconds(since: timed.read_ns)), forKey: .server_s)
        if let flush = timed.prevFlush_s {
          try container.encode(seconds(flush), forKey: .prev_flush_s)
        }
      }
    }
  }
}
