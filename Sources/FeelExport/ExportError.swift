/// Something the scene cannot be exported as: no motion towards a target, an unknown item, an
/// item that starts at its target. Its `description` is one line for `feel: error: …`.
public struct ExportError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
