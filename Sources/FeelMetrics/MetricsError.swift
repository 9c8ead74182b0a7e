/// A measurement the scene cannot support: an unknown item, or a metric that needs a target the
/// scene does not have. Its `description` is one line for `feel: error: …`.
public struct MetricsError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
