import FeelTestSupport
import Foundation
import Testing

/// `feel sweep EXP --shard K/N` and `feel sweep EXP --merge PART...` as a batch job runs them:
/// N `feel` processes at once, then the merge, whose file must be the one-machine sweep's, byte
/// for byte; and every way a set of parts can be wrong, refused with exit status 2, a message
/// naming the part and what differs, and nothing written.
@Suite(.serialized) struct ShardMergeTests {
  let scenes = repositoryRoot.appendingPathComponent("experiments/scenes").path

  /// 5 × 11 = 55 points: not a multiple of 2, 3 or 7.
  static let axes = DampingReleaseAxes.text(
    damping: "values = [0.1, 0.3, 0.5, 0.8, 1.2]",
    release: "range = { from = 10, to = 160, step = 15 }")
  static let points = 55

  /// An experiment `name` in `scratch` on the scene `scene` (a path as the experiment writes
  /// it: absolute, or relative to the scratch folder).
  @discardableResult
  func experiment(
    _ scratch: Scratch, name: String = "exp.toml", title: String = "Shard test",
    scene: String? = nil, axes: String = Self.axes
  ) throws -> String {
    try scratch.writeFile(
      """
      title = "\(title)"
      description = "A grid of 55 points."
      scene = "\(scene ?? scenes + "/castro-release-right-40.toml")"
      metrics = ["overshoot_pt", "oscillations", "settle_time_s", "pause_time_s"]

      \(axes)
      """, to: name)
  }

  /// Runs the N shards of `exp` at once (one thread each), as a job array would, into
  /// `PREFIX-K.csv` in `scratch`; returns their paths in order of K.
  func shards(_ exp: String, _ n: Int, _ scratch: Scratch, prefix: String = "part") throws
    -> [String]
  {
    let paths = (1...n).map { scratch.path("\(prefix)-\($0).csv") }
    let processes = try (1...n).map { k in
      try FeelProcess(
        ["sweep", exp, "--shard", "\(k)/\(n)", "-o", paths[k - 1], "--threads", "1"],
        scratch: scratch)
    }
    for (k, process) in zip(1..., processes) {
      let result = try process.finish()
      #expect(result.status == 0, "shard \(k)/\(n): \(result.errors)")
      #expect(
        result.errors.hasPrefix("feel sweep: shard \(k)/\(n) of the grid: "), "\(result.errors)")
    }
    return paths
  }

  /// The one-machine sweep of `exp` into `full.csv`: its bytes.
  func oneMachine(_ exp: String, _ scratch: Scratch) throws -> Data {
    let out = scratch.path("full.csv")
    let run = try FeelCommand.run(["sweep", exp, "-o", out], scratch: scratch)
    #expect(run.status == 0, "\(run.stderr)")
    return try Data(contentsOf: URL(fileURLWithPath: out))
  }

  /// `feel sweep EXP --merge PARTS -o merged.csv`.
  func merge(_ exp: String, _ parts: [String], _ scratch: Scratch, extra: [String] = []) throws
    -> (status: Int32, stdout: String, stderr: String)
  {
    try FeelCommand.run(
      ["sweep", exp, "--merge"] + parts + ["-o", scratch.path("merged.csv")] + extra,
      scratch: scratch)
  }

  /// A refused merge: status 2, exactly `messages` on standard error (one `feel: error:` line
  /// each), nothing on standard output, no merged file and no temporary file.
  func expectRefused(
    _ run: (status: Int32, stdout: String, stderr: String), _ messages: [String],
    _ scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(run.status == 2, sourceLocation: sourceLocation)
    #expect(
      run.stderr == messages.map { "feel: error: \($0)\n" }.joined(),
      sourceLocation: sourceLocation)
    #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
    #expect(
      !left.contains { $0.hasPrefix("merged") || $0.hasPrefix(".merged") }, "\(left)",
      sourceLocation: sourceLocation)
  }

  /// Lines of a CSV file's text, without the final empty one.
  func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
  }

  // MARK: - Merged = one machine

  @Test(arguments: [1, 2, 3, 7])
  func nShardProcessesMergeIntoTheOneMachineBytes(n: Int) throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch)
    let full = try oneMachine(exp, scratch)
    let fullLines = lines(String(decoding: full, as: UTF8.self))
    let fullRows = Array(fullLines.drop { $0.hasPrefix("#") }.dropFirst())
    try #require(fullRows.count == Self.points, "the one-machine sweep has every point")

    let parts = try shards(exp, n, scratch)
    // Each part: its label, the one-machine header, then a contiguous run of the rows.
    var next = 0
    for (k, path) in zip(1..., parts) {
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let partLines = lines(text)
      let size = Self.points / n + (k <= Self.points % n ? 1 : 0)
      #expect(
        partLines[0]
          == "# shard: \(k)/\(n) = rows [\(next), \(next + size)) of \(Self.points), counted from 0 in grid order"
      )
      #expect(partLines[1].hasPrefix("# shard input: experiment \(exp), SHA-256 "))
      #expect(partLines[2].hasPrefix("# shard input: scene \(scenes)/castro-release-right-40.toml"))
      #expect(
        Array(partLines.dropFirst(3).prefix(fullLines.count - fullRows.count))
          == Array(fullLines.prefix(fullLines.count - fullRows.count)))
      let rows = Array(partLines.drop { $0.hasPrefix("#") }.dropFirst())
      #expect(rows == Array(fullRows[next..<(next + size)]), "shard \(k)/\(n)")
      next += size
    }
    #expect(next == Self.points)

    // Given in any order (here: reversed, as a shell glob may list part-10 before part-2).
    let run = try merge(exp, parts.reversed(), scratch)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("feel sweep: merged \(n) part\(n == 1 ? "" : "s"), 55 points in "))
    let merged = try Data(contentsOf: URL(fileURLWithPath: scratch.path("merged.csv")))
    #expect(merged == full, "the merged file is the one-machine sweep's, byte for byte")
  }

  /// The label lists the inputs' SHA-256 as coreutils' `sha256sum` prints them.
  @Test func theLabelsDigestsAreSha256sums() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch)
    let part = try shards(exp, 2, scratch)[1]
    let label = lines(try String(contentsOfFile: part, encoding: .utf8)).prefix(3)
    let scene = "\(scenes)/castro-release-right-40.toml"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sha256sum", exp, scene]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let sums = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .split(separator: "\n").map { $0.prefix(64) }
    process.waitUntilExit()
    try #require(process.terminationStatus == 0 && sums.count == 2, "sha256sum runs")
    #expect(label[label.startIndex + 1] == "# shard input: experiment \(exp), SHA-256 \(sums[0])")
    #expect(label[label.startIndex + 2] == "# shard input: scene \(scene), SHA-256 \(sums[1])")
  }

  /// A scene with a trace file: the trace is an input too, and editing it refuses the parts.
  @Test func aTraceFileIsAnInput() throws {
    let scratch = try Scratch()
    let swipe = try String(
      contentsOfFile: "\(scenes)/castro-swipe-right.toml", encoding: .utf8)
    let drag = "drag = { at = 0.0, from = [200, 25], to = [240, 25], duration = 0.15 }"
    try #require(swipe.contains(drag))
    try scratch.writeFile(
      swipe.replacingOccurrences(of: drag, with: "file = \"swipe.csv\""), to: "swipe.toml")
    let trace = "t_s,x_pt,y_pt\n0,200,25\n0.05,213,25\n0.1,227,25\n0.15,240,25\n"
    try scratch.writeFile(trace, to: "swipe.csv")
    let exp = try experiment(
      scratch, scene: "swipe.toml",
      axes: """
        [[axis]]
        name = "damping"
        path = "behavior.scrub-snap.damping"
        values = [0.2, 0.35, 0.5, 0.7, 0.9]
        """)
    let full = try oneMachine(exp, scratch)
    let parts = try shards(exp, 2, scratch)
    let label = lines(try String(contentsOfFile: parts[0], encoding: .utf8))
    #expect(label[3].hasPrefix("# shard input: trace \(scratch.path("swipe.csv")), SHA-256 "))
    var run = try merge(exp, parts, scratch)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("merged.csv"))) == full)
    try FileManager.default.removeItem(atPath: scratch.path("merged.csv"))

    try scratch.writeFile(trace.replacingOccurrences(of: "213", with: "214"), to: "swipe.csv")
    run = try merge(exp, parts, scratch)
    let now = try digest(scratch.path("swipe.csv"))
    let then = String(label[3].suffix(64))
    try expectRefused(
      run,
      parts.map {
        "\($0):4: the trace file \(scratch.path("swipe.csv")) has changed since the part was computed (SHA-256 \(then.prefix(12))… in the part, \(now.prefix(12))… now)"
      }, scratch)
  }

  /// The SHA-256 of a file, by `sha256sum`.
  func digest(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sha256sum", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return String(text.prefix(64))
  }

  /// The shards may be given the experiment by another path (a job's own checkout): the
  /// digests say it is the same file, and the merged header names the path the merge was
  /// given, as the one-machine sweep of that path does.
  @Test func shardsGivenAnotherPathToTheSameFiles() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch)
    let parts = try (1...2).map { k in
      let run = try FeelCommand.run(
        ["sweep", "exp.toml", "--shard", "\(k)/2", "-o", "part-\(k).csv"], in: scratch.url,
        scratch: scratch)
      #expect(run.status == 0, "\(run.stderr)")
      return scratch.path("part-\(k).csv")
    }
    #expect(
      lines(try String(contentsOfFile: parts[0], encoding: .utf8))[3] == "# experiment: exp.toml")
    let run = try merge(exp, parts, scratch)
    #expect(run.status == 0, "\(run.stderr)")
    let merged = try Data(contentsOf: URL(fileURLWithPath: scratch.path("merged.csv")))
    #expect(merged == (try oneMachine(exp, scratch)))
    #expect(String(decoding: merged, as: UTF8.self).hasPrefix("# experiment: \(exp)\n"))
  }

  /// More shards than points: the empty parts are parts too.
  @Test func moreShardsThanPoints() throws {
    let scratch = try Scratch()
    let exp = try experiment(
      scratch,
      axes: DampingReleaseAxes.text(damping: "values = [0.2, 0.6]", release: "values = [20, 80]"))
    let full = try oneMachine(exp, scratch)
    let parts = try shards(exp, 5, scratch)
    #expect(
      lines(try String(contentsOfFile: parts[4], encoding: .utf8))[0]
        == "# shard: 5/5 = rows [4, 4) of 4, counted from 0 in grid order")
    let run = try merge(exp, parts, scratch)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("merged.csv"))) == full)
  }

  /// Without --output, a shard writes beside the sweep's CSV (NAME.part-K-of-N.csv) and the
  /// merge writes the sweep's CSV; `-o -` merges to standard output.
  @Test func defaultPathsAndStandardOutput() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch)
    let text = try String(contentsOfFile: exp, encoding: .utf8)
    try scratch.writeFile("output = \"data/sweep.csv\"\n" + text, to: "exp.toml")
    for k in 1...2 {
      let run = try FeelCommand.run(["sweep", exp, "--shard", "\(k)/2"], scratch: scratch)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.hasSuffix(" -> \(scratch.path("data/sweep.part-\(k)-of-2.csv"))\n"))
    }
    let parts = (1...2).map { scratch.path("data/sweep.part-\($0)-of-2.csv") }
    var run = try FeelCommand.run(["sweep", exp, "--merge"] + parts, scratch: scratch)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.hasSuffix(" -> \(scratch.path("data/sweep.csv"))\n"))
    let merged = try Data(contentsOf: URL(fileURLWithPath: scratch.path("data/sweep.csv")))
    #expect(merged == (try oneMachine(exp, scratch)))
    run = try FeelCommand.run(
      ["sweep", exp, "--merge"] + parts + ["-o", "-", "--quiet"], scratch: scratch)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(Data(run.stdout.utf8) == merged)
  }

  // MARK: - Refused

  @Test func partsOfAnotherExperiment() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch)
    let other = try experiment(scratch, name: "other.toml", title: "Another experiment")
    let parts = try shards(other, 2, scratch)
    let run = try merge(exp, parts, scratch)
    let ours = try digest(exp).prefix(12)
    let theirs = try digest(other).prefix(12)
    try expectRefused(
      run,
      parts.map {
        "\($0):2: the part is of another experiment: \(other) (SHA-256 \(theirs)…), not \(exp) (SHA-256 \(ours)…)"
      }, scratch)
  }

  @Test func aChangedGrid() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch)
    let parts = try shards(exp, 3, scratch)
    let then = try digest(exp).prefix(12)
    try experiment(
      scratch,
      axes: DampingReleaseAxes.text(
        damping: "values = [0.1, 0.3, 0.5, 0.8, 1.2]",
        release: "range = { from = 10, to = 160, step = 30 }"))
    let now = try digest(exp).prefix(12)
    let run = try merge(exp, parts, scratch)
    // The grid line is the header's 9th (experiment, title, description, scene, profile,
    // FeelLab, item, settle band, then grid), after the 3 lines of the label.
    try expectRefused(
      run,
      parts.map {
        "\($0):12: the grid differs: the part has 'grid: 5 × 11 = 55 points, in rows with the last axis fastest', \(exp) now has 'grid: 5 × 6 = 30 points, in rows with the last axis fastest' (the experiment has changed since the part was computed: SHA-256 \(then)… in the part, \(now)… now)"
      }, scratch)
  }

  @Test func aChangedExperimentOrScene() throws {
    let scratch = try Scratch()
    let scene = try String(
      contentsOfFile: "\(scenes)/castro-release-right-40.toml", encoding: .utf8)
    try scratch.writeFile(scene, to: "scene.toml")
    let exp = try experiment(scratch, scene: "scene.toml")
    let parts = try shards(exp, 2, scratch)

    // The experiment's content (not its grid): its title.
    let thenExperiment = try digest(exp).prefix(12)
    try experiment(scratch, title: "Shard test, renamed", scene: "scene.toml")
    var run = try merge(exp, parts, scratch)
    try expectRefused(
      run,
      parts.map {
        "\($0):2: \(exp) has changed since the part was computed (SHA-256 \(thenExperiment)… in the part, \(try digest(exp).prefix(12))… now)"
      }, scratch)
    try experiment(scratch, scene: "scene.toml")

    // The base scene's: a damping that the axis overrides anyway still changes the file.
    let thenScene = try digest(scratch.path("scene.toml")).prefix(12)
    try scratch.writeFile(scene + "\n# edited\n", to: "scene.toml")
    run = try merge(exp, parts, scratch)
    try expectRefused(
      run,
      parts.map {
        "\($0):3: the base scene \(scratch.path("scene.toml")) has changed since the part was computed (SHA-256 \(thenScene)… in the part, \(try digest(scratch.path("scene.toml")).prefix(12))… now)"
      }, scratch)

    // Restored, they merge again.
    try scratch.writeFile(scene, to: "scene.toml")
    run = try merge(exp, parts, scratch)
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test func anotherFeelLabVersion() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch)
    let parts = try shards(exp, 2, scratch)
    let text = try String(contentsOfFile: parts[1], encoding: .utf8)
    let version = try #require(lines(text).firstIndex { $0.hasPrefix("# FeelLab: ") })
    let current = String(lines(text)[version].dropFirst("# FeelLab: ".count))
    try scratch.writeFile(
      text.replacingOccurrences(of: "# FeelLab: \(current)\n", with: "# FeelLab: 0.2.9\n"),
      to: "part-2.csv")
    let run = try merge(exp, parts, scratch)
    try expectRefused(
      run,
      [
        "\(parts[1]):\(version + 1): the part was written by FeelLab 0.2.9, this is FeelLab \(current): compute every part with the same version as the merge"
      ], scratch)
  }

  @Test func missingDuplicatedAndOverlappingParts() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch)
    let thirds = try shards(exp, 3, scratch)
    let halves = try shards(exp, 2, scratch, prefix: "half")
    let sevenths = try shards(exp, 7, scratch, prefix: "seventh")

    // A missing part.
    var run = try merge(exp, [thirds[0], thirds[2]], scratch)
    try expectRefused(
      run,
      [
        "--merge: expected every shard from 1/3 to 3/3, got none for shard 2/3 (rows [19, 37)); the parts given: \(thirds[0]) (1/3), \(thirds[2]) (3/3)"
      ], scratch)
    run = try merge(exp, [thirds[1]], scratch)
    try expectRefused(
      run,
      [
        "--merge: expected every shard from 1/3 to 3/3, got none for shards 1/3 (rows [0, 19)), 3/3 (rows [37, 55)); the parts given: \(thirds[1]) (2/3)"
      ], scratch)

    // The same part twice, and a copy of a part.
    run = try merge(exp, thirds + [thirds[1]], scratch)
    try expectRefused(run, ["\(thirds[1]): the part is given 2 times: give it once"], scratch)
    let copy = scratch.path("copy-of-part-2.csv")
    try FileManager.default.copyItem(atPath: thirds[1], toPath: copy)
    run = try merge(exp, thirds + [copy], scratch)
    try expectRefused(
      run,
      [
        "--merge: expected each shard once, got shard 2/3 (rows [19, 37)) in 2 parts: \(thirds[1]), \(copy)"
      ], scratch)

    // A part of another N, overlapping the others.
    run = try merge(exp, thirds + [halves[1]], scratch)
    try expectRefused(
      run,
      [
        "\(halves[1]):1: shard 2/2 (rows [28, 55)) overlaps \(thirds[1]), shard 2/3 (rows [19, 37)): every part must come from the same --shard K/3"
      ], scratch)
    // A part of another N in the place of a missing one (not overlapping the parts given).
    run = try merge(exp, [thirds[0], thirds[1], sevenths[6]], scratch)
    try expectRefused(
      run,
      [
        "\(sevenths[6]):1: shard 7/7 (rows [48, 55)) is of a cut into 7 parts, the others are of 3: every part must come from the same --shard K/3",
        "--merge: expected every shard from 1/3 to 3/3, got none for shard 3/3 (rows [37, 55)); the parts given: \(thirds[0]) (1/3), \(thirds[1]) (2/3)",
      ], scratch)
    // Halves and thirds mixed, as many of each: the N of the first part given decides.
    run = try merge(exp, halves + [thirds[0], thirds[2]], scratch)
    try expectRefused(
      run,
      [
        "\(thirds[0]):1: shard 1/3 (rows [0, 19)) overlaps \(halves[0]), shard 1/2 (rows [0, 28)): every part must come from the same --shard K/2",
        "\(thirds[2]):1: shard 3/3 (rows [37, 55)) overlaps \(halves[1]), shard 2/2 (rows [28, 55)): every part must come from the same --shard K/2",
      ], scratch)
  }

  @Test func truncatedParts() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch)
    let parts = try shards(exp, 2, scratch)
    let original = try Data(contentsOf: URL(fileURLWithPath: parts[0]))
    let text = String(decoding: original, as: UTF8.self)
    let partLines = lines(text)
    let headerCount = try #require(partLines.firstIndex { !$0.hasPrefix("#") }) + 1
    try #require(partLines.count == headerCount + 28)

    // Cut in the middle of a row (as `truncate -s` would): the last line has no line break.
    let lastBreak = try #require(original.lastIndex(of: UInt8(ascii: "\n")))
    let secondLast = try #require(original[..<lastBreak].lastIndex(of: UInt8(ascii: "\n")))
    try original[...(secondLast + 5)].write(to: URL(fileURLWithPath: parts[0]))
    var run = try merge(exp, parts, scratch)
    try expectRefused(
      run,
      [
        "\(parts[0]):\(headerCount + 28): the last line ends without a line break, after 27 of 28 rows: the part is truncated"
      ], scratch)

    // Cut at a line break: rows are missing.
    try original[...secondLast].write(to: URL(fileURLWithPath: parts[0]))
    run = try merge(exp, parts, scratch)
    try expectRefused(
      run,
      [
        "\(parts[0]): expected 28 rows (shard 1/2: rows [0, 28)), got 27: the part is truncated"
      ], scratch)

    // Cut inside the header.
    let header = partLines.prefix(6).map { $0 + "\n" }.joined()
    try scratch.writeFile(header, to: "part-1.csv")
    run = try merge(exp, parts, scratch)
    try expectRefused(
      run,
      [
        "\(parts[0]): the file ends after line 6, before its column header: the part is truncated"
      ], scratch)

    // Cut to nothing.
    try scratch.writeFile("", to: "part-1.csv")
    run = try merge(exp, parts, scratch)
    try expectRefused(
      run,
      [
        "\(parts[0]): cannot read the sweep part: it is empty; expected a part written by feel sweep EXP --shard K/N"
      ], scratch)

    // A row edited so that it no longer holds its grid point (here: the first two swapped).
    var swapped = partLines
    swapped.swapAt(headerCount, headerCount + 1)
    try scratch.writeFile(swapped.map { $0 + "\n" }.joined(), to: "part-1.csv")
    run = try merge(exp, parts, scratch)
    try expectRefused(
      run,
      [
        "\(parts[0]):\(headerCount + 1): expected the row of grid point 0 (damping = 0.1, release_pt = 10), got '\(partLines[headerCount + 1])'"
      ], scratch)

    // A row with its grid point's values but a cell short, or a cell that is not a number.
    let firstRow = String(partLines[headerCount])
    let lastComma = try #require(firstRow.lastIndex(of: ","))
    let cells = firstRow.dropFirst("0.1,10,".count)
    try #require(firstRow.hasPrefix("0.1,10,") && cells.contains("."), "\(firstRow)")
    let edits = [
      String(firstRow[..<lastComma]), "0.1,10," + cells.replacingOccurrences(of: ".", with: "x"),
    ]
    for edited in edits {
      var rows = partLines.map(String.init)
      rows[headerCount] = edited
      try scratch.writeFile(rows.map { $0 + "\n" }.joined(), to: "part-1.csv")
      run = try merge(exp, parts, scratch)
      try expectRefused(
        run,
        [
          "\(parts[0]):\(headerCount + 1): expected the axis values, 4 metric cells (numbers or nothing) and the flags, got '\(edited)': the part is truncated or edited"
        ], scratch)
    }

    // A row longer than its part says, appended.
    try (original + Data((partLines.last! + "\n").utf8)).write(
      to: URL(fileURLWithPath: parts[0]))
    run = try merge(exp, parts, scratch)
    try expectRefused(
      run,
      [
        "\(parts[0]):\(headerCount + 29): expected the end of the part after its 28 rows (shard 1/2), got '\(partLines.last!)'"
      ], scratch)
  }

  @Test func notPartsAndEditedLabels() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch)
    let parts = try shards(exp, 2, scratch)
    _ = try oneMachine(exp, scratch)
    let full = scratch.path("full.csv")

    // A whole sweep given as a part.
    var run = try merge(exp, [full], scratch)
    try expectRefused(
      run,
      [
        "\(full):1: expected a part of a sharded sweep (written by feel sweep --shard K/N), whose first line is '# shard: K/N = rows […'; got '# experiment: \(exp)'"
      ], scratch)

    // A part that is not there.
    let nowhere = scratch.path("nowhere.csv")
    run = try merge(exp, [parts[0], nowhere], scratch)
    try expectRefused(
      run,
      [
        "\(nowhere): cannot read the sweep part: no such file; expected a part written by feel sweep EXP --shard K/N"
      ], scratch)

    // A part as the output: refused, and the part is left as it was.
    let before = try Data(contentsOf: URL(fileURLWithPath: parts[0]))
    run = try FeelCommand.run(
      ["sweep", exp, "--merge"] + parts + ["-o", "part-1.csv"], in: scratch.url, scratch: scratch)
    try expectRefused(
      run,
      [
        "--output: expected a path other than the parts' (the merge would replace a part it reads), got \(parts[0])"
      ], scratch)
    #expect(try Data(contentsOf: URL(fileURLWithPath: parts[0])) == before)

    // A label whose rows were edited.
    let text = try String(contentsOfFile: parts[1], encoding: .utf8)
    try scratch.writeFile(
      text.replacingOccurrences(of: "rows [28, 55)", with: "rows [27, 55)"), to: "part-2.csv")
    run = try merge(exp, parts, scratch)
    try expectRefused(
      run,
      [
        "\(parts[1]):1: the part says it holds rows [27, 55), but shard 2/2 of 55 points is rows [28, 55): the label was edited"
      ], scratch)
    try scratch.writeFile(
      text.replacingOccurrences(of: "# shard: 2/2 = rows", with: "# shard: 2/2 = lines"),
      to: "part-2.csv")
    run = try merge(exp, parts, scratch)
    try expectRefused(
      run,
      [
        "\(parts[1]):1: expected '# shard: K/N = rows [FIRST, END) of TOTAL, counted from 0 in grid order', got '# shard: 2/2 = lines [28, 55) of 55, counted from 0 in grid order'"
      ], scratch)
  }

  @Test func badUsageExitsTwo() throws {
    let scratch = try Scratch()
    let exp = try experiment(scratch)
    let out = scratch.path("part.csv")
    for (shard, message) in [
      ("0/3", "--shard: expected K/N with K from 1 to N (3): the K-th of 3 parts, got \"0/3\""),
      ("4/3", "--shard: expected K/N with K from 1 to N (3): the K-th of 3 parts, got \"4/3\""),
      (
        "2",
        "--shard: expected K/N: two whole numbers with a slash between them (e.g. 2/7), got \"2\""
      ),
      ("1/0", "--shard: expected K/N with N ≥ 1 parts, got \"1/0\""),
    ] {
      let run = try FeelCommand.run(["sweep", exp, "--shard", shard, "-o", out], scratch: scratch)
      #expect(run.status == 2)
      #expect(run.stderr == "feel: error: \(message)\n")
      #expect(!FileManager.default.fileExists(atPath: out))
    }
    var run = try FeelCommand.run(
      ["sweep", exp, "--shard", "1/2", "--merge", out], scratch: scratch)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "feel: error: --shard, --merge: expected one of them (compute a part, or merge parts), got both\n"
    )
    run = try FeelCommand.run(["sweep", exp, "--merge"], scratch: scratch)
    #expect(run.status == 2)
    #expect(run.stderr.contains("--merge"), "\(run.stderr)")
    run = try FeelCommand.run(["sweep", exp, "--shard"], scratch: scratch)
    #expect(run.status == 2)
    #expect(run.stderr.contains("--shard"), "\(run.stderr)")
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
    #expect(!left.contains { $0.contains("part") }, "\(left)")
  }
}
