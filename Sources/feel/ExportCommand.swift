import ArgumentParser
import FeelCommandSupport
import FeelExport
import FeelScene
import Foundation

/// `feel export SCENE`: the item's motion towards its target as each framework's spring, and
/// the scene as UIKit Dynamics code.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Carry a scene's feel to SwiftUI, Core Animation, Compose, CSS or UIKit code.",
    discussion: """
      Fits the item's simulated motion towards its target (a snap, from t = 0 or from the \
      rule that adds it; an attachment spring, towards its rest pose; a detent, turning, in \
      degrees) with each framework's \
      own spring, and prints for each target the code to paste and its error against UIKit's \
      motion (max and RMS in pt, % of the travel, and when the error is worst). Says plainly \
      when a single spring cannot match. --to uikit writes the whole scene as UIKit Dynamics \
      code; what UIKit cannot say (FeelLab's drags, inertias, detents, touch rules, targets \
      picked at the release) is written as the app code it stands for, listed in a comment, \
      and --strict refuses such a scene (exit status 2). docs/export.md has the formulas, the \
      fit and the JSON contract.
      """
  )

  @Argument(help: "The scene file (TOML).")
  var scene: String

  @Option(
    help:
      "The id of the moving item (default: the first item with a snap, an attachment spring or a detent)."
  )
  var item: String?

  @Option(
    help: ArgumentHelp(
      "Targets: swiftui, caspring, compose, css, uikit or all (several separated by commas).",
      valueName: "target"))
  var to = "all"

  @Flag(help: "Print only the JSON contract on standard output.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "Also write UIKit's motion and each fit, frame by frame, as CSV to this file (for charts).",
      valueName: "path"))
  var samples: String?

  @Flag(
    help:
      "With --to uikit: exit 2 if the scene holds anything UIKit cannot say (written as app code).")
  var strict = false

  func run() throws {
    let targets = try parseTargets()
    if strict && !targets.contains(.uikit) {
      throw FeelError("--strict: expected --to with uikit (it checks the UIKit code), got \(to)")
    }
    let parsed = try InputFile.scene(scene)
    if strict {
      let standIns = UIKitCode.standIns(parsed)
      if !standIns.isEmpty {
        throw FeelError(
          "\(scene): --strict: expected a scene UIKit Dynamics says whole, got what only app "
            + "code can say: " + standIns.map(\.line).joined(separator: "; "))
      }
    }
    let name = URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
    let report: ExportReport
    do {
      report = try ExportReport(parsed, name: name, itemID: item, targets: targets)
    } catch {
      throw FeelError("\(scene): \(error.description)")
    }
    if let samples {
      guard let csv = report.overlayCSV else {
        throw FeelError("--samples: expected targets with a motion to chart (not only uikit)")
      }
      try OutputText.write(csv, to: samples, what: "the samples")
    }
    let output = json ? report.json : report.text(sceneFile: scene)
    FileHandle.standardOutput.write(Data(output.utf8))
  }

  /// `--to`: names separated by commas, `all` for every target.
  private func parseTargets() throws -> [ExportTarget] {
    var targets: [ExportTarget] = []
    let names = ExportTarget.allCases.map(\.rawValue) + ["all"]
    for part in to.split(separator: ",", omittingEmptySubsequences: false) {
      let word = part.trimmingCharacters(in: .whitespaces).lowercased()
      if word == "all" {
        targets += ExportTarget.allCases
      } else if let target = ExportTarget(rawValue: word) {
        targets.append(target)
      } else {
        throw FeelError(
          "--to: expected \(names.joined(separator: ", ")) (several separated by commas), "
            + "got \"\(part)\"" + NameSuggestion.didYouMean(word, among: names))
      }
    }
    return targets
  }
}
