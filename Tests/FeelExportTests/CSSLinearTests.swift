import FeelExport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// CSS `linear()` stops: replayed piecewise linearly as the CSS spec defines it (parsed back
/// from the printed string), they stay within their stated error and within 0.5 pt; and no
/// fewer stops on samples would do.
@Suite struct CSSLinearTests {
  /// One parsed stop: output and input (0…1).
  struct ParsedStop {
    var output: Double
    var input: Double
  }

  /// Parses `linear(…)` per CSS Easing Level 2: comma-separated `<number> <percentage>?`;
  /// a missing input is 0 for the first stop, 1 for the last, and interpolated evenly between
  /// known ones otherwise.
  func parse(_ css: String) throws -> [ParsedStop] {
    #expect(css.hasPrefix("linear(") && css.hasSuffix(")"), "linear(…): \(css)")
    let inner = css.dropFirst("linear(".count).dropLast()
    var outputs: [Double] = []
    var inputs: [Double?] = []
    for part in inner.split(separator: ",") {
      let words = part.split(separator: " ")
      try #require(words.count == 1 || words.count == 2, "a stop: \(part)")
      outputs.append(try #require(Double(words[0]), "a number: \(words[0])"))
      if words.count == 2 {
        try #require(words[1].hasSuffix("%"), "a percentage: \(words[1])")
        inputs.append(try #require(Double(words[1].dropLast())) / 100)
      } else {
        inputs.append(nil)
      }
    }
    if inputs[0] == nil { inputs[0] = 0 }
    if inputs[inputs.count - 1] == nil { inputs[inputs.count - 1] = 1 }
    var i = 0
    while i < inputs.count {
      if inputs[i] == nil {
        let start = i - 1
        var end = i
        while inputs[end] == nil { end += 1 }
        for k in i..<end {
          inputs[k] =
            inputs[start]! + (inputs[end]! - inputs[start]!) * Double(k - start)
            / Double(end - start)
        }
        i = end
      }
      i += 1
    }
    return zip(outputs, inputs).map { ParsedStop(output: $0, input: $1!) }
  }

  /// The output at input `x` (0…1), piecewise linear; the end value after the end.
  func replay(_ stops: [ParsedStop], at x: Double) -> Double {
    if x >= 1 { return 1 }
    for i in 1..<stops.count where x <= stops[i].input {
      let a = stops[i - 1]
      let b = stops[i]
      if b.input == a.input { return b.output }
      return a.output + (b.output - a.output) * (x - a.input) / (b.input - a.input)
    }
    return stops[stops.count - 1].output
  }

  /// The largest distance between the replay and the motion (pt, 2-D), over every sample.
  func replayError(_ export: CSSLinearExport, _ motion: ApproachMotion) throws -> Double {
    let stops = try parse(export.easing.css)
    let duration = export.easing.duration_s
    var worst = 0.0
    for i in 0..<motion.count {
      let progress = replay(stops, at: motion.t_s[i] / duration)
      let along = motion.travel_pt * (1 - progress)
      let d = along - motion.along_pt[i]
      worst = max(worst, (d * d + motion.across_pt[i] * motion.across_pt[i]).squareRoot())
    }
    return worst
  }

  static let scenes = [
    "experiments/scenes/castro-release-right-80.toml",
    "experiments/scenes/castro-release-left-160.toml",
    "experiments/scenes/castro-tap-hint-left.toml",
    "experiments/scenes/castro-tap-hint-right.toml",
  ]

  @Test(arguments: scenes)
  func replayStaysWithinItsStatedError(path: String) throws {
    let scene = try loadScene(path)
    let motion = try ApproachExtractor.extract(scene, item: 0)
    let export = CSSLinearExport(motion)
    let observed = try replayError(export, motion)
    #expect(observed <= ExportDefaults.cssTolerance_pt, "\(path): \(observed) pt > 0.5 pt")
    #expect(
      abs(observed - export.error.max_pt) <= 1e-9,
      "\(path): stated \(export.error.max_pt) pt, replayed \(observed) pt")
    #expect(export.easing.stops.count >= 3, "\(path): the motion needs stops between the ends")
    // The duration printed in the CSS is the one replayed.
    #expect(export.code.contains("translate \(export.easing.durationText)s linear("))
  }

  /// A detent's easing turns the element (`rotate`) and stays within 0.5 pt along the rim:
  /// its replay's error in degrees times π/180 times the rim radius (half the 240 pt disc).
  @Test(arguments: [
    "experiments/scenes/dial-detent-release.toml",
    "experiments/scenes/dial-flick-uikit-detent.toml",
  ])
  func aDetentsReplayStaysWithinHalfAPointAtTheRim(path: String) throws {
    let scene = try loadScene(path)
    let motion = try ApproachExtractor.extract(scene, item: 0)
    #expect(motion.quantity == .angle)
    let export = CSSLinearExport(motion)
    let observed_deg = try replayError(export, motion)
    let rim_pt = observed_deg * Double.pi / 180 * 120
    #expect(rim_pt <= ExportDefaults.cssTolerance_pt, "\(path): \(rim_pt) pt at the rim > 0.5 pt")
    #expect(abs(observed_deg - export.error.max_pt) <= 1e-9, "\(path): the stated error")
    #expect(export.easing.stops.count >= 3, "\(path): the motion needs stops between the ends")
    #expect(export.code.contains("rotate \(export.easing.durationText)s linear("))
  }

  /// A synthetic overshooting motion: progress goes above 1, which linear() allows.
  @Test func overshootAboveOneIsKept() throws {
    let motion = syntheticMotion(frames: 90, zeta: 0.2)
    let export = CSSLinearExport(motion)
    let stops = try parse(export.easing.css)
    #expect(
      stops.contains { $0.output > 1.2 }, "an overshoot of about 50 % shows: \(export.easing.css)")
    #expect(try replayError(export, motion) <= ExportDefaults.cssTolerance_pt)
  }

  /// No subset of the samples with one stop fewer stays within 0.5 pt (checked exhaustively
  /// on a short motion): the stops are the fewest.
  @Test func noFewerStopsWouldDo() throws {
    let motion = syntheticMotion(frames: 24, zeta: 0.45)
    let export = CSSLinearExport(motion)
    let easing = export.easing
    let n = easing.stops.count
    try #require(n >= 4, "a motion that needs interior stops (\(n) stops)")
    // The end sample: where the duration ends (printed to the microsecond).
    let end = try #require(motion.t_s.firstIndex { abs($0 - easing.duration_s) < 1e-6 })
    let tolerance = ExportDefaults.cssTolerance_pt
    // Exact (unrounded) replay through chosen samples; progress 1 at the end.
    func fits(_ chosen: [Int]) -> Bool {
      let points = chosen.map { i in
        (t: motion.t_s[i], along: i == end ? 0 : motion.along_pt[i])
      }
      for k in 0...end {
        let t = motion.t_s[k]
        let j = points.firstIndex { $0.t >= t }!
        let value: Double
        if j == 0 {
          value = points[0].along
        } else {
          let a = points[j - 1]
          let b = points[j]
          value = a.along + (b.along - a.along) * (t - a.t) / (b.t - a.t)
        }
        // Exact stops can only do better than printed ones, so allow a hair for rounding.
        if abs(value - motion.along_pt[k]) > tolerance * 0.999 { return false }
      }
      return true
    }
    let interior = Array(1..<end)
    var found = false
    func search(_ from: Int, _ left: Int, _ chosen: [Int]) {
      if found { return }
      if left == 0 {
        if fits([0] + chosen + [end]) { found = true }
        return
      }
      guard from < interior.count else { return }
      for i in from..<interior.count {
        search(i + 1, left - 1, chosen + [interior[i]])
        if found { return }
      }
    }
    search(0, n - 3, [])
    #expect(!found, "\(n - 1) stops would do as well as the \(n) chosen: \(easing.css)")
    // The same search finds a solution with as many stops as chosen (it can succeed).
    found = false
    search(0, n - 2, [])
    #expect(found, "the exhaustive search finds \(n) stops")
  }

  /// A motion along x sampled at 60 Hz from a spring (written here, not FeelExport's).
  func syntheticMotion(frames: Int, zeta: Double) -> ApproachMotion {
    let spring = ReferenceSpring(mass: 1, stiffness: 900, damping: 2 * zeta * 30)
    let t = (0...frames).map { Double($0) / 60 }
    let along = t.map { spring.x($0, x0: 60, v0: 0) }
    return ApproachMotion(
      label: "a spring", itemID: "dot",
      target: ApproachTarget(point_pt: Point(0, 0), how: "given"), direction: Point(1, 0),
      startFrame: 0, frameRate_hz: 60, t_s: t, along_pt: along,
      across_pt: Array(repeating: 0, count: t.count), startVelocity_pt_s: 0)
  }
}
