import ArgumentParser
import FeelCommandSupport
import FeelMetrics
import FeelScene
import Foundation

/// `feel metrics SCENE`: the feel metrics of one scene run, as a table or JSON.
struct Metrics: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Measure a scene: overshoot, settle time, pause, hop, contact… as a table or JSON.",
    discussion: """
      The item is measured against a target: --target or the scene's [measure] target, else \
      the snap point of the snap behavior acting on it (at t = 0 or added by a rule; the one a \
      drag-ended rule picked with nearest), else where it comes to rest. The target metrics \
      (overshoot, oscillations, excursion, deviation, settle time) are measured from when that \
      snap last enters the animator: the release, the contact swap of a tap hint, or a \
      touch-driven drag's drag-ended rule (docs/drags.md, "Drag metrics": also --touch and \
      --commit-after); without a snap, from the last lift (t = 0 without touches). A metric \
      without a value, or one that does not apply to the scene, shows "—" with the reason. \
      docs/metrics.md defines every metric and flag. --set PATH=VALUE changes a value of the \
      scene first, as feel run --set does.
      """
  )

  @Argument(help: "The scene file (TOML).")
  var scene: String

  @Option(help: "The id of the item to measure (default: the snap behavior's item).")
  var item: String?

  @Option(
    help: ArgumentHelp(
      "The target point, x,y in pt, for any scene (default: the snap point).", valueName: "x,y"))
  var target: TargetPoint?

  @Option(
    help: ArgumentHelp(
      "Half-width of the settle band (pt; default: the scene's [measure] band, else 0.5).",
      valueName: "pt"))
  var band: Double?

  @Option(help: "The id of the touch whose first drag is measured (default: any touch's).")
  var touch: String?

  @Option(
    help: ArgumentHelp(
      "A drag shorter than this is not committed (s; default: the scene's [measure] commit_after).",
      valueName: "s"))
  var commitAfter: Double?

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  @OptionGroup var settings: SceneSettingOptions

  func validate() throws {
    try FeelError.validating { () throws(FeelError) in
      if let band, !(band.isFinite && band >= 0) {
        throw FeelError("--band: expected a number ≥ 0 (pt), got \(band)")
      }
      if let commitAfter, !(commitAfter.isFinite && commitAfter >= 0) {
        throw FeelError("--commit-after: expected a number ≥ 0 (s), got \(commitAfter)")
      }
    }
  }

  func run() throws {
    let parsed = try settings.scene(scene)
    let options = SceneMeasure(
      item: item, target_pt: target?.point, band_pt: band, touch: touch,
      commitAfter_s: commitAfter)
    let report = try MetricsReport.measure(parsed, named: scene, options)
    let text = json ? report.json : report.table
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}

/// `--target x,y`.
struct TargetPoint: ExpressibleByArgument {
  var point: Point

  init?(argument: String) {
    let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let x = Double(parts[0].trimmingCharacters(in: .whitespaces)),
      let y = Double(parts[1].trimmingCharacters(in: .whitespaces)), x.isFinite, y.isFinite
    else { return nil }
    point = Point(x, y)
  }

  static var defaultCompletionKind: CompletionKind { .default }
}
