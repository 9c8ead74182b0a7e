import FeelEngine
import FeelTestSupport
import FeelTouch
import Testing

/// How a corpus is read (docs/touches.md, "Recognizer experiment"): each trace is read as the
/// first of drag-began, hold and tap to fire, and the rates divide the misread counts by the
/// traces of the labels named in the docs. The expected readings of the hand-made corpus below
/// are worked out in its comments from the recognizer's rules (a drag is a sample farther than
/// the slop from the touch-down; a hold fires at touch-down + hold time if no drag began and
/// the touch is still down, ties going to the hold).
@Suite("Corpus readings and rates")
struct CorpusReadingTests {
  static func trace(_ label: GestureLabel, _ name: String, _ points: [(Double, Double, Double)])
    -> CorpusTrace
  {
    CorpusTrace(
      label: label, origin: .recorded(file: name),
      samples: points.map { TouchSample($0.0, $0.1, $0.2) })
  }

  /// The hand-made corpus: 4 taps, 3 drags, 4 holds, and what each is read as at slop 10 pt,
  /// hold 0.5 s (UIKit's defaults).
  static let handMade: [(trace: CorpusTrace, atUIKit: GestureLabel)] = [
    // Still for 0.1 s: a tap.
    (trace(.tap, "tap-still", [(0, 50, 50), (0.1, 50, 50)]), .tap),
    // Moves exactly 10.0 pt (100 = 10², not beyond): a tap.
    (trace(.tap, "tap-ten", [(0, 100, 100), (0.05, 110, 100), (0.1, 110, 100)]), .tap),
    // Moves 10.01 pt: a drag on that sample.
    (trace(.tap, "tap-over", [(0, 100, 100), (0.05, 100, 110.01), (0.1, 100, 110.01)]), .drag),
    // Still for 0.6 s: the hold fires at 0.5 s.
    (trace(.tap, "tap-long", [(0, 0, 0), (0.3, 0, 0), (0.6, 0, 0)]), .hold),
    // Beyond the slop at 0.1 s: a drag.
    (trace(.drag, "drag", [(0, 0, 0), (0.05, 5, 0), (0.1, 20, 0), (0.15, 40, 0)]), .drag),
    // Lifted 8 pt away: a tap.
    (trace(.drag, "drag-short", [(0, 0, 0), (0.1, 8, 0), (0.2, 8, 0)]), .tap),
    // 2 pt at 0.4 s, 30 pt at 0.6 s: the hold (0.5 s) comes first.
    (trace(.drag, "drag-late", [(0, 0, 0), (0.4, 2, 0), (0.6, 30, 0), (0.7, 40, 0)]), .hold),
    // Down 0.8 s within 1.5 pt: a hold.
    (trace(.hold, "hold", [(0, 0, 0), (0.3, 1, 0), (0.8, 1, 1)]), .hold),
    // Lifted at exactly the hold time: ties go to the hold.
    (trace(.hold, "hold-exact", [(0, 0, 0), (0.25, 0, 0), (0.5, 0, 0)]), .hold),
    // Lifted at 0.45 s: a tap.
    (trace(.hold, "hold-short", [(0, 0, 0), (0.2, 0, 0), (0.45, 0, 0)]), .tap),
    // 12 pt away at 0.3 s: a drag.
    (trace(.hold, "hold-creep", [(0, 0, 0), (0.3, 12, 0), (0.9, 12, 0)]), .drag),
  ]

  static let corpus = TouchCorpus(traces: handMade.map(\.trace))

  static func settings(slop: Double, hold: Double) -> RecognizerSettings {
    RecognizerSettings(slop_pt: slop, hold_s: hold, velocityWindow_s: 0.1)
  }

  @Test("every hand-made trace reads as worked out, by the recognizer and by the corpus reader")
  func readings() {
    let uikit = RecognizerSettings.uikit
    let reader = CorpusReader(Self.corpus)
    for (i, entry) in Self.handMade.enumerated() {
      let read = GestureReading.read(entry.trace.samples, settings: uikit)
      #expect(read.gesture == entry.atUIKit, "\(entry.trace.name)")
      #expect(reader.reading(i, uikit) == read, "\(entry.trace.name)")
    }
  }

  @Test("where and when: drag-began on the sample beyond the slop, the hold at its time")
  func decidingSample() {
    let uikit = RecognizerSettings.uikit
    let over = GestureReading.read(Self.handMade[2].trace.samples, settings: uikit)
    #expect(over == GestureReading(gesture: .drag, t_s: 0.05, sample: 1))
    let late = GestureReading.read(Self.handMade[6].trace.samples, settings: uikit)
    #expect(late == GestureReading(gesture: .hold, t_s: 0.5, sample: nil))
    let tap = GestureReading.read(Self.handMade[0].trace.samples, settings: uikit)
    #expect(tap == GestureReading(gesture: .tap, t_s: 0.1, sample: 1))
    // One sample: down and lifted at once, a tap.
    #expect(
      GestureReading.read([TouchSample(2, 0, 0)], settings: uikit)
        == GestureReading(gesture: .tap, t_s: 0, sample: 0))
  }

  @Test("the counts and rates at UIKit's defaults, as the docs define their denominators")
  func ratesAtUIKit() {
    let tally = CorpusTally(Self.corpus, settings: .uikit)
    #expect(CorpusReader(Self.corpus).tally(.uikit) == tally)
    // taps: tap-over read as a drag; drags: drag-short as a tap; holds: hold-short and
    // hold-creep missed; false holds: tap-long and drag-late; misread: those six.
    #expect(tally.total(.tap) == 4 && tally.total(.drag) == 3 && tally.total(.hold) == 4)
    #expect(tally.tapAsDrag == 1)
    #expect(tally.dragAsTap == 1)
    #expect(tally.holdMissed == 2)
    #expect(tally.falseHold == 2)
    #expect(tally.misread == 6)
  }

  @Test("a 10.0 pt move is a tap at slop 10 and a drag at slop 9.99")
  func slopBoundary() {
    let reader = CorpusReader(Self.corpus)
    let atTen = reader.tally(Self.settings(slop: 10, hold: 0.5))
    let below = reader.tally(Self.settings(slop: 9.99, hold: 0.5))
    #expect(atTen.tapAsDrag == 1)
    #expect(below.tapAsDrag == 2)
    #expect(reader.reading(1, Self.settings(slop: 9.99, hold: 0.5)).gesture == .drag)
    #expect(reader.reading(1, Self.settings(slop: 10, hold: 0.5)).gesture == .tap)
  }

  @Test("at hold 1 s: long taps and late drags are read as such, and short holds are missed")
  func longerHold() {
    let tally = CorpusReader(Self.corpus).tally(Self.settings(slop: 10, hold: 1))
    // tap-long → tap; drag-late → drag (at 0.6 s); hold (lifted 0.8 s) and hold-exact → taps.
    #expect(tally.tapAsDrag == 1)
    #expect(tally.dragAsTap == 1)
    #expect(tally.falseHold == 0)
    #expect(tally.holdMissed == 4)
    #expect(tally[.hold, readAs: .tap] == 3)
    #expect(tally[.hold, readAs: .drag] == 1)
  }

  @Test("the corpus reader equals the recognizer on synthetic traces, on and beside thresholds")
  func readerEqualsRecognizer() {
    let synthetic = SyntheticCorpus(seed: 7, taps: 150, drags: 150, holds: 150)
    let corpus = TouchCorpus(traces: synthetic.traces())
    let reader = CorpusReader(corpus)
    var random = SplitMix64(state: 99)
    func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    var compared = 0
    var kinds = Set<GestureLabel>()
    for (i, trace) in corpus.traces.enumerated() {
      let s = trace.samples
      // A slop on a sample's distance from the touch-down (and the doubles either side), a
      // hold on a sample's time offset (and 1e-9 s either side: the timeline's slack).
      let j = 1 + pick(s.count - 1)
      let dx = s[j].point_pt.x - s[0].point_pt.x
      let dy = s[j].point_pt.y - s[0].point_pt.y
      let d = (dx * dx + dy * dy).squareRoot()
      let k = 1 + pick(s.count - 1)
      let offset = s[k].t_s - s[0].t_s
      for slop in [d.nextDown, d, d.nextUp, 5, 10, 20] {
        for hold in [offset - 1e-9, offset, offset + 1e-9, offset.nextUp, 0.2, 0.5, 1]
        where hold > 0 {
          let settings = Self.settings(slop: max(0, slop), hold: hold)
          let read = GestureReading.read(s, settings: settings)
          #expect(reader.reading(i, settings) == read, "\(trace.name) slop \(slop) hold \(hold)")
          kinds.insert(read.gesture)
          compared += 1
        }
      }
    }
    #expect(compared > 10_000)
    #expect(kinds == Set(GestureLabel.allCases))
  }

  @Test("labels from file names")
  func labels() {
    #expect(GestureLabel(fileName: "tap-1.csv") == .tap)
    #expect(GestureLabel(fileName: "drag-slow-thumb.csv") == .drag)
    #expect(GestureLabel(fileName: "hold-.csv") == .hold)
    #expect(GestureLabel(fileName: "tap.csv") == nil)
    #expect(GestureLabel(fileName: "swipe-1.csv") == nil)
    #expect(GestureLabel(fileName: "Tap-1.csv") == nil)
  }
}
