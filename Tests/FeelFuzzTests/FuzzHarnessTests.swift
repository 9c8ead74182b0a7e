import FeelFuzz
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// The seed files of a target, read from the repository as `feel-fuzz` reads them.
private func seeds(_ target: FuzzTarget) throws -> [(path: String, bytes: [UInt8])] {
  var files: [(String, [UInt8])] = []
  for folder in target.corpus {
    let url = repositoryRoot.appendingPathComponent(folder)
    for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    where name.hasSuffix("." + target.fileExtension) {
      files.append(
        ("\(folder)/\(name)", [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))))
    }
  }
  return files
}

/// The reader of a target, with its context files read from the repository.
private func reader(_ target: FuzzTarget) throws -> FuzzReader {
  var context: [String: [UInt8]] = [:]
  for folder in target.context {
    let url = repositoryRoot.appendingPathComponent(folder)
    for name in try FileManager.default.contentsOfDirectory(atPath: url.path)
    where name.hasSuffix("." + target.fileExtension) {
      context["\(folder)/\(name)"] = [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
    }
  }
  return target.prepare(context)
}

@Suite("Fuzz harness: targets, seeds and mutations")
struct FuzzHarnessTests {
  @Test("every seed of every target is accepted as it is", arguments: FuzzTarget.all.map(\.name))
  func seedsAreValid(_ name: String) throws {
    let target = try #require(FuzzTarget.named(name))
    let files = try seeds(target)
    #expect(files.count >= 5, "\(name): \(files.count) seeds")
    let read = try reader(target)
    for file in files {
      #expect(read(file.bytes) == .accepted, "\(file.path)")
    }
  }

  @Test(
    "bad bytes are rejected with one line that starts with the input's path",
    arguments: FuzzTarget.all.map(\.name))
  func badInputs(_ name: String) throws {
    let target = try #require(FuzzTarget.named(name))
    let read = try reader(target)
    let inputs: [[UInt8]] = [
      [], [0], Array("[\n".utf8), Array("a = [}\n".utf8), [0xFF], Array("title = 1\n".utf8),
      Array("id = \"a\\nb\"\n".utf8),
    ]
    for input in inputs {
      let outcome = read(input)
      guard case .rejected(let message) = outcome else {
        Issue.record("\(name): accepted \(input)")
        continue
      }
      #expect(message.hasPrefix(target.file + ":"), "\(message)")
      #expect(outcome.violation(file: target.file) == nil, "\(message)")
    }
  }

  @Test("a rejection breaks the rules when it does not start with the path or spans lines")
  func violations() {
    #expect(FuzzOutcome.accepted.violation(file: "f.toml") == nil)
    #expect(FuzzOutcome.rejected("f.toml:3: key 'x': expected …").violation(file: "f.toml") == nil)
    #expect(FuzzOutcome.rejected("key 'x': expected …").violation(file: "f.toml") != nil)
    #expect(FuzzOutcome.rejected("g.toml:3: …").violation(file: "f.toml") != nil)
    #expect(FuzzOutcome.rejected("f.toml:3: got \"a\nb\"").violation(file: "f.toml") != nil)
    #expect(FuzzOutcome.rejected("f.toml:3: got \"a\u{2028}b\"").violation(file: "f.toml") != nil)
  }

  @Test("a recognizer experiment: its corpus as feel loads it, the committed folder only")
  func corpusExperiment() throws {
    let read = try reader(.experiment)
    func experiment(_ corpus: String) -> [UInt8] {
      Array(
        """
        title = "Recognizer"
        metrics = ["misread_rate"]
        [corpus]
        \(corpus)
        [[axis]]
        name = "slop_pt"
        path = "recognizer.slop"
        values = [5, 10]
        """.utf8)
    }
    #expect(read(experiment("folder = \"touches/corpus\"\nseed = 1\ntaps = 3")) == .accepted)
    // Valid however many traces it asks for: at most `syntheticTracesCap` of a label are made.
    #expect(read(experiment("seed = 1\ntaps = 1000000\nholds = 1000000")) == .accepted)
    #expect(
      read(experiment("folder = \"elsewhere\"\nseed = 1\ntaps = 3"))
        == .rejected(
          "experiments/fuzz.toml:4: [corpus] key 'folder': expected a folder of recorded traces "
            + "(LABEL-….csv), relative to the experiment file, got \"elsewhere\" "
            + "(experiments/elsewhere: no such folder)"))
    // The committed folder holds no trace the fuzz target reads: no synthetic traces, no corpus.
    #expect(
      read(experiment("folder = \"touches/corpus\""))
        == .rejected(
          "experiments/fuzz.toml:3: [corpus]: expected a corpus of at least one trace, got no "
            + "LABEL-….csv file in experiments/touches/corpus and no synthetic traces (taps, drags, "
            + "holds)"))
    for word in ["corpus", "folder", "seed", "taps", "drags", "holds", "touch_rates"] {
      #expect(FuzzTarget.experiment.words.contains(word), "\(word)")
    }
    // Every key of the experiment schema's tables, from the tables themselves.
    for table in ExperimentSchema.tables {
      for key in table.keys {
        #expect(FuzzTarget.experiment.words.contains(key.name), "\(table.name) \(key.name)")
      }
    }
  }

  @Test("input N of a seed is always the same bytes; inputs differ and stay under the cap")
  func mutatorIsSeeded() throws {
    let files = try seeds(.scene).map(\.bytes)
    let first = FuzzMutator(seeds: files, words: FuzzTarget.scene.words)
    let second = FuzzMutator(seeds: files, words: FuzzTarget.scene.words)
    var distinct = Set<[UInt8]>()
    for index in 0..<2_000 {
      let input = first.input(seed: 7, index: index)
      #expect(input == second.input(seed: 7, index: index))
      #expect(input.count <= first.maxSize)
      distinct.insert(input)
    }
    #expect(distinct.count > 1_900, "\(distinct.count) distinct inputs of 2000")
    #expect(first.input(seed: 7, index: 5) != first.input(seed: 8, index: 5))
    // Mutated, not copied: few inputs are a seed unchanged.
    #expect(distinct.intersection(files).count < 20)
  }

  @Test("a run in chunks (child processes) counts what one process counts")
  func chunks() throws {
    let executable = try #require(
      feelExecutable?.deletingLastPathComponent().appendingPathComponent("feel-fuzz"))
    let scratch = try TemporaryFolder()
    func run(_ extra: [String]) throws -> String {
      let process = Process()
      process.executableURL = executable
      process.arguments =
        [
          "--target", "experiment", "--runs", "300", "--seed", "3", "--root", repositoryRoot.path,
          "--output", scratch.path("fuzz"), "--time-limit", "10000",
        ] + extra
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(text)")
      // The counts, without the timings and memory that differ from run to run.
      let line = try #require(text.split(separator: "\n").last.map(String.init))
      let counts = try #require(line.range(of: "inputs/s: ")).upperBound
      let slowest = try #require(line.range(of: "; slowest")).lowerBound
      return String(line[counts..<slowest])
    }
    let whole = try run([])
    // "N accepted, M rejected (of S seeds, …)": every input counted once.
    let numbers = whole.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    #expect(numbers.count == 4 && numbers[0] + numbers[1] == 300, "\(whole)")
    #expect(try run(["--chunk", "70"]) == whole)
  }
}
