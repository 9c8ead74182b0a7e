/// One reader under fuzzing: where its seed inputs are, and how one input runs through it, the
/// way `feel` would run a file of those bytes. The table of targets is `FuzzTarget.all`
/// (FuzzTargets.swift); the drivers (`feel-fuzz`, seeded or under libFuzzer) run any of them.
///
/// Pure: the driver reads the seed and context files and hands their bytes over.
public struct FuzzTarget: Sendable {
  /// The name `feel-fuzz --target` takes: `scene`, `experiment`.
  public var name: String
  /// The path every input is read as. Every rejection's message must start with it (`PATH:`).
  public var file: String
  /// Folders (relative to the repository root) whose files seed the mutations.
  public var corpus: [String]
  /// The extension of seed files in those folders (`toml`).
  public var fileExtension: String
  /// Folders (relative to the repository root) of files the reader may look up, read once:
  /// an experiment's base scenes.
  public var context: [String]
  /// Words the mutator splices in besides those it finds in the seeds: names the reader knows.
  public var words: [String]
  /// Makes the function that reads one input, given the context files (path → bytes).
  public var prepare: @Sendable (_ context: [String: [UInt8]]) -> FuzzReader

  public init(
    name: String, file: String, corpus: [String], fileExtension: String = "toml",
    context: [String] = [], words: [String] = [],
    prepare: @escaping @Sendable (_ context: [String: [UInt8]]) -> FuzzReader
  ) {
    self.name = name
    self.file = file
    self.corpus = corpus
    self.fileExtension = fileExtension
    self.context = context
    self.words = words
    self.prepare = prepare
  }
}

/// Reads one input: accepted, or rejected with the message `feel` would print.
public typealias FuzzReader = @Sendable (_ input: [UInt8]) -> FuzzOutcome

/// What a reader made of one input.
public enum FuzzOutcome: Sendable, Equatable {
  case accepted
  /// Refused, with the one-line message `feel` prints after `feel: error: `.
  case rejected(String)

  /// What is wrong with this outcome for an input read as `file`, or nil: a rejection must be
  /// one line of plain text (no control character, no Unicode line separator) that starts
  /// with the file's path and a colon (then the line, key or offset).
  public func violation(file: String) -> String? {
    guard case .rejected(let message) = self else { return nil }
    if !message.hasPrefix(file + ":") {
      return "the message does not start with the file's path \"\(file):\": \(message)"
    }
    if message.unicodeScalars.contains(where: {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}"
    }) {
      return "the message holds a line break or another control character: \(message)"
    }
    return nil
  }
}
