import Foundation

/// What a fuzz run of one target counted. A long run goes in chunks, each in a child process
/// (a process's memory is then bounded by one chunk's, whatever a reader might keep): each child
/// prints its counts as one `feel-fuzz-counts` line, and the parent adds them up.
struct FuzzCounts: Equatable {
  var inputs = 0
  var accepted = 0
  var rejected = 0
  var failures = 0
  var seeds = 0
  /// Seeds the reader accepts as they are.
  var seedsAccepted = 0
  /// The slowest input: CPU time on Linux (ns), and its index.
  var slowest_ns: UInt64 = 0
  var slowestIndex = 0
  /// The largest peak resident memory of the processes (MB).
  var peakMemory_MB = 0

  mutating func add(_ other: FuzzCounts) {
    inputs += other.inputs
    accepted += other.accepted
    rejected += other.rejected
    failures += other.failures
    seeds += other.seeds
    seedsAccepted += other.seedsAccepted
    if other.slowest_ns > slowest_ns {
      slowest_ns = other.slowest_ns
      slowestIndex = other.slowestIndex
    }
    peakMemory_MB = max(peakMemory_MB, other.peakMemory_MB)
  }

  private static var fields: [(String, WritableKeyPath<FuzzCounts, Int>)] {
    [
      ("inputs", \.inputs), ("accepted", \.accepted), ("rejected", \.rejected),
      ("failures", \.failures), ("seeds", \.seeds), ("seeds_accepted", \.seedsAccepted),
      ("slowest_index", \.slowestIndex), ("peak_memory_mb", \.peakMemory_MB),
    ]
  }

  /// `feel-fuzz-counts inputs=… slowest_ns=…`: what a child process prints for its parent.
  var line: String {
    "feel-fuzz-counts "
      + (Self.fields.map { "\($0.0)=\(self[keyPath: $0.1])" } + ["slowest_ns=\(slowest_ns)"])
      .joined(separator: " ")
  }

  /// Reads `line`; nil when it is not a counts line.
  init?(line: Substring) {
    guard line.hasPrefix("feel-fuzz-counts ") else { return nil }
    var values: [String: String] = [:]
    for pair in line.dropFirst("feel-fuzz-counts ".count).split(separator: " ") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
    }
    for (name, path) in Self.fields {
      guard let value = values[name].flatMap({ Int($0) }) else { return nil }
      self[keyPath: path] = value
    }
    guard let slowest = values["slowest_ns"].flatMap({ UInt64($0) }) else { return nil }
    slowest_ns = slowest
  }

  init() {}

  /// `feel-fuzz: scene: 20000 inputs (seed 1) in 5.6 s, 3551 inputs/s: 2180 accepted, …`
  func summary(target: String, seed: UInt64, seconds: Double) -> String {
    "feel-fuzz: \(target): \(inputs) inputs (seed \(seed)) in \(String(format: "%.1f", seconds)) s, "
      + "\(String(format: "%.0f", Double(inputs) / max(seconds, 1e-9))) inputs/s: "
      + "\(accepted) accepted, \(rejected) rejected"
      + (seeds > 0 ? " (of \(seeds) seeds, \(seedsAccepted) accepted)" : "")
      + "; slowest \(String(format: "%.1f", Double(slowest_ns) / 1e6)) ms of CPU "
      + "(input #\(slowestIndex)); \(failures) failure\(failures == 1 ? "" : "s"); "
      + "peak memory \(peakMemory_MB) MB"
  }

  /// The process's peak resident memory (MB).
  static var currentPeakMemory_MB: Int {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return Int(usage.ru_maxrss) / 1024  // KiB on Linux
    #else
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss) / (1024 * 1024)  // bytes on macOS
    #endif
  }
}
