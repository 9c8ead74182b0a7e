import FeelExport
import FeelScene

/// What the export panel shows for one stored point under the spring and CSS tabs: `feel
/// export`'s report of the point's scene (`ExportReport`, the same calls `feel export SCENE
/// --to all` makes, without the UIKit code), or its message when the scene has no motion
/// towards a target to fit.
public struct PointExport: Sendable, Equatable {
  /// The targets the panel offers, in this order: every `feel export` target but `uikit`.
  public static let targets: [ExportTarget] = ExportTarget.allCases.filter(\.needsMotion)

  /// `feel export`'s message when it cannot fit the scene (nil: it can).
  public var message: String?
  /// The report's lines after the one naming the file (`ExportReport.summaryLines`): the
  /// approach, the best spring and its error, whether a single spring can match.
  public var summary: String
  /// Each target's code to paste (`ExportReport.section`), in `targets` order.
  public var codes: [String]
  /// Each target's error as the report states it (max and RMS in pt, or degrees for a
  /// detent), in `targets` order.
  public var errors: [String]

  /// The report of `scene`; `name` names it in the report (its file name, without extension).
  public init(scene: Scene, name: String) {
    do {
      let report = try ExportReport(scene, name: name, targets: Self.targets)
      message = nil
      summary = report.summaryLines.joined(separator: "\n")
      let sections = Self.targets.map { report.section($0) }
      codes = sections.map { $0?.code ?? "" }
      errors = sections.map { $0?.error ?? "" }
    } catch {
      message = error.description
      summary = ""
      codes = []
      errors = []
    }
  }

  /// Whether `scene` has a motion towards a target that feel export would fit (an item with
  /// a snap, an attachment spring or a detent); without one its report is only the message,
  /// found without running the scene.
  public static func hasMotion(_ scene: Scene) -> Bool {
    scene.items.contains { !ApproachSources.approaches(of: $0.id, in: scene).isEmpty }
  }

  /// The texts the data script holds, in order: the message alone, or the summary then each
  /// target's code and error.
  public var fields: [String] {
    if let message { return [message] }
    return [summary] + zip(codes, errors).flatMap { [$0, $1] }
  }
}
