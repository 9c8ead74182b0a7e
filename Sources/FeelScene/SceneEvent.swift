/// Something that happened in a frame of a scene run, for `feel run --events`.
public struct SceneEvent: Sendable, Equatable {
  public enum Kind: String, Sendable, Equatable {
    case contactBegan = "contact-began"
    case contactEnded = "contact-ended"
    case ruleFired = "rule-fired"
    case pause
  }
  public var frame: Int
  public var t_s: Double
  /// What happened, as data; `detail` words it.
  var subject: Subject

  /// What an event is about.
  enum Subject: Sendable, Equatable {
    case contact(began: Bool, item: String, boundary: String)
    /// Rule `number` (1-based) fired, removing and adding the behaviors listed.
    case rule(number: Int, reason: Reason, remove: [String], add: [String])
    case pause
  }

  /// Why a rule fired.
  enum Reason: Sendable, Equatable {
    case contact(boundary: String)
    case time(at_s: Double)
    case pause
  }

  public var kind: Kind {
    switch subject {
    case .contact(let began, _, _): began ? .contactBegan : .contactEnded
    case .rule: .ruleFired
    case .pause: .pause
    }
  }

  /// Human-readable detail: item and boundary, or which rule and what it changed. Worded only
  /// when read: sweeps never read it.
  public var detail: String {
    switch subject {
    case .contact(_, let item, let boundary):
      return "item \(item) boundary \(boundary)"
    case .rule(let number, let reason, let remove, let add):
      var text = "rule \(number) (\(reason.words))"
      if !remove.isEmpty { text += " remove " + remove.joined(separator: " ") }
      if !add.isEmpty { text += " add " + add.joined(separator: " ") }
      return text
    case .pause:
      return "animator paused"
    }
  }

  /// Whether this is a contact that began for item `item`.
  public func isContactBegan(ofItem item: String) -> Bool {
    if case .contact(true, let other, _) = subject { return other == item }
    return false
  }
}

extension SceneEvent.Reason {
  /// "contact wall", "time 0.2", "pause".
  var words: String {
    switch self {
    case .contact(let boundary): "contact \(boundary)"
    case .time(let at_s): "time \(at_s)"
    case .pause: "pause"
    }
  }
}
