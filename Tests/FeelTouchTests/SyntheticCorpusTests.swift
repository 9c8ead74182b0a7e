import FeelEngine
import FeelTestSupport
import Foundation
import Testing

@testable import FeelTouch

/// The synthetic corpus (docs/touches.md, "The synthetic corpus"): deterministic, and drawn from
/// the documented distributions. Expected means and spreads are the distributions' closed forms
/// (log-uniform on [a, b]: mean (b − a) / ln(b / a), variance (b² − a²) / (2 ln(b / a)) − mean²;
/// uniform: (a + b) / 2 and (b − a)² / 12; a proportion p: p(1 − p)), with four standard errors
/// of tolerance; ranges are checked on every draw.
@Suite("Synthetic touch corpus")
struct SyntheticCorpusTests {
  static let count = 2000
  static let corpus = SyntheticCorpus(seed: 20_250_611, taps: count, drags: count, holds: count)
  static let touches = corpus.touches()
  static let model = SyntheticTouchModel.standard

  static func of(_ label: GestureLabel) -> [SyntheticTouch] {
    touches.filter { $0.label == label }
  }

  /// Mean and standard deviation of a log-uniform distribution on `r`.
  static func logUniform(_ r: ClosedRange<Double>) -> (mean: Double, sd: Double) {
    let a = r.lowerBound
    let b = r.upperBound
    let l = Foundation.log(b / a)
    let mean = (b - a) / l
    return (mean, ((b * b - a * a) / (2 * l) - mean * mean).squareRoot())
  }

  static func uniform(_ r: ClosedRange<Double>) -> (mean: Double, sd: Double) {
    ((r.lowerBound + r.upperBound) / 2, (r.upperBound - r.lowerBound) / 12.0.squareRoot())
  }

  static func mean(_ xs: [Double]) -> Double { xs.reduce(0, +) / Double(xs.count) }

  /// Expects every value in `range` and their mean within four standard errors of `expected`.
  static func expectDrawn(
    _ xs: [Double], in range: ClosedRange<Double>, _ expected: (mean: Double, sd: Double),
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(xs.count >= 100, "\(what): too few draws", sourceLocation: sourceLocation)
    #expect(
      xs.allSatisfy { range.contains($0) }, "\(what) outside \(range)",
      sourceLocation: sourceLocation)
    expectClose(
      mean(xs), expected.mean, .fourStandardErrors(sd: expected.sd, count: xs.count),
      "mean \(what)", sourceLocation: sourceLocation)
  }

  /// Expects the fraction of `flags` that are true within four standard errors of `p`.
  static func expectProportion(
    _ flags: [Bool], _ p: Double, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let observed = Double(flags.filter { $0 }.count) / Double(flags.count)
    expectClose(
      observed, p, .fourStandardErrors(probability: p, count: flags.count), what,
      sourceLocation: sourceLocation)
  }

  @Test("the same seed gives the same samples, bit for bit; other counts leave a label alone")
  func deterministic() {
    let again = Self.corpus.touches()
    #expect(again.count == Self.touches.count)
    func bits(_ touches: [SyntheticTouch]) -> [UInt64] {
      touches.flatMap { t in
        t.samples.flatMap {
          [$0.t_s.bitPattern, $0.point_pt.x.bitPattern, $0.point_pt.y.bitPattern]
        }
      }
    }
    #expect(bits(again) == bits(Self.touches))
    // Each trace has its own stream: fewer drags and no holds leave the taps as they were.
    let fewer = SyntheticCorpus(seed: Self.corpus.seed, taps: 50, drags: 3, holds: 0).touches()
    #expect(bits(fewer.filter { $0.label == .tap }) == bits(Array(Self.of(.tap).prefix(50))))
    #expect(bits(fewer.filter { $0.label == .drag }) == bits(Array(Self.of(.drag).prefix(3))))
    // Another seed, other traces.
    let other = SyntheticCorpus(seed: Self.corpus.seed + 1, taps: 50, drags: 0, holds: 0).touches()
    #expect(bits(other) != bits(Array(Self.of(.tap).prefix(50))))
  }

  @Test("touch rates: each trace at 60 or 120 Hz, evenly")
  func rates() {
    #expect(Self.touches.allSatisfy { $0.rate_hz == 60 || $0.rate_hz == 120 })
    Self.expectProportion(Self.touches.map { $0.rate_hz == 60 }, 0.5, "traces at 60 Hz")
  }

  @Test(
    "sample times: from 0, one per period within the jitter, lift at the first after the duration")
  func sampleTimes() {
    let jitter = Self.model.timingJitter_s
    for touch in Self.touches {
      let s = touch.samples
      let period = 1 / touch.rate_hz
      #expect(s[0].t_s == 0)
      #expect(s.count >= 2)
      for k in 1..<s.count {
        let t = s[k].t_s
        #expect(abs(t - Double(k) * period) <= jitter + 1e-12, "\(touch.trace.name) sample \(k)")
        #expect(t > s[k - 1].t_s)
      }
      // The lift sample (before its jitter) is the first grid time at or after the duration.
      let lift = Double(s.count - 1) * period
      #expect(lift >= touch.duration_s - 1e-9)
      #expect(s.count == 2 || lift - period < touch.duration_s)
    }
  }

  @Test("sensor noise: the samples scatter about the drawn path with the documented spread")
  func sensorNoise() {
    var residuals: [Double] = []
    for touch in Self.touches.prefix(600) {
      for sample in touch.samples {
        let p = touch.path(sample.t_s)
        residuals.append(sample.point_pt.x - p.x)
        residuals.append(sample.point_pt.y - p.y)
      }
    }
    let sigma = Self.model.sensorNoise_pt
    expectClose(
      Self.mean(residuals), 0, .fourStandardErrors(sd: sigma, count: residuals.count),
      "mean noise (pt)")
    // E[r²] = σ², with standard deviation √2 σ² for a normal r.
    expectClose(
      Self.mean(residuals.map { $0 * $0 }), sigma * sigma,
      .fourStandardErrors(sd: 2.0.squareRoot() * sigma * sigma, count: residuals.count),
      "mean squared noise (pt²)")
  }

  @Test("press drift: wobbles one press in ten; the drift is normal per axis (E|d|² = 2σ²)")
  func drift() {
    Self.expectProportion(Self.touches.map(\.wobbles), Self.model.wobbleProbability, "wobbles")
    for (wobbles, sigma) in [(false, Self.model.drift_pt), (true, Self.model.wobble_pt)] {
      let d2 = Self.touches.filter { $0.wobbles == wobbles }.map {
        $0.drift_pt.x * $0.drift_pt.x + $0.drift_pt.y * $0.drift_pt.y
      }
      // |d|² / σ² is chi-squared with 2 degrees of freedom: mean 2, variance 4.
      expectClose(
        Self.mean(d2), 2 * sigma * sigma,
        .fourStandardErrors(sd: 2 * sigma * sigma, count: d2.count),
        "mean squared drift, wobbles \(wobbles) (pt²)")
    }
  }

  @Test("taps: durations log-uniform on 0.05–0.3 s; no movement of their own")
  func taps() {
    let taps = Self.of(.tap)
    Self.expectDrawn(
      taps.map(\.duration_s), in: Self.model.tapDuration_s,
      Self.logUniform(Self.model.tapDuration_s), "tap duration (s)")
    #expect(taps.allSatisfy { $0.moveDuration_s == 0 && $0.creep_pt_s == Point(0, 0) })
  }

  @Test("drags: distance, movement time, pauses and directions as documented")
  func drags() {
    let drags = Self.of(.drag)
    let m = Self.model
    Self.expectDrawn(
      drags.map { ($0.move_pt.x * $0.move_pt.x + $0.move_pt.y * $0.move_pt.y).squareRoot() },
      in: (m.dragDistance_pt.lowerBound - 1e-9)...(m.dragDistance_pt.upperBound + 1e-9),
      Self.logUniform(m.dragDistance_pt), "drag distance (pt)")
    Self.expectDrawn(
      drags.map(\.moveDuration_s), in: m.dragMoveDuration_s, Self.logUniform(m.dragMoveDuration_s),
      "drag movement time (s)")
    Self.expectProportion(drags.map { $0.pause_s > 0 }, m.dragPauseProbability, "drags that rest")
    Self.expectDrawn(
      drags.map(\.pause_s).filter { $0 > 0 }, in: m.dragPause_s, Self.logUniform(m.dragPause_s),
      "drag rest (s)")
    #expect(drags.allSatisfy { abs($0.duration_s - ($0.pause_s + $0.moveDuration_s)) < 1e-12 })
    // Directions uniform on the circle: each component of the unit vector has mean 0 and
    // standard deviation 1/√2.
    let units = drags.map { d -> Point in
      let r = (d.move_pt.x * d.move_pt.x + d.move_pt.y * d.move_pt.y).squareRoot()
      return Point(d.move_pt.x / r, d.move_pt.y / r)
    }
    for (axis, values) in [("x", units.map(\.x)), ("y", units.map(\.y))] {
      expectClose(
        Self.mean(values), 0, .fourStandardErrors(sd: 0.5.squareRoot(), count: values.count),
        "mean direction \(axis)")
    }
    // The finger ends the drag where it was going: at the duration, start + drift + move.
    for d in drags.prefix(50) {
      let end = d.path(d.duration_s)
      #expect(abs(end.x - (d.start_pt.x + d.drift_pt.x + d.move_pt.x)) < 1e-9)
      #expect(abs(end.y - (d.start_pt.y + d.drift_pt.y + d.move_pt.y)) < 1e-9)
    }
  }

  @Test("holds: durations uniform on 0.5–1.5 s; one in four creeps at 2–20 pt/s")
  func holds() {
    let holds = Self.of(.hold)
    let m = Self.model
    Self.expectDrawn(
      holds.map(\.duration_s), in: m.holdDuration_s, Self.uniform(m.holdDuration_s),
      "hold duration (s)")
    let creeping = holds.filter { $0.creep_pt_s != Point(0, 0) }
    Self.expectProportion(
      holds.map { $0.creep_pt_s != Point(0, 0) }, m.holdCreepProbability, "holds that creep")
    Self.expectDrawn(
      creeping.map {
        ($0.creep_pt_s.x * $0.creep_pt_s.x + $0.creep_pt_s.y * $0.creep_pt_s.y).squareRoot()
      },
      in: (m.holdCreepSpeed_pt_s.lowerBound - 1e-9)...(m.holdCreepSpeed_pt_s.upperBound + 1e-9),
      Self.logUniform(m.holdCreepSpeed_pt_s), "creep speed (pt/s)")
  }

  @Test("touch-downs fall in the documented region; the minimum-jerk profile's ends")
  func startsAndProfile() {
    let m = Self.model
    #expect(
      Self.touches.allSatisfy {
        m.startX_pt.contains($0.start_pt.x) && m.startY_pt.contains($0.start_pt.y)
      })
    Self.expectDrawn(
      Self.touches.map(\.start_pt.x), in: m.startX_pt, Self.uniform(m.startX_pt), "start x (pt)")
    #expect(SyntheticTouchModel.minimumJerk(0) == 0)
    #expect(SyntheticTouchModel.minimumJerk(1) == 1)
    #expect(SyntheticTouchModel.minimumJerk(0.5) == 0.5)
    #expect(SyntheticTouchModel.minimumJerk(-1) == 0 && SyntheticTouchModel.minimumJerk(2) == 1)
  }
}
