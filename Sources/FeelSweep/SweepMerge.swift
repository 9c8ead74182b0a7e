import FeelMetrics
import FeelScene

/// The checks of `feel sweep EXP --merge PART...`, which joins the parts of a sharded sweep
/// (`SweepShard`, `SweepPartLabel`) into the file the one-machine sweep of EXP writes. Pure: the
/// caller reads the parts and hands over their lines.
///
/// A part is accepted only if its label and header say it was computed by this FeelLab version,
/// from input files with the same digests as EXP's (experiment, base scene, traces), on the
/// same grid, as one of N contiguous runs of rows whose K's, together with the other parts',
/// are each of 1…N exactly once; and only if it holds exactly its rows, each on the grid point
/// it should be. The merged file is the one-machine header (`header`) then the parts' rows in
/// order of K.
public struct SweepMerge: Sendable {
  public let sweep: ParameterGrid
  /// The files EXP was read from, as the merge read them.
  public let inputs: [SweepInput]
  /// The merged file's header: the one-machine sweep's (`SweepCSV.header`).
  public let header: String
  /// `header`'s lines without their line breaks; the last is the column header.
  private let headerLines: [String]
  /// The CSV cells of each axis's values, for axes of at most `cachedAxisValues` values
  /// (computing a range axis's value rounds it through text: too slow for every row); nil
  /// for longer axes, whose cells are computed as needed.
  private let axisCells: [[String]?]
  private static let cachedAxisValues = 1 << 16

  /// A part whose header passed the checks.
  public struct Part: Sendable, Equatable {
    /// The path as given.
    public let file: String
    public let label: SweepPartLabel
    /// How many lines come before its first row: the label, the header, the column header.
    public let headerLineCount: Int
  }

  /// The merge of parts of `sweep`, whose input files (as read for this merge) are `inputs`.
  public init(_ sweep: ParameterGrid, inputs: [SweepInput]) {
    self.sweep = sweep
    self.inputs = inputs
    header = SweepCSV.header(sweep)
    headerLines = header.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
    axisCells = sweep.axes.map { axis in
      let values = axis.axis.values
      guard values.count <= Self.cachedAxisValues else { return nil }
      return (0..<values.count).map { values[$0].csvCell }
    }
  }

  // MARK: - One part's header

  /// Checks the header of the part `file`: `lines` are its first lines without their line
  /// breaks, up to and including the first that does not start with `#` (the column header),
  /// or all of them if there is none (`complete` false: the file ended first).
  public func part(_ file: String, header lines: [String], complete: Bool) throws(SweepMergeError)
    -> Part
  {
    func fail(_ line: Int?, _ message: String) -> SweepMergeError {
      SweepMergeError(file: file, line: line, message)
    }
    let label: SweepPartLabel
    let labelLines: Int
    switch SweepPartLabel.parse(lines) {
    case .failure(let problem): throw fail(problem.line, problem.message)
    case .success(let parsed): (label, labelLines) = parsed
    }
    guard complete else {
      throw fail(
        nil,
        "the file ends after line \(lines.count), before its column header: the part is "
          + "truncated")
    }
    let body = Array(lines[labelLines...])
    /// The line number in the file of `body[index]`.
    func lineNumber(_ index: Int) -> Int { labelLines + index + 1 }

    // The FeelLab version.
    let versionPrefix = "# FeelLab: "
    if let at = body.firstIndex(where: { $0.hasPrefix(versionPrefix) }) {
      let version = body[at].dropFirst(versionPrefix.count)
      if version != FeelLabVersion.current {
        throw fail(
          lineNumber(at),
          "the part was written by FeelLab \(SweepPartLabel.shorten(String(version))), this is "
            + "FeelLab \(FeelLabVersion.current): compute every part with the same version as "
            + "the merge")
      }
    }

    // The experiment: another one, or this one since edited.
    let partExperiment = label.inputs.first { $0.role == .experiment }
    let experiment = inputs.first { $0.role == .experiment }
    if let experiment, let partExperiment, partExperiment.sha256 != experiment.sha256 {
      let line = labelLine(of: partExperiment, in: label)
      let digests =
        "SHA-256 \(partExperiment.shortDigest)… in the part, \(experiment.shortDigest)… now"
      if Self.fileName(partExperiment.path) != Self.fileName(experiment.path) {
        throw fail(
          line,
          "the part is of another experiment: \(partExperiment.path) (SHA-256 "
            + "\(partExperiment.shortDigest)…), not \(experiment.path) (SHA-256 "
            + "\(experiment.shortDigest)…)")
      }
      if let difference = gridDifference(body) {
        throw fail(
          lineNumber(difference.index),
          "the grid differs: the part has '\(difference.part)', \(experiment.path) now has "
            + "'\(difference.now)' (the experiment has changed since the part was computed: "
            + "\(digests))")
      }
      throw fail(
        line, "\(experiment.path) has changed since the part was computed (\(digests))")
    }

    // The base scene and its trace files.
    for role in [SweepInput.Role.scene, .trace] {
      let theirs = label.inputs.filter { $0.role == role }
      let ours = inputs.filter { $0.role == role }
      let what = role == .scene ? "base scene" : "trace file"
      for (index, ours) in ours.enumerated() {
        guard index < theirs.count else {
          throw fail(
            nil,
            "the part lists no \(what) \(ours.path) among its inputs ('\(SweepPartLabel.prefix) "
              + "input: \(role.rawValue) …' lines): it was computed from other files")
        }
        let part = theirs[index]
        if part.sha256 != ours.sha256 {
          let line = labelLine(of: part, in: label)
          if Self.fileName(part.path) != Self.fileName(ours.path) {
            throw fail(
              line,
              "the part was computed with the \(what) \(part.path) (SHA-256 \(part.shortDigest)…), "
                + "not \(ours.path) (SHA-256 \(ours.shortDigest)…)")
          }
          throw fail(
            line,
            "the \(what) \(ours.path) has changed since the part was computed (SHA-256 "
              + "\(part.shortDigest)… in the part, \(ours.shortDigest)… now)")
        }
      }
      if theirs.count > ours.count {
        let extra = theirs[ours.count]
        throw fail(
          labelLine(of: extra, in: label),
          "the part was computed with the \(what) \(extra.path), which "
            + (sweep.corpus == nil ? sweep.sceneFile : "the experiment's corpus")
            + " no longer reads")
      }
    }
    // A recognizer experiment reads a corpus (trace files, maybe none), not a scene.
    if partExperiment == nil
      || (sweep.corpus == nil && label.inputs.filter({ $0.role == .scene }).isEmpty)
    {
      throw fail(
        labelLines + 1,
        "expected the part's inputs, '\(SweepPartLabel.prefix) input: experiment …' and "
          + (sweep.corpus == nil ? "'… scene …' lines" : "'… trace …' lines for its corpus")
          + ", after its first line")
    }

    // The rest of the header, line for line (the experiment and scene lines name the files by
    // the paths the shards were given, which may differ: their digests were compared above).
    if let difference = gridDifference(body) {
      throw fail(
        lineNumber(difference.index),
        "the grid differs: the part has '\(difference.part)', \(sweep.experiment.file) has "
          + "'\(difference.now)'")
    }
    for (index, expected) in headerLines.enumerated() {
      let got = index < body.count ? body[index] : nil
      if got == expected || Self.namesFiles(expected) && got.map(Self.namesFiles) == true {
        continue
      }
      throw fail(
        lineNumber(min(index, body.count - 1)),
        "expected the header line '\(SweepPartLabel.shorten(expected))' of the one-machine "
          + "sweep, got "
          + (got.map { "'\(SweepPartLabel.shorten($0))'" } ?? "the end of the header"))
    }
    if body.count > headerLines.count {
      throw fail(
        lineNumber(headerLines.count),
        "expected the first row after the column header, got "
          + "'\(SweepPartLabel.shorten(body[headerLines.count]))'")
    }

    // The rows the label claims.
    if label.total != sweep.count {
      throw fail(
        1,
        "the part is of a grid of \(label.total) points, \(sweep.experiment.file) has "
          + "\(sweep.count)")
    }
    let expectedRows = label.shard.rows(of: sweep.count)
    if label.rows != expectedRows {
      throw fail(
        1,
        "the part says it holds rows \(Self.range(label.rows)), but shard \(label.shard) of "
          + "\(sweep.count) points is rows \(Self.range(expectedRows)): the label was edited")
    }
    return Part(file: file, label: label, headerLineCount: labelLines + body.count)
  }

  /// The line (1-based) of `input` in the part's label.
  private func labelLine(of input: SweepInput, in label: SweepPartLabel) -> Int {
    (label.inputs.firstIndex(of: input) ?? 0) + 2
  }

  /// The first `# grid:` or `# axis …` line of the part's header that differs from this
  /// sweep's.
  private func gridDifference(_ body: [String]) -> (index: Int, part: String, now: String)? {
    func isGrid(_ line: String) -> Bool { line.hasPrefix("# grid: ") || line.hasPrefix("# axis ") }
    let theirs = body.enumerated().filter { isGrid($0.element) }
    let ours = headerLines.filter(isGrid)
    for (i, line) in ours.enumerated() {
      guard i < theirs.count else {
        return (body.count - 1, "no such line", String(line.dropFirst(2)))
      }
      if theirs[i].element != line {
        return (
          theirs[i].offset, SweepPartLabel.shorten(String(theirs[i].element.dropFirst(2))),
          SweepPartLabel.shorten(String(line.dropFirst(2)))
        )
      }
    }
    if theirs.count > ours.count {
      let extra = theirs[ours.count]
      return (
        extra.offset, SweepPartLabel.shorten(String(extra.element.dropFirst(2))), "no such line"
      )
    }
    return nil
  }

  /// Whether a header line names an input file by its path (`# experiment:`, `# scene:`).
  private static func namesFiles(_ line: String) -> Bool {
    line.hasPrefix("# experiment: ") || line.hasPrefix("# scene: ")
  }

  /// The last component of a path.
  private static func fileName(_ path: String) -> Substring {
    path.split(separator: "/").last ?? Substring(path)
  }

  /// `[1200, 2400)`.
  static func range(_ rows: Range<Int>) -> String { "[\(rows.lowerBound), \(rows.upperBound))" }

  // MARK: - The parts together

  /// The parts in the order of their K, 1 to N: every K of one N exactly once. Otherwise every
  /// problem found: a part of another N (overlapping the others), a K given twice, missing K's.
  public func order(_ parts: [Part]) throws(SweepMergeError) -> [Part] {
    guard let first = parts.first else { return [] }
    var votes: [Int: Int] = [:]
    for part in parts { votes[part.label.shard.count, default: 0] += 1 }
    let top = votes.values.max() ?? 0
    let n =
      votes[first.label.shard.count] == top
      ? first.label.shard.count : votes.filter { $0.value == top }.keys.min()!
    var problems: [SweepMergeError] = []
    let cut = parts.filter { $0.label.shard.count == n }
    for part in parts where part.label.shard.count != n {
      let rows = part.label.rows
      let what = "shard \(part.label.shard) (rows \(Self.range(rows)))"
      if let other = cut.first(where: { $0.label.rows.overlaps(rows) }) {
        problems.append(
          SweepMergeError(
            file: part.file, line: 1,
            "\(what) overlaps \(other.file), shard \(other.label.shard) (rows "
              + "\(Self.range(other.label.rows))): every part must come from the same "
              + "--shard K/\(n)"))
      } else {
        problems.append(
          SweepMergeError(
            file: part.file, line: 1,
            "\(what) is of a cut into \(part.label.shard.count) parts, the others are of "
              + "\(n): every part must come from the same --shard K/\(n)"))
      }
    }
    var byIndex: [Int: [Part]] = [:]
    for part in cut { byIndex[part.label.shard.index, default: []].append(part) }
    for k in 1...n {
      guard let given = byIndex[k], given.count > 1 else { continue }
      let files = given.map(\.file)
      if Set(files).count == 1 {
        problems.append(
          SweepMergeError(
            file: files[0], line: nil, "the part is given \(files.count) times: give it once"))
      } else {
        problems.append(
          SweepMergeError(
            "--merge: expected each shard once, got shard \(k)/\(n) (rows "
              + "\(Self.range(given[0].label.rows))) in \(files.count) parts: "
              + files.joined(separator: ", ")))
      }
    }
    let missing = (1...n).filter { byIndex[$0] == nil }
    if !missing.isEmpty {
      let shards = missing.map { k in
        "\(k)/\(n) (rows \(Self.range(SweepShard(index: k, count: n)!.rows(of: sweep.count))))"
      }
      let given = cut.sorted { $0.label.shard.index < $1.label.shard.index }.map {
        "\($0.file) (\($0.label.shard))"
      }
      problems.append(
        SweepMergeError(
          "--merge: expected every shard from 1/\(n) to \(n)/\(n), got none for shard"
            + (missing.count == 1 ? " " : "s ") + shards.joined(separator: ", ")
            + "; the parts given: " + given.joined(separator: ", ")))
    }
    if !problems.isEmpty { throw SweepMergeError(all: problems) }
    return (1...n).map { byIndex[$0]![0] }
  }

  // MARK: - Rows

  /// What is wrong with `line`, a part's row (its UTF-8 bytes, without the line break) that
  /// should be grid point `index`'s; nil if nothing. It must start with that point's axis
  /// values, as the sweep writes them, then hold one cell per metric (a number or nothing)
  /// and the flags.
  public func problem(row line: ArraySlice<UInt8>, at index: Int) -> String? {
    let comma = UInt8(ascii: ",")
    let coordinates = sweep.grid.coordinates(of: index)
    var position = line.startIndex
    for a in sweep.axes.indices {
      var matched = true
      for byte in axisCell(a, coordinates[a]).utf8 {
        guard position < line.endIndex, line[position] == byte else {
          matched = false
          break
        }
        position += 1
      }
      guard matched, position < line.endIndex, line[position] == comma else {
        let names = sweep.axes.indices.map { a in
          "\(sweep.axes[a].axis.name) = \(axisCell(a, coordinates[a]))"
        }
        return "expected the row of grid point \(index) (\(names.joined(separator: ", "))), "
          + "got '\(Self.quoted(line))'"
      }
      position += 1
    }
    // Then the metric cells (digits, sign, point, exponent) and the flags (names and ';').
    let metrics = sweep.metrics.count
    var cell = 0
    var flagsStart = line.endIndex
    var valid = true
    for i in position..<line.endIndex where valid {
      let byte = line[i]
      if byte == comma {
        cell += 1
        if cell == metrics { flagsStart = i + 1 }
        valid = cell <= metrics
      } else if cell < metrics {
        valid = Self.isNumberByte(byte)
      } else {
        valid = Self.isFlagByte(byte)
      }
    }
    if valid && cell == metrics && metrics == 0 { flagsStart = position }
    if valid && cell == metrics && flagsStart < line.endIndex {
      let flags = String(decoding: line[flagsStart...], as: UTF8.self)
      valid = flags.split(separator: ";", omittingEmptySubsequences: false).allSatisfy {
        MetricFlag(rawValue: String($0)) != nil
      }
    }
    guard valid && cell == metrics else {
      return "expected the axis values, \(metrics) metric cells (numbers or nothing) and the "
        + "flags, got '\(Self.quoted(line))': the part is truncated or edited"
    }
    return nil
  }

  /// The CSV cell of value `index` of axis `axis`.
  private func axisCell(_ axis: Int, _ index: Int) -> String {
    axisCells[axis]?[index] ?? sweep.axes[axis].axis.values[index].csvCell
  }

  /// A row quoted in a message: at most 100 characters.
  private static func quoted(_ line: ArraySlice<UInt8>) -> String {
    SweepPartLabel.shorten(String(decoding: line, as: UTF8.self))
  }

  /// A byte of a metric cell: digits, sign, point, exponent, and the letters of inf and nan.
  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
      UInt8(ascii: "+"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "i"),
      UInt8(ascii: "n"), UInt8(ascii: "f"), UInt8(ascii: "a"):
      return true
    default:
      return false
    }
  }

  /// A byte of the flags cell: lowercase letters, '-' and ';'.
  private static func isFlagByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ";")
  }
}

/// Why parts cannot be merged: one message per problem, each naming the part file (and line)
/// or the option, and what was expected.
public struct SweepMergeError: Error, Sendable, CustomStringConvertible {
  public var messages: [String]

  /// A problem with the part `file` (at `line`, 1-based, if given).
  init(file: String, line: Int?, _ message: String) {
    messages = [MessageText.oneLine("\(file)\(line.map { ":\($0)" } ?? ""): \(message)")]
  }

  /// A problem of the parts together.
  init(_ message: String) {
    messages = [MessageText.oneLine(message)]
  }

  init(all problems: [SweepMergeError]) {
    messages = problems.flatMap(\.messages)
  }

  public var description: String { messages.joined(separator: "\n") }
}
