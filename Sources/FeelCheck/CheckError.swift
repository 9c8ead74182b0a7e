import FeelScene

/// Bad input to `feel check`: a baseline that cannot be read, or that no longer fits what it
/// records (the experiment's axes, grid or metrics changed, or the preset's frames), or an
/// unknown name. `feel check` prints the description and exits with status 2.
public struct CheckError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file at fault, as the user would open it (a baseline, usually).
  public var file: String
  /// 1-based line; nil when the problem is the whole file.
  public var line: Int?
  /// What is wrong, what was expected, and what to do.
  public var message: String
  /// The experiment or preset to re-record if the change that made the baseline unfit was
  /// intended (the description then says how); nil for a garbled file.
  public var rerecord: String?

  public init(file: String, line: Int? = nil, _ message: String, rerecord: String? = nil) {
    self.file = file
    self.line = line
    self.message = message
    self.rerecord = rerecord
  }

  /// `experiments/baselines/x.metrics.csv:12: …`, then how to re-record if that applies.
  public var description: String {
    var text = file.isEmpty ? message : "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
    if let rerecord {
      text +=
        ". If the change is intended, re-record: feel check --record --experiments \(rerecord)"
    }
    return MessageText.oneLine(text)
  }
}
