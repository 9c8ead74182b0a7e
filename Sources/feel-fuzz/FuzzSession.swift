import FeelFuzz
import Foundation

/// One target being fuzzed: its reader, its seeds, the failures found and the counts. Both
/// drivers use it: the seeded loop (`run(runs:seed:)`) and libFuzzer (`read(_:index:)` per input).
///
/// A failure is an input that crashes the reader (the signal handler of `InputGuard` saves it),
/// takes longer than the time limit (the watchdog saves it), or is rejected with a message that
/// does not start with the file's path or spans several lines. Each is saved to the output
/// folder as `TARGET-KIND-seedS-INDEX.EXT`; `feel-fuzz --target TARGET FILE` replays it.
final class FuzzSession {
  let target: FuzzTarget
  let reader: FuzzReader
  let mutator: FuzzMutator
  let folder: String
  let seed: UInt64
  private let guardian: InputGuard

  /// What this process counted (`peakMemory_MB` is filled in by `counts`).
  private var counted = FuzzCounts()
  private let start = Date()

  /// Reads the target's seeds and context files under `root`; failures go to `folder`.
  init(
    _ target: FuzzTarget, root: String, folder: String, seed: UInt64, timeLimit_s: Double
  ) throws {
    self.target = target
    self.folder = folder
    self.seed = seed
    let seeds = try CorpusFiles.read(target.corpus, root: root, extension: target.fileExtension)
    guard !seeds.isEmpty else {
      throw FuzzError(
        "\(target.name): no seed files (*.\(target.fileExtension)) in \(target.corpus)")
    }
    var context: [String: [UInt8]] = [:]
    for file in try CorpusFiles.read(target.context, root: root, extension: target.fileExtension) {
      context[file.path] = file.bytes
    }
    reader = target.prepare(context)
    mutator = FuzzMutator(seeds: seeds.map(\.bytes), words: target.words)
    guardian = InputGuard(
      prefix: "\(folder)/\(target.name)", seed: seed, fileExtension: target.fileExtension,
      timeLimit_s: timeLimit_s, maxSize: mutator.maxSize)
  }

  /// Reads one input, counting its outcome; returns the violation, if any (saved already).
  @discardableResult
  func read(_ input: [UInt8], index: Int) -> String? {
    guardian.begin(input, index: index)
    let outcome = reader(input)
    let seconds = guardian.end()
    counted.inputs += 1
    if UInt64(seconds * 1e9) > counted.slowest_ns {
      counted.slowest_ns = UInt64(seconds * 1e9)
      counted.slowestIndex = index
    }
    if outcome == .accepted { counted.accepted += 1 } else { counted.rejected += 1 }
    guard let violation = outcome.violation(file: target.file) else { return nil }
    counted.failures += 1
    let path = save(input, kind: "violation", index: index)
    FileHandle.standardError.write(
      Data(
        "feel-fuzz: \(target.name): input #\(index): \(violation)\n  saved to \(path)\n".utf8))
    return violation
  }

  /// The seeds unmutated (counted apart, and only when `first` is 0), then the mutated inputs
  /// `first ..< first + runs`.
  func run(runs: Int, first: Int = 0) {
    if first == 0 {
      for (number, input) in mutator.seeds.enumerated() {
        guardian.begin(input, index: -1 - number)
        let outcome = reader(input)
        guardian.end()
        counted.seeds += 1
        if outcome == .accepted { counted.seedsAccepted += 1 }
      }
    }
    for index in first..<(first + runs) {
      read(mutator.input(seed: seed, index: index), index: index)
    }
  }

  var counts: FuzzCounts {
    var counts = counted
    counts.peakMemory_MB = FuzzCounts.currentPeakMemory_MB
    return counts
  }

  /// The counts as one line for people, timed from the session's start.
  var summary: String {
    counts.summary(target: target.name, seed: seed, seconds: Date().timeIntervalSince(start))
  }

  /// Writes `input` to `FOLDER/TARGET-KIND-seedS-INDEX.EXT` and returns the path.
  func save(_ input: [UInt8], kind: String, index: Int) -> String {
    let path = "\(folder)/\(target.name)-\(kind)-seed\(seed)-\(index).\(target.fileExtension)"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path, contents: Data(input))
    return path
  }
}

/// A problem with the fuzz run itself (no seeds, an unknown target): printed, exit status 2.
struct FuzzError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
