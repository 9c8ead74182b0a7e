#if !FEEL_LIBFUZZER
  import ArgumentParser
  import FeelCore
  import FeelFuzz
  import Foundation

  /// `feel-fuzz`: FeelLab's readers under seeded mutated inputs (see docs/fuzzing.md). Built with
  /// the package; `make test` runs 20,000 inputs per reader, `make fuzz` 1,000,000. Built with
  /// `-DFEEL_LIBFUZZER --sanitize=fuzzer` instead, the same targets run under libFuzzer
  /// (LibFuzzerEntry.swift, `make fuzz-libfuzzer`).
  @main
  struct FeelFuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "feel-fuzz",
      abstract: "Feed FeelLab's readers seeded mutations of the committed files.",
      discussion: """
        Every input is a seed file (committed scenes, experiments, Tests/Fuzz/corpus) with 1 to 8 \
        mutations: bytes, lines, TOML tokens and sections. Input N of a seed is always the same \
        bytes. A reader must accept the input or reject it with one line that starts with the \
        file's path; it must not crash or run longer than the time limit. Failing inputs are \
        saved in the output folder; give one as FILE to replay it.
        """)

    @Option(
      name: .customLong("target"),
      help: ArgumentHelp(
        "A reader to fuzz: \(FuzzTarget.all.map(\.name).joined(separator: ", ")). Repeat for several. Default: all.",
        valueName: "name"))
    var targets: [String] = []

    @Option(help: ArgumentHelp("Mutated inputs per reader.", valueName: "n"))
    var runs = 20_000

    @Option(help: ArgumentHelp("The seed of the mutations.", valueName: "n"))
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("The most one input may take, in milliseconds.", valueName: "ms"))
    var timeLimit: Double = 100

    @Option(help: ArgumentHelp("Where the failing inputs go.", valueName: "folder"))
    var output = "out/fuzz"

    @Option(
      help: ArgumentHelp("The repository root (seed files are found from it).", valueName: "folder")
    )
    var root = "."

    @Option(
      help: ArgumentHelp(
        "Save input N of --seed to the output folder, without reading it.", valueName: "n"))
    var save: Int?

    @Option(
      help: ArgumentHelp(
        "Inputs per process: a longer run goes in chunks, each in a child process (its memory bounded by one chunk's).",
        valueName: "n"))
    var chunk = 100_000

    @Option(
      help: ArgumentHelp("The index of the first input (a chunk's start).", visibility: .hidden))
    var first = 0

    @Flag(help: ArgumentHelp("Print the counts for a parent process.", visibility: .hidden))
    var counts = false

    @Option(
      help: ArgumentHelp(
        "Run the inputs under libFuzzer: the feel-fuzz built for it (make fuzz-libfuzzer), in chunks like the seeded runs.",
        valueName: "path"))
    var libfuzzer: String?

    @Flag(help: "Print the targets' names, one a line, and exit.")
    var list = false

    @Flag(
      name: .customLong("toml-json"),
      help: ArgumentHelp(
        "Print what the TOML reader makes of each FILE (or of --runs mutated inputs of each --target, with the input), one JSON line each, values tagged as toml-test tags them: for a comparison with another TOML reader (Tests/Contract/TOML)."
      ))
    var tomlJSON = false

    @Argument(
      help:
        "Files to read as inputs of the one --target (to replay a failure), instead of mutations.")
    var files: [String] = []

    func validate() throws {
      for name in targets where FuzzTarget.named(name) == nil {
        throw ValidationError(
          "--target: expected one of \(FuzzTarget.all.map(\.name).joined(separator: ", ")), got \"\(name)\""
        )
      }
      guard runs >= 0 else { throw ValidationError("--runs: expected a number ≥ 0, got \(runs)") }
      guard chunk >= 1 else {
        throw ValidationError("--chunk: expected a number ≥ 1, got \(chunk)")
      }
      guard timeLimit > 0 else {
        throw ValidationError("--time-limit: expected a number > 0 (ms), got \(timeLimit)")
      }
      if !tomlJSON, !files.isEmpty || save != nil, targets.count != 1 {
        throw ValidationError("files and --save need exactly one --target")
      }
    }

    func run() throws {
      if list {
        say(FuzzTarget.all.map(\.name).joined(separator: "\n"))
        return
      }
      let chosen = targets.isEmpty ? FuzzTarget.all : targets.compactMap(FuzzTarget.named)
      if tomlJSON {
        try printTOMLJSON(chosen)
        return
      }
      var failed = false
      for target in chosen {
        let session = try FuzzSession(
          target, root: root, folder: output, seed: seed, timeLimit_s: timeLimit / 1000)
        if let save {
          let path = session.save(
            session.mutator.input(seed: seed, index: save), kind: "input", index: save)
          say("feel-fuzz: \(target.name): input #\(save) of seed \(seed) saved to \(path)")
          return
        }
        if !files.isEmpty {
          for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
              throw FuzzError("\(file): cannot read the input")
            }
            let outcome = session.reader([UInt8](data))
            switch outcome {
            case .accepted: say("\(file): accepted")
            case .rejected(let message): say("\(file): rejected: \(message)")
            }
            if let violation = outcome.violation(file: target.file) {
              say("\(file): FAILS: \(violation)")
              failed = true
            }
          }
          continue
        }
        if libfuzzer != nil {
          failed = try !runInChunks(target) || failed
        } else if runs <= chunk || counts {
          session.run(runs: runs, first: first)
          say(counts ? session.counts.line : session.summary)
          failed = failed || session.counts.failures > 0
        } else {
          failed = try !runInChunks(target) || failed
        }
      }
      if failed { throw ExitCode(1) }
    }

    /// `--toml-json`: each file's line, or each target's mutated inputs' (`--first`, `--runs`,
    /// `--seed`).
    private func printTOMLJSON(_ chosen: [FuzzTarget]) throws {
      var out = ""
      if !files.isEmpty {
        for file in files {
          guard let data = FileManager.default.contents(atPath: file) else {
            throw FuzzError("\(file): cannot read the input")
          }
          out +=
            TOMLTaggedJSON.line(
              [UInt8](data), members: [("file", .string(file))], input: false) + "\n"
        }
      } else {
        for target in chosen {
          let seeds = try CorpusFiles.read(
            target.corpus, root: root, extension: target.fileExtension)
          let mutator = FuzzMutator(seeds: seeds.map(\.bytes), words: target.words)
          for index in first..<(first + runs) {
            out +=
              TOMLTaggedJSON.line(
                mutator.input(seed: seed, index: index),
                members: [("target", .string(target.name)), ("index", .int(index))],
                input: true) + "\n"
          }
        }
      }
      FileHandle.standardOutput.write(Data(out.utf8))
    }

    /// Writes `line` to standard output at once (not buffered: a long run shows each target's
    /// line when it is done).
    private func say(_ line: String) {
      FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Runs `target` in child processes of `chunk` inputs each and prints the total; returns
    /// whether no input failed. A child that crashed or timed out (its input is saved) ends the
    /// run.
    private func runInChunks(_ target: FuzzTarget) throws -> Bool {
      let start = Date()
      var total = FuzzCounts()
      var passed = true
      var offset = first
      while offset < first + runs {
        let count = min(chunk, first + runs - offset)
        let child =
          try libfuzzer.map { try libFuzzerProcess($0, target, runs: count, chunk: offset / chunk) }
          ?? Process()
        if libfuzzer == nil {
          child.executableURL = Bundle.main.executableURL
          child.arguments = [
            "--target", target.name, "--runs", String(count), "--first", String(offset), "--seed",
            String(seed), "--time-limit", String(timeLimit), "--output", output, "--root", root,
            "--counts",
          ]
        }
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        guard let counted = text.split(separator: "\n").lazy.compactMap(FuzzCounts.init).first
        else {
          let message =
            "feel-fuzz: \(target.name): the process reading inputs #\(offset) to "
            + "#\(offset + count - 1) stopped (status \(child.terminationStatus)); see "
            + (libfuzzer == nil ? "above" : "\(output)/libfuzzer/\(target.name).log") + "\n"
          FileHandle.standardError.write(Data(message.utf8))
          passed = false
          break
        }
        total.add(counted)
        passed = passed && child.terminationStatus == 0
        offset += count
      }
      say(total.summary(target: target.name, seed: seed, seconds: Date().timeIntervalSince(start)))
      return passed && total.failures == 0
    }

    /// libFuzzer on `target` for `runs` inputs, its seed `--seed` + `chunk`: the working corpus
    /// (OUTPUT/libfuzzer/TARGET) grows from chunk to chunk; crashes are saved as
    /// OUTPUT/TARGET-crash-…; libFuzzer's log goes to OUTPUT/libfuzzer/TARGET.log.
    private func libFuzzerProcess(_ path: String, _ target: FuzzTarget, runs: Int, chunk: Int)
      throws -> Process
    {
      let folder = "\(output)/libfuzzer"
      let corpus = "\(folder)/\(target.name)"
      try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
      let log = "\(folder)/\(target.name).log"
      if !FileManager.default.fileExists(atPath: log) {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
      }
      let logFile = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
      logFile.seekToEndOfFile()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = [
        corpus, "-runs=\(runs)", "-seed=\(seed + UInt64(chunk))", "-max_len=65536", "-timeout=10",
        "-artifact_prefix=\(output)/\(target.name)-", "-print_final_stats=1",
      ]
      var environment = ProcessInfo.processInfo.environment
      environment["FEEL_FUZZ_TARGET"] = target.name
      environment["FEEL_FUZZ_TIME_LIMIT_MS"] = String(timeLimit)
      environment["FEEL_FUZZ_OUTPUT"] = output
      environment["FEEL_FUZZ_COUNTS"] = "1"
      environment["SWIFT_BACKTRACE"] = "enable=no"
      process.environment = environment
      process.currentDirectoryURL = URL(fileURLWithPath: root)
      process.standardError = logFile
      return process
    }
  }
#endif
