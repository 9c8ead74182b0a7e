import FeelCore

/// What `feel-live-load` writes as JSON, through FeelCore's `JSONWriter` (one line each, `{"key":
/// value, …}`): the messages a session sends, the stand-in's answers, and the records it prints.
/// Times and coordinates a session sends are written in their shortest exact form.
enum LoadJSON {
  static let writer = JSONWriter(layout: .inline)

  static func text(_ value: some Encodable) -> String { writer.text(value) }

  struct Touch: Encodable {
    var type = "touch"
    let id: String
    let phase: String
    let t_s: JSONNumber
    let x_pt: JSONNumber
    let y_pt: JSONNumber
  }

  struct Advance: Encodable {
    var type = "advance"
    let to_t_s: JSONNumber
  }

  struct Set: Encodable {
    var type = "set"
    let set: JSONTree
  }

  struct Restarted: Encodable {
    var type = "restarted"
  }

  /// A frame of a live session's shape (one item, one finger, the timing keys).
  struct Frame: Encodable {
    struct Item: Encodable {
      let id: String
      let x_pt: JSONNumber
      let y_pt: JSONNumber
      let angle_rad: JSONNumber
    }

    struct Finger: Encodable {
      let id: String
      let x_pt: JSONNumber
      let y_pt: JSONNumber
    }

    var type = "frame"
    let frame: Int
    let t_s: JSONNumber
    let items: [Item]
    let touches: [Finger]
    let running: Bool
    let step_s: JSONNumber
    let queue_s: JSONNumber
    let server_s: JSONNumber
    let prev_flush_s: JSONNumber
  }

  /// A frame's round trip, with the frame as the server sent it (its text).
  struct FrameRecord: Encodable {
    var kind = "frame"
    let rt_s: JSONNumber
    let message: String
  }

  /// A `set`'s times to its frame 0 and to the frame reached.
  struct SetRecord: Encodable {
    var kind = "set"
    let first_s: JSONNumber
    let caught_up_s: JSONNumber
  }

  /// An echo's round trip.
  struct EchoRecord: Encodable {
    var kind = "echo"
    let rt_s: JSONNumber
  }
}
