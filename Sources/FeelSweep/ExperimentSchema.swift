import FeelMetrics
import FeelScene

/// The experiment file format's tables (docs/experiments.md, touches.md) as schema tables, one
/// row per key: how it is read, what its message expects, its unit and default as the docs show
/// them. `ExperimentReader` reads them, a test checks the docs against them and the fuzzer takes
/// its words from them (`words`), as for scene files (`SceneSchema`).
public enum ExperimentSchema {
  /// Every table, for the docs' check and the fuzzer's words.
  public static var tables: [SchemaTableInfo] {
    [
      top.info, measure.info, corpus.info, rotary.info, axis.info, setEntry.info, range.info,
      chart.info,
    ]
  }

  /// The names an experiment file may hold besides a scene's: every key of `tables`, every name
  /// a choice accepts, then the metrics' columns.
  public static var words: [String] {
    SchemaTableInfo.words(tables, Metric.allCases.map(\.column))
  }

  /// `[measure]`: what the metrics measure, each key over the base scene's `[measure]` value.
  public static let measure: SchemaTable<SceneMeasure> = SchemaTable(
    "experiment [measure]", blank: SceneMeasure(),
    [
      .key("item", .string, \.item, default: .unset),
      .key("target", .point("a target point", unit: "pt"), \.target_pt, default: .unset),
      .key(
        "band", .number(.nonNegative, unit: "pt", expected: "a number ≥ 0 (pt)") { $0 >= 0 },
        \.band_pt, default: .unset),
      .key("touch", .string, \.touch, default: .unset),
      .key(
        "commit_after",
        .number(.nonNegative, unit: "s", expected: "a number ≥ 0 (s)") { $0 >= 0 },
        \.commitAfter_s, default: .unset),
      .key("items", .strings("item ids"), \.items, default: .unset),
    ])

  // MARK: - A recognizer experiment's corpus (docs/touches.md, "Recognizer experiment")

  /// The most synthetic traces of one label (a bigger number is a mistake, not a corpus).
  public static let maxSyntheticTraces = 1_000_000
  /// The largest seed: TOML integers are read as numbers, exact up to 2⁵³.
  public static let maxSeed = 9_007_199_254_740_992.0
  /// The most labels a rotary may have (as a detent's count).
  public static let maxRotaryLabels = 1_000_000

  /// A `[corpus]` table's keys as written.
  public struct CorpusKeys: Sendable {
    var folder: String?
    var counts: [GestureLabel: Double] = [:]
    var touchRates_hz = SyntheticCorpus.defaultTouchRates_hz
    var seed: Double?
    var rotary: CorpusRotary?
  }

  /// `[corpus]`: a folder of recorded traces and seeded synthetic ones, laid round a
  /// `[corpus.rotary]` for a rotary experiment.
  public static let corpus: SchemaTable<CorpusKeys> = SchemaTable(
    "experiment [corpus]", blank: CorpusKeys(),
    [
      .key(
        "folder",
        .text("a folder of recorded traces, relative to the experiment file", nonEmpty: true),
        \.folder, default: .unset)
    ]
      + GestureLabel.allCases.map { label in
        .key(
          label.plural,
          .whole(
            0...Double(maxSyntheticTraces),
            expected: "a whole number of synthetic \(label.plural), 0 to \(maxSyntheticTraces)"),
          \.counts[label], default: .unset)
      }
      + [
        .key("touch_rates", touchRates, \.touchRates_hz, default: .unset),
        .key(
          "seed",
          .whole(
            0...maxSeed,
            expected: "a whole number from 0 to 2^53 (the synthetic traces' SplitMix64 seed)"),
          \.seed, default: .unset),
        .key("rotary", rotaryTable, \.rotary, default: .unset),
      ],
    listed: ["folder", "seed"] + GestureLabel.allCases.map(\.plural) + ["touch_rates", "rotary"],
    after: { table, keys, _ throws(SceneError) in try checkCorpus(table, keys) })

  /// `touch_rates = [Hz, …]`: at least one, each > 0 and ≤ 1000.
  private static let touchRates = KeyCodec<[Double]>(
    form: .number(.positive), unit: "Hz",
    missing: "a non-empty array of touch rates (Hz, each > 0 and ≤ 1000)",
    read: { table, key throws(SceneError) in
      guard let value = table.value(key) else { return nil }
      let form = "a non-empty array of touch rates (Hz, each > 0 and ≤ 1000)"
      guard case .array(let elements) = value, !elements.isEmpty else {
        throw table.error(key, expected: form, got: table.shown(key))
      }
      var rates: [Double] = []
      for element in elements {
        guard case .number(let rate) = element, rate.isFinite, rate > 0, rate <= 1000 else {
          throw table.error(key, expected: form, got: table.shown(key))
        }
        rates.append(rate)
      }
      return rates
    })

  /// Synthetic traces need a seed, and a rotary needs synthetic traces and no recorded ones;
  /// a corpus has one or the other.
  private static func checkCorpus(_ table: SceneTable, _ keys: CorpusKeys) throws(SceneError) {
    if keys.rotary != nil, keys.folder != nil {
      throw table.error(
        "folder",
        expected: "no folder in a corpus with a [corpus.rotary] table: recorded traces do not say "
          + "which turn they meant (docs/touches.md, \"Rotary experiment\")",
        got: table.shown("folder"))
    }
    if keys.counts.values.reduce(0, +) > 0 {
      if keys.seed == nil {
        throw table.error(
          "seed",
          expected: "a seed for the synthetic traces (a whole number; the same seed gives the "
            + "same traces on every machine)", got: "nothing")
      }
    } else if keys.rotary != nil {
      throw table.error(
        "taps",
        expected: "synthetic traces to lay round the [corpus.rotary] (taps, drags or holds, with "
          + "a seed)", got: "none")
    } else if keys.folder == nil {
      throw table.error(
        "folder",
        expected: "a corpus: a folder of recorded traces, or synthetic taps, drags or holds "
          + "(with a seed)", got: "neither")
    }
  }

  /// The synthetic corpus the keys describe; nil when they ask for no synthetic trace.
  static func synthetic(_ keys: CorpusKeys) -> SyntheticCorpus? {
    guard let seed = keys.seed, keys.counts.values.reduce(0, +) > 0 else { return nil }
    let count = { (label: GestureLabel) in Int(keys.counts[label] ?? 0) }
    return SyntheticCorpus(
      seed: UInt64(seed), taps: count(.tap), drags: count(.drag), holds: count(.hold),
      touchRates_hz: keys.touchRates_hz, rotary: keys.rotary)
  }

  /// A `[corpus.rotary]` table's keys as written (`label_radius` defaults to the radius).
  public struct RotaryKeys: Sendable {
    var center_pt = Point(0, 0)
    var radius_pt = 0.0
    var count = 0.0
    var labelRadius_pt: Double?
    var phase_rad = 0.0
    var deadZone_pt = 0.0
  }

  /// `[corpus.rotary]`: the disc a rotary experiment's labels are laid round.
  public static let rotary: SchemaTable<RotaryKeys> = SchemaTable(
    "experiment [corpus.rotary]", blank: RotaryKeys(),
    [
      .key("center", .point("the disc's centre", unit: "pt"), \.center_pt, default: .required),
      .key(
        "radius",
        .number(.positive, unit: "pt", expected: "the disc's radius: a number > 0 (pt)") { $0 > 0 },
        \.radius_pt, default: .required),
      .key(
        "count",
        .whole(
          1...Double(maxRotaryLabels),
          expected: "the number of value labels: a whole number, 1 to \(maxRotaryLabels)"),
        \.count, default: .required),
      .key("label_radius", labelRadius, \.labelRadius_pt, default: .unset),
      .key(
        "phase",
        .number(
          .any, unit: "rad",
          expected: "label 0's screen angle: a number from −1000 to 1000 (rad)"
        ) { abs($0) <= 1000 }, \.phase_rad, default: .value(0)),
      .key(
        "dead_zone",
        .number(
          .nonNegative, unit: "pt", expected: "the dead zone about the centre: a number ≥ 0 (pt)"
        ) { $0 >= 0 }, \.deadZone_pt, default: .value(0)),
    ])

  /// `label_radius`: > 0 and at most the radius (read before it).
  private static let labelRadius = KeyCodec<Double>(
    form: .number(.positive), unit: "pt", missing: "the labels' distance from the centre",
    read: { table, key throws(SceneError) in
      guard let labelRadius = try table.number(key, unit: "pt") else { return nil }
      let radius = try table.number("radius", unit: "pt") ?? 0
      guard labelRadius > 0, labelRadius <= radius else {
        throw table.error(
          key,
          expected: "the labels' distance from the centre: a number > 0 and at most the radius "
            + "(\(AxisValue.shortest(radius)) pt)", got: table.shown(key))
      }
      return labelRadius
    })

  /// `rotary` in `[corpus]`: a `[corpus.rotary]` section.
  private static let rotaryTable = KeyCodec<CorpusRotary>.table(
    rotary, label: "[corpus.rotary]", kind: "the [corpus.rotary] table",
    expected: "a table: a [corpus.rotary] section (center, radius, count, label_radius, phase, "
      + "dead_zone)"
  ) { keys in
    CorpusRotary(
      center_pt: keys.center_pt, radius_pt: keys.radius_pt, count: Int(keys.count),
      labelRadius_pt: keys.labelRadius_pt ?? keys.radius_pt, phase_rad: keys.phase_rad,
      deadZone_pt: keys.deadZone_pt)
  }

  // MARK: - Axes' parts (docs/experiments.md, "Axes")

  /// A `set` entry's keys.
  public struct SetEntryKeys: Sendable {
    var path = ""
    var scale = 1.0
    var offset = 0.0
  }

  /// A `set = [{ … }, …]` entry of an axis: a path it moves, set to offset + scale × value.
  public static let setEntry: SchemaTable<SetEntryKeys> = SchemaTable(
    "experiment set entry", blank: SetEntryKeys(),
    [
      .key("path", .text("a scene value path", nonEmpty: true), \.path, default: .required),
      .key("scale", .number(), \.scale, default: .value(1)),
      .key("offset", .number(), \.offset, default: .value(0)),
    ])

  /// A range table's keys as written.
  public struct RangeKeys: Sendable {
    var from = 0.0
    var to = 0.0
    var step: Double?
    var count: Double?
  }

  /// An axis's `range = { from, to, step }` or `{ from, to, count }`.
  public static let range: SchemaTable<RangeKeys> = SchemaTable(
    "experiment range", blank: RangeKeys(),
    [
      .key("from", finite("the first value (a number)"), \.from, default: .required),
      .key("to", finite("the last value (a number)"), \.to, default: .required),
      .key("step", finite("the spacing").checking(stepOrCount), \.step, default: .unset),
      .key(
        "count",
        KeyCodec.whole(
          1...Double(ExperimentReader.maxAxisValues),
          expected: "a whole number of values, 1 to \(ExperimentReader.maxAxisValues)"
        ).checking(stepOrCount), \.count, default: .unset),
    ],
    after: { table, _, _ throws(SceneError) in
      guard table.has("step") || table.has("count") else {
        throw table.missing(
          "step", expected: "step = … (the spacing) or count = … (how many values)")
      }
    })

  /// A range has a step or a count, not both.
  private static func stepOrCount(_ table: SceneTable, _: String) throws(SceneError) {
    guard table.has("step"), table.has("count") else { return }
    throw table.error(
      "count", expected: "either step or count, not both", got: table.shown("count"))
  }

  /// A finite number (anything else: "expected a finite number"); `expected` when missing.
  private static func finite(_ expected: String) -> KeyCodec<Double> {
    KeyCodec(
      form: .number(.any), missing: expected,
      read: { table, key throws(SceneError) in
        guard let value = table.value(key) else { return nil }
        guard case .number(let x) = value, x.isFinite else {
          throw table.error(key, expected: "a finite number", got: table.shown(key))
        }
        return x
      }, write: { .number($0) })
  }

  // MARK: - Charts

  /// A `[[chart]]`'s keys as written.
  public struct ChartKeys: Sendable {
    var metric = ""
    var x: String?
    var y: String?
    var lines: String?
    var log = false
    var range: ClosedRange<Double>?
  }

  /// The docs' and the fuzzer's view of a `[[chart]]` (the reader makes its table from the
  /// experiment's metrics and axes: `chart(metrics:axes:)`).
  public static var chart: SchemaTable<ChartKeys> { chart(metrics: [], axes: []) }
}
