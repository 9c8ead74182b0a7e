#if FEEL_LIBFUZZER
  import FeelFuzz
  import Foundation

  // `feel-fuzz` under libFuzzer: built by `make fuzz-libfuzzer` with `--sanitize=fuzzer
  // -Xswiftc -DFEEL_LIBFUZZER`, which leaves out `FeelFuzzCommand` (libFuzzer has the `main`).
  // The target is named by FEEL_FUZZ_TARGET; the first folder argument is the working corpus,
  // filled with the target's seed files at start. libFuzzer mutates with coverage guidance and
  // saves crashing inputs (-artifact_prefix); the session adds the time limit
  // (FEEL_FUZZ_TIME_LIMIT_MS, default 100; a slow input is saved in FEEL_FUZZ_OUTPUT, default
  // out/fuzz) and the check of every message, and prints the counts at exit (as a
  // feel-fuzz-counts line with FEEL_FUZZ_COUNTS set: `feel-fuzz --libfuzzer` runs it in chunks,
  // each with its own seed, and adds them up).

  nonisolated(unsafe) private var session: FuzzSession?
  nonisolated(unsafe) private var index = 0

  @_cdecl("LLVMFuzzerInitialize")
  public func initialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
  ) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let name = environment["FEEL_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.named(name) else {
      let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
      FileHandle.standardError.write(
        Data("feel-fuzz: FEEL_FUZZ_TARGET: expected one of \(names), got \"\(name)\"\n".utf8))
      exit(2)
    }
    let limit_ms = environment["FEEL_FUZZ_TIME_LIMIT_MS"].flatMap(Double.init) ?? 100
    do {
      let made = try FuzzSession(
        target, root: ".", folder: environment["FEEL_FUZZ_OUTPUT"] ?? "out/fuzz", seed: 0,
        timeLimit_s: limit_ms / 1000)
      session = made
      let arguments = (0..<Int(argc.pointee)).compactMap {
        argv.pointee[$0].map { String(cString: $0) }
      }
      if let corpus = arguments.dropFirst().first(where: { !$0.hasPrefix("-") }) {
        try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
        for (number, seed) in made.mutator.seeds.enumerated() {
          FileManager.default.createFile(
            atPath: "\(corpus)/seed-\(number).\(target.fileExtension)", contents: Data(seed))
        }
      }
    } catch {
      FileHandle.standardError.write(Data("feel-fuzz: \(error)\n".utf8))
      exit(2)
    }
    atexit {
      guard let session else { return }
      let counts = ProcessInfo.processInfo.environment["FEEL_FUZZ_COUNTS"] != nil
      let line = counts ? session.counts.line : session.summary
      FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
    return 0
  }

  @_cdecl("LLVMFuzzerTestOneInput")
  public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let session else { return 0 }
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    index += 1
    if session.read(input, index: index) != nil {
      // A message that breaks the rules: make libFuzzer save the input as a crash.
      abort()
    }
    return 0
  }
#endif
