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
      "notebook", "--output", output.path, "--max-points", "12", "--quiet",
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
