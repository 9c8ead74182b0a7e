import FeelCommandSupport
import Foundation

/// The reading of the two messages a drag sends 120 times a second, `touch` and `advance`,
/// straight into their fields with Foundation's `JSONDecoder` instead of into a `JSONValue` tree
/// first, which lowers the server's CPU per tick by about a sixth (docs/studio.md, "Speed"). It
/// reads only a message that `LiveMessage.parse` would accept, to the same values (every key
/// known, each of its kind, the numbers finite; a key given twice reads as its first in both);
/// anything else returns nil and goes the general way, which says what is wrong.
enum LiveMessageFastPath {
  static func parse(_ bytes: [UInt8]) -> LiveMessage? {
    try? decoder.decode(Fields.self, from: Data(bytes)).message
  }

  /// One decoder for every connection: `JSONDecoder` is `Sendable`, and decoding changes
  /// nothing in it.
  private static let decoder = JSONDecoder()

  private struct Key: CodingKey {
    var stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }

  private struct Refused: Error {}

  private struct Fields: Decodable {
    let message: LiveMessage

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      let type = try container.decode(String.self, forKey: Key("type"))
      guard type == "touch" || type == "advance",
        container.allKeys.allSatisfy({ LiveMessage.keys[type]!.contains($0.stringValue) })
      else { throw Refused() }
      func number(_ key: String) throws -> Double {
        let x = try container.decode(Double.self, forKey: Key(key))
        guard x.isFinite else { throw Refused() }
        return x
      }
      if type == "advance" {
        message = .advance(to_t_s: try number("to_t_s"))
        return
      }
      guard
        let phase = LiveSession.Phase(
          rawValue: try container.decode(String.self, forKey: Key("phase")))
      else { throw Refused() }
      message = .touch(
        id: try container.decode(String.self, forKey: Key("id")), phase: phase,
        t_s: try number("t_s"), x_pt: try number("x_pt"), y_pt: try number("y_pt"))
    }
  }
}
