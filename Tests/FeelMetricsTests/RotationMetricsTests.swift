import FeelMetrics
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The rotation metrics (docs/metrics.md, "Rotation: a dial's coast"): on analytic angles fed
/// to the recorder, and on the author's coast, whose numbers follow from his recurrence.
@Suite struct RotationMetricsTests {
  static let degrees = 180 / Double.pi

  /// A made-up approach: from 0 the angle passes the label at π/3 (N = 6) by 0.05 rad, comes
  /// back, and rests on it. The expected numbers are read off the list by hand.
  @Test func analyticApproachWithAnOvershoot() {
    let detent = DetentSpec.fileDefaults(count: 6)
    let label = Double.pi / 3
    var recorder = RotationRecorder(
      frameRate_hz: 60, band_rad: 0.01, rimRadius_pt: 120, detent: detent)
    recorder.startCoast(atFrame: 0, angle_rad: 0, omega_rad_s: 30)
    let angles = [0.5, 0.9, label + 0.05, label + 0.02, label - 0.005, label, label, label]
    for (n, a) in angles.enumerated() { recorder.record(frame: n + 1, angle_rad: a) }
    var r = MetricsResult()
    recorder.write(into: &r, running: false, aim: (angle_rad: 2 * label + 0.1, atRest: true))
    #expect(r[.releaseOmega_deg_s] == 30 * Self.degrees)
    expectClose(r[.coastAngle_deg], 60, .doubleRoundoff, "coast angle")
    expectClose(r[.overshoot_deg], 0.05 * Self.degrees, .doubleRoundoff, "overshoot")
    // outside the 0.01 rad band up to angles[3] (label + 0.02): frame 4
    #expect(r[.angleSettleTime_s] == 4.0 / 60)
    // turning faster than 30°/s (0.5° a frame = 0.00873 rad) up to angles[4] (0.025 rad)
    #expect(r[.stillTime_s] == 5.0 / 60)
    #expect(r[.coasts] == 1)
    #expect(r[.labelsPassed] == 1)
    // rest angles k = 1 and 2 bring labels −1 and −2 (mod 6) under the pointer
    #expect(r[.landedLabel] == 5)
    #expect(r[.aimedLabel] == 4)
    #expect(r[.labelMiss] == -1, "one label short of the aim")
    expectClose(r[.rimPerLabel_pt], 2 * Double.pi * 120 / 6, .doubleRoundoff, "rim per label")
  }

  /// Without a detent: no labels; a release below the band's reach does not coast; the run
  /// still moving at the end has no rest angle.
  @Test func withoutADetent() {
    var recorder = RotationRecorder(
      frameRate_hz: 60, band_rad: 0.01, rimRadius_pt: 100, detent: nil)
    recorder.startCoast(atFrame: 0, angle_rad: 1, omega_rad_s: -0.3)
    for n in 1...5 { recorder.record(frame: n, angle_rad: 1 - 0.001 * Double(n)) }
    var r = MetricsResult()
    recorder.write(into: &r, running: true, aim: nil)
    #expect(r[.coasts] == 0, "5 mrad is inside the 10 mrad band")
    #expect(r.reason(.labelsPassed) == .noLabels)
    #expect(r.reason(.rimPerLabel_pt) == .noLabels)
    #expect(r.reason(.angleSettleTime_s) == .restUnknown)
    #expect(r.reason(.overshoot_deg) == .restUnknown)
    #expect(r[.stillTime_s] == 0)
  }

  /// The author's coast released at v0 (°/s) from t = 0: it turns v0·0.97^(k−1)/60 degrees in
  /// frame k, so the last frame faster than 30°/s is k* = ⌊ln(v0/30)/ln(1/0.97)⌋ + 1 and it looks
  /// still at k*/60 s; the coast angle is his sum.
  @Test(arguments: [100.0, 500, 2000])
  func authorsCoastMetrics(v0_deg_s: Double) throws {
    let scene = Scene(
      duration_s: 10,
      items: [
        SceneItem(
          id: "dial", size_pt: Point(240, 240), center_pt: Point(160, 200),
          angularVelocity_rad_s: v0_deg_s / Self.degrees)
      ],
      behaviors: [
        SceneBehavior(id: "coast", items: ["dial"], kind: .inertia(InertiaSpec.fileDefaults))
      ])
    let r = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    var v = v0_deg_s
    var sum = 0.0
    while abs(0.97 * v) > 0.0001 {
      sum += v / 60
      v *= 0.97
    }
    expectClose(r[.coastAngle_deg], sum, .coastRecurrence, "coast angle (deg)")
    let lastFast = Int((log(v0_deg_s / 30) / log(1 / 0.97)).rounded(.down)) + 1
    #expect(r[.stillTime_s] == Double(lastFast) / 60, "v0 \(v0_deg_s)")
    #expect(r[.coasts] == 1)
    #expect(r[.overshoot_deg] == 0)
    expectClose(r[.releaseOmega_deg_s], v0_deg_s, .doubleRoundoff, "release")
  }

  /// With a detent, a release aimed at a label lands on it (label_miss 0), and the aim comes
  /// from the run without the detent.
  @Test func aimedReleaseHitsItsLabel() throws {
    let detent = DetentSpec.fileDefaults(count: 12, phase_rad: Double.pi / 2)
    // From 0, rest angle k = 5 lies at π/2 + 5π/6; the author's coast covers v0/(60 · 0.03).
    let target = Double.pi / 2 + 5 * Double.pi / 6
    let scene = Scene(
      duration_s: 10,
      items: [
        SceneItem(
          id: "dial", size_pt: Point(240, 240), center_pt: Point(160, 200),
          angularVelocity_rad_s: target * 60 * 0.03)
      ],
      behaviors: [
        SceneBehavior(id: "coast", items: ["dial"], kind: .inertia(InertiaSpec.fileDefaults)),
        SceneBehavior(id: "settle", items: ["dial"], kind: .detent(detent)),
      ])
    let r = SceneMeasurement.measure(scene, try MeasurePlan(scene))
    // rest angle k = 5 brings label −5 mod 12 = 7 under the pointer
    #expect(r[.landedLabel] == 7)
    #expect(r[.aimedLabel] == 7)
    #expect(r[.labelMiss] == 0)
    // the nearest label at the start (angle 0) is k = −3: eight labels to k = 5
    #expect(r[.labelsPassed] == 8)
    expectClose(r[.rimPerLabel_pt], 2 * Double.pi * 120 / 12, .doubleRoundoff, "rim per label")
  }
}
