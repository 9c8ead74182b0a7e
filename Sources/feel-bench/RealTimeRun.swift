import FeelScene
import Foundation

/// How many times faster than real time `feel run` computes a scene: the scene's duration over
/// the time `TrajectoryCSV.run` takes (its simulation and its CSV text, on one thread; not the
/// process start nor reading the file), the fastest of at least three runs.
struct RealTimeRun {
  /// The fastest run (s) and the scene's duration (s).
  var seconds: Double
  var duration_s: Double

  var multiple: Double { duration_s / seconds }

  static func measure(_ scene: Scene, minimumSeconds: Double) -> RealTimeRun {
    let clock = ContinuousClock()
    var best = Double.infinity
    var total = 0.0
    var runs = 0
    var bytes = 0
    while runs < 3 || total < minimumSeconds {
      let start = clock.now
      let text = TrajectoryCSV.run(scene)
      let elapsed = clock.now - start
      bytes += text.rows.utf8.count
      let s = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
      best = min(best, s)
      total += s
      runs += 1
    }
    precondition(bytes > 0)
    return RealTimeRun(seconds: best, duration_s: scene.duration_s)
  }

  /// One line: the run's time, its multiple of real time and the verdict against `target`.
  func line(_ name: String, target: Double) -> String {
    let verdict = multiple >= target ? "met" : "missed"
    return "\(name): feel run's work in \(String(format: "%.1f", seconds * 1000)) ms for "
      + "\(String(format: "%g", duration_s)) s, \(String(format: "%.0f", multiple))× real time "
      + "(target ≥ \(String(format: "%g", target))×: \(verdict))"
  }
}
