import FeelSweep
import Foundation

/// A one-line progress bar with rate and time left, redrawn on standard error at most ten times
/// a second; only when standard error is a terminal (so logs and pipes get no escape codes).
final class ProgressBar {
  private let enabled: Bool
  private let start = Date()
  private var lastDraw = Date.distantPast
  private var drawn = false

  init(enabled: Bool) {
    self.enabled = enabled
  }

  func update(_ progress: SweepRunner.Progress) {
    guard enabled else { return }
    let now = Date()
    guard now.timeIntervalSince(lastDraw) >= 0.1 || progress.done == progress.total else { return }
    lastDraw = now
    let elapsed = now.timeIntervalSince(start)
    let fraction = Double(progress.done) / Double(max(progress.total, 1))
    let rate = Double(progress.done) / max(elapsed, 1e-9)
    let left = rate > 0 ? Double(progress.total - progress.done) / rate : 0
    let width = 30
    let filled = Int((fraction * Double(width)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let line =
      "\r[\(bar)] \(String(format: "%3.0f", fraction * 100))% \(progress.done)/\(progress.total)"
      + " points, \(String(format: "%.0f", rate)) points/s, ETA \(Self.clock(left))\u{1B}[K"
    FileHandle.standardError.write(Data(line.utf8))
    drawn = true
  }

  /// Clears the bar's line.
  func finish() {
    guard drawn else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }

  /// `1:05` or `1:02:05`.
  static func clock(_ seconds: Double) -> String {
    let s = Int(seconds.rounded(.up))
    if s >= 3600 { return String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) }
    return String(format: "%d:%02d", s / 60, s % 60)
  }
}
