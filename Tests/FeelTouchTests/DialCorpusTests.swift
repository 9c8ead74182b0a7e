import FeelEngine
import FeelTestSupport
import Foundation
import Testing

@testable import FeelTouch

/// The rotary corpus (docs/touches.md, "The rotary corpus"): deterministic like the plain corpus,
/// taps on the labels' closed-form positions, turning drags that know the turn their
/// noise-free path makes about the centre, holds on the disc.
@Suite("Synthetic dial corpus")
struct DialCorpusTests {
  /// A 240 pt disc at (160, 200), 12 labels at 100 pt, label 0 at π (the committed experiment's).
  static let dial = CorpusRotary(
    center_pt: Point(160, 200), radius_pt: 120, count: 12, labelRadius_pt: 100,
    phase_rad: Double.pi, deadZone_pt: 22)
  static let corpus = SyntheticCorpus(seed: 7, taps: 400, drags: 400, holds: 200, rotary: dial)
  static let touches = corpus.touches()

  static func of(_ label: GestureLabel) -> [SyntheticTouch] {
    touches.filter { $0.label == label }
  }

  @Test("the same seed gives the same samples, bit for bit; more turns leave the taps alone")
  func deterministic() {
    func bits(_ touches: [SyntheticTouch]) -> [UInt64] {
      touches.flatMap { $0.samples.flatMap { [$0.t_s, $0.point_pt.x, $0.point_pt.y] } }
        .map(\.bitPattern)
    }
    let again = SyntheticCorpus(seed: 7, taps: 400, drags: 400, holds: 200, rotary: Self.dial)
    #expect(bits(again.touches()) == bits(Self.touches))
    let moreTurns = SyntheticCorpus(seed: 7, taps: 400, drags: 900, holds: 200, rotary: Self.dial)
    #expect(bits(moreTurns.touches().filter { $0.label == .tap }) == bits(Self.of(.tap)))
    #expect(bits(moreTurns.touches().filter { $0.label == .hold }) == bits(Self.of(.hold)))
    #expect(
      bits(Array(moreTurns.touches().filter { $0.label == .drag }.prefix(400)))
        == bits(Self.of(.drag)))
    // Another seed, and the plain corpus of the same seed, differ.
    let other = SyntheticCorpus(seed: 8, taps: 400, drags: 400, holds: 200, rotary: Self.dial)
    #expect(bits(other.touches()) != bits(Self.touches))
    let plain = SyntheticCorpus(seed: 7, taps: 400, drags: 400, holds: 200)
    #expect(bits(plain.touches()) != bits(Self.touches))
  }

  @Test("taps go down on a label: centre + r (cos θk, sin θk), θk = phase + 2πk/N")
  func tapsOnLabels() throws {
    let taps = Self.of(.tap)
    var seen = Set<Int>()
    for tap in taps {
      let k = try #require(tap.rotaryLabel)
      seen.insert(k)
      let theta = Double.pi + 2 * Double.pi * Double(k) / 12
      let expected = Point(160 + 100 * cos(theta), 200 + 100 * sin(theta))
      expectClose(tap.start_pt.x, expected.x, .dialPlacement, "tap \(tap.index) x")
      expectClose(tap.start_pt.y, expected.y, .dialPlacement, "tap \(tap.index) y")
      // The touch-down sample is the label's point plus sensor noise only.
      let down = tap.samples[0].point_pt
      expectClose(down.x, expected.x, .sixSigmaSensorNoise, "tap \(tap.index) touch-down x")
      expectClose(down.y, expected.y, .sixSigmaSensorNoise, "tap \(tap.index) touch-down y")
      #expect(tap.intendedTurn_rad == nil && tap.arc == nil)
    }
    #expect(seen == Set(0..<12), "every label is tapped")
  }

  @Test("holds go down on the disc, no farther than its radius from the centre")
  func holdsOnTheDisc() {
    for hold in Self.of(.hold) {
      let dx = hold.start_pt.x - 160
      let dy = hold.start_pt.y - 200
      #expect((dx * dx + dy * dy).squareRoot() <= 120, "hold \(hold.index)")
      #expect(hold.intendedTurn_rad == nil)
    }
  }

  /// The turn of `path` about the centre from u = 0 to 1, summed over `steps` wrapped atan2
  /// steps (libm's atan2).
  static func denseTurn(_ path: (Double) -> Point, steps: Int = 20_000) -> Double {
    var turn = 0.0
    var last = atan2(path(0).y - 200, path(0).x - 160)
    for i in 1...steps {
      let p = path(Double(i) / Double(steps))
      let angle = atan2(p.y - 200, p.x - 160)
      var d = angle - last
      while d > Double.pi { d -= 2 * Double.pi }
      while d <= -Double.pi { d += 2 * Double.pi }
      turn += d
      last = angle
    }
    return turn
  }

  @Test("a turning drag's intended turn is the turn of its noise-free path about the centre")
  func intendedTurns() throws {
    var arcs = 0
    var flicks = 0
    var nearHub = 0
    for drag in Self.of(.drag) {
      let meant = try #require(drag.intendedTurn_rad)
      let turn: Double
      if let arc = drag.arc {
        arcs += 1
        // The arc's own point, by libm's sine and cosine.
        turn = Self.denseTurn { u in
          let r = arc.startRadius_pt + (arc.endRadius_pt - arc.startRadius_pt) * u
          let a = arc.startAngle_rad + arc.turn_rad * u
          return Point(160 + r * cos(a), 200 + r * sin(a))
        }
        let start = arc.point_pt(0)
        expectClose(start.x, drag.start_pt.x, .dialPlacement, "arc \(drag.index) start")
        if arc.startRadius_pt < 22 { nearHub += 1 }
      } else {
        flicks += 1
        turn = Self.denseTurn { u in
          Point(drag.start_pt.x + drag.move_pt.x * u, drag.start_pt.y + drag.move_pt.y * u)
        }
        // A flick passes within a quarter of the radius of the centre.
        let s = drag.start_pt
        let m = drag.move_pt
        let along = -((s.x - 160) * m.x + (s.y - 200) * m.y) / (m.x * m.x + m.y * m.y)
        let px = s.x + m.x * along - 160
        let py = s.y + m.y * along - 200
        #expect((px * px + py * py).squareRoot() <= 30 + 1e-9, "flick \(drag.index)")
        #expect(abs(meant) < Double.pi)
      }
      expectClose(meant, turn, .denseTurn, "drag \(drag.index) intended turn")
      #expect(drag.trace.intendedTurn_rad == meant)
    }
    // One in five is a flick (400 drags: 80 ± 4 standard errors of 8).
    #expect(flicks > 48 && flicks < 112, "\(flicks) flicks")
    #expect(arcs + flicks == 400)
    #expect(nearHub > 0, "some arcs start inside the author's dead spot")
  }
}
