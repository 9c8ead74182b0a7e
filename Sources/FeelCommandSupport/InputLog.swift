import FeelSweep

/// The files a command read for a sweep, with their digests: the experiment, its base scene,
/// the trace files the scene names, in the order read. `InputFile`'s loaders fill it when given
/// one; `feel sweep --shard` writes it into the part's label and `feel sweep --merge` compares
/// the parts' labels with it.
public final class InputLog {
  public private(set) var inputs: [SweepInput] = []

  public init() {}

  /// Notes that `text` was read from `path` as a file of role `role`.
  public func record(_ role: SweepInput.Role, _ path: String, _ text: String) {
    inputs.append(SweepInput(role: role, path: path, text: text))
  }
}
