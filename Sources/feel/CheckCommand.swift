import ArgumentParser
import FeelCheck
import FeelCommandSupport
import FeelControl
import FeelScene
import FeelSweep
import Foundation

/// `feel check`: every experiment and every control's preset against its committed baseline.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Compare every experiment and control preset with its baseline; exit 1 on drift.",
    discussion: """
      Re-runs every experiment (experiments/*.toml: its metric CSV, as `feel sweep` writes \
      it) and every preset of the control files (experiments/controls/*.toml, [[preset]]: \
      the scene's 60 Hz trajectory, as `feel run` writes it; `feel controls` lists them), \
      and compares each with its baseline in experiments/baselines/ (NAME.metrics.csv, \
      NAME.trajectory.csv). Run it from the folder that holds experiments/ (the \
      repository, or a project of your own), or name the folder with --folder. A grid of \
      more than 8,000 points is checked on one value in k of its long axes (the baseline \
      says so).

      Metrics must stay within their tolerances (overshoot and hop 0.05 pt, times one 60 Hz \
      frame, counts and flags exact; a value that appears or vanishes is drift), \
      trajectories within 0.01 pt and 1e-4 rad. docs/check.md lists every tolerance; \
      Sources/FeelCheck/CheckTolerances.swift declares them.

      Prints a table of what drifted, largest first (relative to its tolerance), then one \
      verdict line. An experiment or preset without a baseline file yet is named after the \
      verdict, with the command that records it, once everything else is checked. Exit \
      status: 0 no drift, 1 drift or a missing baseline, 2 bad input (a garbled or stray \
      baseline, an unknown name, a baseline whose axes, grid or frames no longer match).

      --record rewrites the baselines from this run instead (only the files whose bytes \
      change, each atomically), prints what changed in each, and exits 0. Do it on \
      purpose, review the diff, and commit the baselines with the change that caused it.
      """
  )

  @Flag(help: "Rewrite the baselines from this run and print what changed (on purpose only).")
  var record = false

  @Option(
    parsing: .upToNextOption,
    help: ArgumentHelp(
      "Only these experiments or presets (file names without .toml; separated by spaces or commas). Default: all.",
      valueName: "name"))
  var experiments: [String] = []

  @Option(
    help: ArgumentHelp(
      "The experiments folder: its *.toml experiments and controls/*.toml control files.",
      valueName: "folder"))
  var folder = "experiments"

  @Option(
    name: .customLong("baselines"),
    help: ArgumentHelp("The baselines folder (default: FOLDER/baselines).", valueName: "folder"))
  var baselinesFolder: String?

  /// The baselines folder: `--baselines`, else FOLDER/baselines.
  private var baselines: String {
    baselinesFolder ?? (folder as NSString).appendingPathComponent("baselines")
  }

  @Option(help: "Rows of the drift table (the largest drifts); the rest are counted.")
  var maxRows = CheckReport.defaultMaxRows

  @OptionGroup var common: CommonOptions

  func validate() throws {
    try FeelError.validating { () throws(FeelError) in
      guard maxRows >= 0 else {
        throw FeelError("--max-rows: expected a number ≥ 0, got \(maxRows)")
      }
    }
  }

  func run() throws {
    let start = Date()
    let subjects = try loadSubjects()
    if record {
      try recordBaselines(subjects)
    } else {
      try check(subjects)
    }
    if !common.quiet {
      let points = subjects.reduce(0) { total, subject in
        if case .experiment(let sweep) = subject.source { return total + sweep.count }
        return total
      }
      let presets = subjects.filter { if case .preset = $0.source { true } else { false } }.count
      let experimentCount = subjects.count - presets
      let line =
        "feel check: \(experimentCount) experiment\(experimentCount == 1 ? "" : "s") "
        + "(\(points) grid points) and \(presets) preset\(presets == 1 ? "" : "s") in "
        + "\(String(format: "%.1f", Date().timeIntervalSince(start))) s\n"
      FileHandle.standardError.write(Data(line.utf8))
    }
  }

  // MARK: - Check

  private func check(_ subjects: [CheckSubject]) throws {
    // Every baseline is read and parsed before anything runs: a missing, garbled or stray
    // one stops the check at once.
    if let stray = orphans(subjects).first {
      throw FeelError(
        "\(stray): a baseline of no experiment or preset (expected one of "
          + subjects.map(\.baselineFileName).joined(separator: ", ")
          + "); delete it if its experiment was removed on purpose")
    }
    // A subject without a baseline file yet (a new experiment or preset) is not bad input:
    // everything else is checked, then it is named with the command that records it (exit 1).
    var checked: [(CheckSubject, String)] = []
    var unrecorded: [CheckSubject] = []
    for subject in subjects {
      let path = baselinePath(subject)
      guard FileManager.default.fileExists(atPath: path) else {
        unrecorded.append(subject)
        continue
      }
      let text = try InputFile.text(path, .baseline)
      do {
        _ = try BaselineCSV.parse(text, file: path)
      } catch {
        throw FeelError(error)
      }
      checked.append((subject, text))
    }
    var results: [BaselineResult] = []
    var errors: [CheckError] = []
    for (subject, text) in checked {
      let current = subject.currentCSV(threads: common.workers)
      do {
        results.append(
          try subject.compare(baseline: text, file: baselinePath(subject), current: current))
      } catch {
        errors.append(error)
      }
    }
    let report = CheckReport(results: results)
    var output = report.text(maxRows: maxRows)
    if !errors.isEmpty {
      output = output.dropLast() + ", \(errors.count) could not be compared\n"
    }
    if !unrecorded.isEmpty {
      output = output.dropLast() + ", \(unrecorded.count) without a baseline\n"
      for subject in unrecorded {
        output +=
          "no baseline: \(subject.name) (\(baselinePath(subject)) does not exist); record it on "
          + "purpose with feel check --record --experiments \(subject.name)\n"
      }
    }
    FileHandle.standardOutput.write(Data(output.utf8))
    if !errors.isEmpty { throw FeelError(all: errors.map(\.description)) }
    if report.hasDrift || !unrecorded.isEmpty { throw ExitCode(1) }
  }

  // MARK: - Record

  private func recordBaselines(_ subjects: [CheckSubject]) throws {
    var rewritten = 0
    for subject in subjects {
      let path = baselinePath(subject)
      let new = subject.currentCSV(threads: common.workers)
      // Read leniently, not with InputFile.text: --record is how an empty or garbled baseline
      // gets repaired, so it must not refuse one.
      let old: String? =
        FileManager.default.fileExists(atPath: path)
        ? (FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
          ?? "")
        : nil
      let summary = RecordSummary(subject, file: path, old: old, new: new)
      if summary.rewrites {
        try OutputText.write(new, to: path, what: "the baseline")
        rewritten += 1
      }
      FileHandle.standardOutput.write(Data(("feel check --record: " + summary.line + "\n").utf8))
    }
    for path in orphans(subjects) {
      FileHandle.standardOutput.write(
        Data(
          ("feel check --record: \(path): a baseline of no experiment or preset, left alone; "
            + "delete it if its experiment was removed on purpose\n").utf8))
    }
    let advice =
      rewritten == 0
      ? "nothing to commit"
      : "review them (git diff \(baselines)) and commit them with the change that caused them"
    let line =
      "feel check --record: rewrote \(rewritten) of \(subjects.count) baselines in "
      + "\(baselines); \(advice)\n"
    FileHandle.standardOutput.write(Data(line.utf8))
  }

  // MARK: - Subjects

  /// Baselines in the folder that no experiment or preset has, when every one is checked (no
  /// `--experiments`): a removed or renamed experiment must not leave its gate behind unseen.
  private func orphans(_ subjects: [CheckSubject]) -> [String] {
    guard experiments.isEmpty else { return [] }
    let expected = Set(subjects.map(\.baselineFileName))
    let files = (try? FileManager.default.contentsOfDirectory(atPath: baselines)) ?? []
    return files.filter { name in
      (name.hasSuffix(".metrics.csv") || name.hasSuffix(".trajectory.csv"))
        && !expected.contains(name)
    }.sorted().map { (baselines as NSString).appendingPathComponent($0) }
  }

  private func baselinePath(_ subject: CheckSubject) -> String {
    (baselines as NSString).appendingPathComponent(subject.baselineFileName)
  }

  /// The experiments (every `FOLDER/*.toml`, by name) then the controls' presets, or those
  /// named by `--experiments`, in that order.
  private func loadSubjects() throws -> [CheckSubject] {
    let files =
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".toml") }.sorted()
    let experimentNames = files.map { String($0.dropLast(5)) }
    if experimentNames.isEmpty {
      throw FeelError(
        "\(folder): no experiment files (*.toml) there; run feel check from the folder that "
          + "holds experiments/, or name it with --folder")
    }
    let controls = try InputFile.controls(in: folder)
    let presets = controls.presets
    let presetNames = presets.map(\.scene.name)
    for name in presetNames where experimentNames.contains(name) {
      let preset = presets.first { $0.scene.name == name }!
      throw FeelError(
        preset.scene.location.error(
          expected: "a preset whose name no experiment file has (baselines are named by it)",
          got: "\"\(name)\", also \(folder)/\(name).toml"
        ) as ControlError)
    }
    var wanted = experiments.flatMap { $0.split(separator: ",").map(String.init) }
      .map { $0.hasSuffix(".toml") ? String($0.dropLast(5)) : $0 }
    if wanted.isEmpty { wanted = experimentNames + presetNames }
    let known = experimentNames + presetNames
    for name in wanted where !known.contains(name) {
      // A misspelling, else the one name that starts with what was typed.
      let starting = known.filter { $0.hasPrefix(name) }
      throw FeelError(
        "--experiments: expected the name of an experiment (\(experimentNames.joined(separator: ", ")))"
          + " or a preset (\(presetNames.joined(separator: ", "))), got \"\(name)\""
          + NameSuggestion.didYouMean(
            NameSuggestion.closest(to: name, among: known)
              ?? (starting.count == 1 ? starting.first : nil)))
    }
    var subjects: [CheckSubject] = []
    for name in experimentNames where wanted.contains(name) {
      let subject = try loadExperiment(name, "\(folder)/\(name).toml")
      if case .experiment(let sweep) = subject.source, let control = sweep.experiment.control,
        controls.control(control) == nil
      {
        _ = try InputFile.control(of: sweep.experiment)
      }
      subjects.append(subject)
    }
    for (control, scene) in presets where wanted.contains(scene.name) {
      subjects.append(
        CheckSubject(
          preset: scene.name, try InputFile.scene(try InputFile.scenePath(scene, of: control))))
    }
    return subjects
  }

  /// Reads an experiment file and its base scene and checks them (`CheckSubject`).
  private func loadExperiment(_ name: String, _ path: String) throws(FeelError) -> CheckSubject {
    let (experiment, scene, sceneFile, corpus) = try InputFile.experimentFiles(path)
    do {
      return try CheckSubject(
        experiment: name, experiment, scene: scene, sceneFile: sceneFile, corpus: corpus)
    } catch {
      throw FeelError(error)
    }
  }
}
