import FeelTestSupport
import Foundation
import Testing

/// The notebook folder's entries, sorted.
private func entries(_ url: URL) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}

@Suite("feel notebook: output folder and bad input")
struct NotebookCommandTests {
  @Test("Writes index.html, the page, the data scripts; replaces an old folder whole")
  func writes() throws {
    let scratch = try TemporaryFolder()
    let output = scratch.url.appendingPathComponent("nb")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    try scratch.write("old", to: "nb/stale.txt")
    let result = try runFeel([
      "notebook", "--output", output.path, "--max-points", "12", "--max-grid-points", "12",
      "--quiet",
      "--charts", scratch.url.appendingPathComponent("no-charts").path,
    ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.stderr.isEmpty, "\(result.errors)")
    #expect(entries(output) == ["data", "index.html", "js", "notebook.css"])
    let data = entries(output.appendingPathComponent("data"))
    #expect(data.contains("notebook.js"))
    #expect(data.count >= 2)
    // the folder was swapped in whole: no temporary or old copy is left beside it
    #expect(entries(scratch.url) == ["nb"])
    let html = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("<script src=\"data/notebook.js\"></script>"))
    // the page's scripts: each one index.html loads is there, and nothing else
    let scripts = html.components(separatedBy: "<script src=\"js/").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
    #expect(scripts.count >= 2)
    #expect(entries(output.appendingPathComponent("js")) == scripts.sorted())
  }

  @Test(
    "Usage errors exit 2 with one message and write nothing",
    arguments: [
      ["--max-points", "0"], ["--threads", "0"], ["--output", "."], ["--bogus"],
      ["--max-grid-points", "0"],
    ])
  func usage(_ arguments: [String]) throws {
    let scratch = try TemporaryFolder()
    let result = try runFeel(["notebook"] + arguments, in: scratch.url)
    #expect(result.status == 2, "\(result.errors)")
    #expect(result.stdout.isEmpty)
    #expect(!result.errors.isEmpty)
    #expect(entries(scratch.url).isEmpty)
  }

  @Test("An output path that is a file: exit 2, the file untouched")
  func outputIsAFile() throws {
    let scratch = try TemporaryFolder()
    let file = try scratch.write("keep me", to: "taken")
    let result = try runFeel(
      ["notebook", "--output", file.path, "--max-points", "4", "--quiet"], in: repositoryRoot)
    #expect(result.status == 2, "\(result.errors)")
    #expect(result.errorLines.count == 1, "\(result.errors)")
    #expect(result.errors.contains("not a folder"))
    #expect(try String(contentsOf: file, encoding: .utf8) == "keep me")
    #expect(entries(scratch.url) == ["taken"])
  }

  @Test("A missing or malformed experiment: exit 2, one message naming it, nothing written")
  func badExperiments() throws {
    let scratch = try TemporaryFolder()
    try scratch.write("title = \"x\"\nscene = 3\n", to: "bad.toml")
    let output = scratch.url.appendingPathComponent("nb").path
    for file in ["missing.toml", scratch.url.appendingPathComponent("bad.toml").path] {
      let result = try runFeel(["notebook", file, "--output", output, "--quiet"])
      #expect(result.status == 2, "\(result.errors)")
      #expect(result.errorLines.count == 1, "\(result.errors)")
      #expect(result.errors.contains((file as NSString).lastPathComponent), "\(result.errors)")
      #expect(!FileManager.default.fileExists(atPath: output))
    }
  }

  /// The first experiment's data object in a notebook folder (the literal is JSON).
  private func data(_ output: URL, _ id: String) throws -> [String: Any] {
    let script = try String(
      contentsOf: output.appendingPathComponent("data/\(id).js"), encoding: .utf8)
    return try assignedObject(script)
  }

  @Test("--solve: the question's answer is feel solve's, stored with its experiment")
  func solveQuestion() throws {
    let scratch = try TemporaryFolder()
    let output = scratch.url.appendingPathComponent("nb")
    let question =
      "experiments/snap-damping-release.toml --where 'overshoot_pt <= 3' "
      + "--where \"settle_time_s <= 0.35\" --minimize settle_time_s --fix release_pt=80"
    let result = try runFeel([
      "notebook", "experiments/snap-damping-release.toml", "--output", output.path,
      "--max-points", "4", "--max-grid-points", "16", "--quiet", "--solve", question,
    ])
    #expect(result.status == 0, "\(result.errors)")
    let questions = try #require(
      try data(output, "snap-damping-release")["questions"] as? [[String: Any]])
    #expect(questions.count == 1)
    let q = try #require(questions.first)
    #expect(
      q["text"] as? String
        == "where overshoot_pt <= 3, settle_time_s <= 0.35; minimize settle_time_s; "
        + "fix release_pt = 80")
    // feel solve itself, on the same question
    let solve = try runFeel([
      "solve", "experiments/snap-damping-release.toml", "--where", "overshoot_pt <= 3",
      "--where", "settle_time_s <= 0.35", "--minimize", "settle_time_s", "--fix", "release_pt=80",
      "--json", "--quiet",
    ])
    #expect(solve.status == 0, "\(solve.errors)")
    let answer = try #require(
      try JSONSerialization.jsonObject(with: solve.stdout) as? [String: Any])
    #expect(q["feasiblePoints"] as? Int == answer["feasible_points"] as? Int)
    #expect(q["gridPoints"] as? Int == answer["grid_points"] as? Int)
    for key in ["best", "refined"] {
      let labels = try #require((q[key] as? [String: Any])?["labels"] as? [String])
      let axes = try #require((answer[key] as? [String: Any])?["axes"] as? [String: Double])
      #expect(labels.map { Double($0) } == [axes["damping"], axes["release_pt"]], "\(key)")
    }
    // and its summary, as feel solve prints it
    let summary = try runFeel([
      "solve", "experiments/snap-damping-release.toml", "--where", "overshoot_pt <= 3",
      "--where", "settle_time_s <= 0.35", "--minimize", "settle_time_s", "--fix", "release_pt=80",
      "--quiet",
    ])
    #expect(q["summary"] as? String == summary.output)
  }

  @Test(
    "A bad --solve question: exit 2, one message naming it, nothing written",
    arguments: [
      (
        "experiments/snap-damping-release.toml --where 'overshot_pt <= 3'",
        "did you mean 'overshoot_pt'?"
      ),
      ("experiments/snap-damping-release.toml --where 'overshoot_pt <= 3", "unclosed quote"),
      ("experiments/tap-hint-push-gravity.toml --where 'hop_pt >= 12'", "one of the notebook's"),
      ("experiments/snap-damping-release.toml --where 'overshoot_pt <= 3' --json", "--json"),
      ("experiments/snap-damping-release.toml --wher 'overshoot_pt <= 3'", "--wher"),
    ])
  func badQuestion(_ question: String, _ says: String) throws {
    let scratch = try TemporaryFolder()
    let output = scratch.url.appendingPathComponent("nb")
    let result = try runFeel([
      "notebook", "experiments/snap-damping-release.toml", "--output", output.path,
      "--max-points", "4", "--max-grid-points", "4", "--quiet", "--solve", question,
    ])
    #expect(result.status == 2, "\(result.errors)")
    #expect(result.errorLines.count == 1, "\(result.errors)")
    #expect(result.errors.contains("--solve"), "\(result.errors)")
    #expect(result.errors.contains(says), "\(result.errors)")
    #expect(entries(scratch.url).isEmpty)
  }

  @Test("Experiments named on the command line; their ids from the file names")
  func named() throws {
    let scratch = try TemporaryFolder()
    let output = scratch.url.appendingPathComponent("nb")
    let result = try runFeel([
      "notebook", "experiments/phone-width-push.toml", "--output", output.path,
      "--max-points", "10",
    ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      entries(output.appendingPathComponent("data")) == ["notebook.js", "phone-width-push.js"])
    // 5 widths × 61 pushes, at most 10 points: widths 320, 390, 430 (every 2nd) × pushes
    // 0.5, 8 (every 60th) and 4 (the base scene's) = 9.
    #expect(result.errors.contains("phone-width-push: 9 of 305 points"), "\(result.errors)")
  }
}
