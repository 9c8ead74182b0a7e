import Foundation

/// Progress of a command made of steps (`feel notebook`'s): a step still running after
/// `threshold` seconds gets a line on standard error saying what it does, and, when it ends,
/// how long it took. Quick steps print nothing. Lines, not escape codes: logs read them too.
final class StepProgress: @unchecked Sendable {
  /// How long a step runs before it is shown (s).
  static let threshold = 1.0

  private let lock = NSLock()
  private let enabled: Bool
  private let prefix: String
  private var generation = 0
  private var current: (text: String, start: Date, shown: Bool)?

  init(enabled: Bool, prefix: String) {
    self.enabled = enabled
    self.prefix = prefix
  }

  /// Ends the step under way, if any, and starts `step` (nil: none).
  func step(_ step: String?) {
    guard enabled else { return }
    lock.lock()
    if let current, current.shown {
      let seconds = String(format: "%.1f", Date().timeIntervalSince(current.start))
      write("\(prefix)\(current.text): done in \(seconds) s\n")
    }
    generation += 1
    let mine = generation
    current = step.map { ($0, Date(), false) }
    lock.unlock()
    guard step != nil else { return }
    DispatchQueue.global().asyncAfter(deadline: .now() + Self.threshold) { [self] in
      lock.lock()
      defer { lock.unlock() }
      guard generation == mine, let running = current, !running.shown else { return }
      current?.shown = true
      write("\(prefix)\(running.text)…\n")
    }
  }

  private func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
