/// A file a sweep was computed from (the experiment, its base scene, a trace file the scene
/// names), with the SHA-256 of its bytes: a part of a sharded sweep lists them, so that the
/// merge can refuse parts computed from other or since-edited files.
public struct SweepInput: Sendable, Equatable {
  /// What the file is to the sweep.
  public enum Role: String, Sendable, Equatable, CaseIterable {
    case experiment, scene, trace
  }

  public var role: Role
  /// The path as the sweep read it (the experiment as given; the scene and traces relative to
  /// it), as headers and messages show it.
  public var path: String
  /// The SHA-256 of the file's bytes, 64 lowercase hexadecimal digits (as `sha256sum` prints).
  public var sha256: String

  public init(role: Role, path: String, sha256: String) {
    self.role = role
    self.path = path
    self.sha256 = sha256
  }

  /// The file at `path` whose text (UTF-8, as read) is `text`.
  public init(role: Role, path: String, text: String) {
    self.init(role: role, path: path, sha256: SHA256.hex(text))
  }

  /// `experiment experiments/snap.toml, SHA-256 9f86…`: how a part's header lists it.
  var labelText: String { "\(role.rawValue) \(path), SHA-256 \(sha256)" }

  /// Reads `labelText` back; nil if `text` is not in that form.
  init?(labelText text: String) {
    let marker = Array(", SHA-256 ".utf8)
    let bytes = Array(text.utf8)
    let tail = marker.count + 64
    guard let space = bytes.firstIndex(of: UInt8(ascii: " ")), bytes.count > space + 1 + tail,
      let role = Role(rawValue: String(decoding: bytes[..<space], as: UTF8.self)),
      Array(bytes[(bytes.count - tail)..<(bytes.count - 64)]) == marker
    else { return nil }
    let digest = bytes[(bytes.count - 64)...]
    guard digest.allSatisfy(Self.isLowerHex) else { return nil }
    self.init(
      role: role,
      path: String(decoding: bytes[(space + 1)..<(bytes.count - tail)], as: UTF8.self),
      sha256: String(decoding: digest, as: UTF8.self))
  }

  private static func isLowerHex(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
  }

  /// The first 12 digits of the digest, as messages show it.
  public var shortDigest: String { String(sha256.prefix(12)) }
}
