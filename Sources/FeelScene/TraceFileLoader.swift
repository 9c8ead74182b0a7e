/// How the scene reader gets the text of a trace file a scene names (`[[touch]] file = "…"`).
/// The library does no I/O: the caller passes a loader. `feel` reads the path relative to the
/// scene file's folder; tests can serve files from memory. Given the path as written, it
/// returns the text and the path as messages should name it, or throws why it cannot.
public typealias TraceFileLoader = (_ path: String) throws(TraceFileUnreadable) -> TraceFileText

/// A trace file's text, and its path as messages name it (`experiments/scenes/traces/a.csv`).
public struct TraceFileText: Sendable, Equatable {
  public var text: String
  public var shownPath: String

  public init(text: String, shownPath: String) {
    self.text = text
    self.shownPath = shownPath
  }
}

/// Why a trace file cannot be read: its path as messages name it, and the reason ("no such
/// file", "it is not UTF-8 text").
public struct TraceFileUnreadable: Error, Sendable, Equatable {
  public var shownPath: String
  public var reason: String

  public init(shownPath: String, reason: String) {
    self.shownPath = shownPath
    self.reason = reason
  }
}
