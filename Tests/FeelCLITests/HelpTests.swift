import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// `feel --help` and every subcommand's help, as ArgumentParser describes them
/// (`--experimental-dump-help`): ArgumentParser wraps prose to the terminal's width itself, so a
/// line break written inside a paragraph would show as a line cut mid-sentence.
@Suite("feel --help: prose not cut mid-sentence, shared options described once")
struct HelpTests {
  /// The root command and its subcommands, each a JSON object of the dump.
  func commands() throws -> [[String: Any]] {
    let result = try runFeel(["--experimental-dump-help"])
    #expect(result.status == 0, "\(result.errors)")
    let dump = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let root = try #require(dump["command"] as? [String: Any])
    let subcommands = (root["subcommands"] as? [[String: Any]] ?? [])
      .filter { $0["commandName"] as? String != "help" }
    #expect(subcommands.count >= 5, "run, metrics, sweep, notebook, check")
    return [root] + subcommands
  }

  @Test("feel --version prints FeelLab's one version string")
  func version() throws {
    let result = try runFeel(["--version"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(String(decoding: result.stdout, as: UTF8.self) == FeelLabVersion.current + "\n")
  }

  @Test("paragraphs are single lines separated by blank lines; abstracts are one line")
  func noLineBreaksInsideParagraphs() throws {
    for command in try commands() {
      let name = command["commandName"] as? String ?? "?"
      let discussion = command["discussion"] as? String ?? ""
      for paragraph in discussion.components(separatedBy: "\n\n") {
        #expect(!paragraph.contains("\n"), "feel \(name): a line break inside: \(paragraph)")
        #expect(!paragraph.hasPrefix(" "), "feel \(name): \(paragraph)")
      }
      #expect(!(command["abstract"] as? String ?? "").contains("\n"), "feel \(name)")
      for argument in command["arguments"] as? [[String: Any]] ?? [] {
        let abstract = argument["abstract"] as? String ?? ""
        #expect(!abstract.contains("\n"), "feel \(name): \(abstract)")
      }
    }
  }

  @Test("--threads and --quiet: the same help everywhere, the default said once, in words")
  func sharedOptions() throws {
    var threadHelps: Set<String> = []
    var quietHelps: Set<String> = []
    for command in try commands() {
      for argument in command["arguments"] as? [[String: Any]] ?? [] {
        let names = (argument["names"] as? [[String: Any]] ?? []).compactMap {
          $0["name"] as? String
        }
        let abstract = argument["abstract"] as? String ?? ""
        if names.contains("threads") {
          threadHelps.insert(abstract)
          #expect(argument["defaultValue"] == nil, "no machine-specific (default: N)")
          #expect(
            abstract.lowercased().components(separatedBy: "default").count == 2, "\(abstract)")
        }
        if names.contains("quiet") { quietHelps.insert(abstract) }
      }
    }
    #expect(threadHelps.count == 1, "\(threadHelps)")
    #expect(quietHelps.count == 1, "\(quietHelps)")
  }

  @Test(
    "--threads 0 is one error line from the shared option group, for every command",
    arguments: [
      ["sweep", "experiments/snap-damping-release.toml"], ["check"], ["notebook"],
    ])
  func threadsZero(_ command: [String]) throws {
    // Refused while parsing the options: nothing runs, nothing is written.
    let result = try runFeel(command + ["--threads", "0", "--quiet"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.errors == "feel: error: --threads: expected a number ≥ 1, got 0\n")
  }

  @Test("an empty --output is refused before anything runs")
  func emptyOutput() throws {
    let result = try runFeel(["sweep", "experiments/snap-damping-release.toml", "--output", ""])
    #expect(result.status == 2)
    #expect(
      result.errors
        == "feel: error: --output: expected a CSV file path or - for standard output, got \"\"\n")
  }
}
