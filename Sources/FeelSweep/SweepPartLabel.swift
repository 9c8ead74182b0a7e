/// What a part of a sharded sweep (`feel sweep EXP --shard K/N`) says about itself, in comment
/// lines before the sweep's own header, so that the merge can check it belongs:
///
///     # shard: 2/3 = rows [1200, 2400) of 3599, counted from 0 in grid order
///     # shard input: experiment experiments/snap-damping-release.toml, SHA-256 3f0c…
///     # shard input: scene experiments/scenes/castro-release-right-40.toml, SHA-256 9a1d…
///
/// then the header the one-machine sweep writes (which names the FeelLab version, the grid's
/// size and its axes), then the part's rows. The merge drops these lines: the merged file has
/// exactly the one-machine sweep's bytes.
public struct SweepPartLabel: Sendable, Equatable {
  /// K/N.
  public var shard: SweepShard
  /// The grid points the part holds (0-based, in grid order).
  public var rows: Range<Int>
  /// The grid's size.
  public var total: Int
  /// The experiment, its base scene and the scene's trace files, in the order read.
  public var inputs: [SweepInput]

  /// The label of part `shard` of a grid of `total` points computed from `inputs`.
  public init(shard: SweepShard, total: Int, inputs: [SweepInput]) {
    self.shard = shard
    self.total = total
    self.inputs = inputs
    rows = shard.rows(of: total)
  }

  /// How every label line starts (and no line of a sweep's own header does).
  public static let prefix = "# shard"
  static let shardPrefix = "# shard: "
  static let inputPrefix = "# shard input: "

  /// The label's lines, each ending in a line break.
  public var text: String {
    "\(Self.shardPrefix)\(shard) = rows [\(rows.lowerBound), \(rows.upperBound)) of \(total), "
      + "counted from 0 in grid order\n"
      + inputs.map { Self.inputPrefix + $0.labelText + "\n" }.joined()
  }

  /// Reads a label back from a part's first lines (without their line breaks): the `# shard:`
  /// line, then its `# shard input:` lines. Returns the label and how many lines it took, or
  /// what is wrong (the line, 1-based, and the message).
  static func parse(_ lines: [String]) -> Result<(SweepPartLabel, lines: Int), LineProblem> {
    guard let first = lines.first, first.hasPrefix(shardPrefix) else {
      return .failure(
        LineProblem(
          line: 1,
          message: "expected a part of a sharded sweep (written by feel sweep --shard K/N), "
            + "whose first line is '\(shardPrefix)K/N = rows […'; got "
            + (lines.first.map { "'\(shorten($0))'" } ?? "nothing")))
    }
    let form =
      "'\(shardPrefix)K/N = rows [FIRST, END) of TOTAL, counted from 0 in grid order'"
    let rest = first.dropFirst(shardPrefix.count)
    let pieces = rest.split(separator: " ", omittingEmptySubsequences: false)
    // K/N, "=", "rows", "[FIRST,", "END)", "of", "TOTAL,", "counted", …
    guard pieces.count >= 7, pieces[1] == "=", pieces[2] == "rows", pieces[5] == "of",
      pieces[3].hasPrefix("["), pieces[3].hasSuffix(","), pieces[4].hasSuffix(")"),
      pieces[6].hasSuffix(","),
      let shard = try? SweepShard(parsing: String(pieces[0])),
      let start = Int(pieces[3].dropFirst().dropLast()),
      let end = Int(pieces[4].dropLast()), let total = Int(pieces[6].dropLast()),
      start >= 0, end >= start, total >= end,
      rest.hasSuffix(" counted from 0 in grid order")
    else {
      return .failure(
        LineProblem(line: 1, message: "expected \(form), got '\(shorten(first))'"))
    }
    var inputs: [SweepInput] = []
    var index = 1
    while index < lines.count, lines[index].hasPrefix(prefix) {
      let line = lines[index]
      guard line.hasPrefix(inputPrefix),
        let input = SweepInput(labelText: String(line.dropFirst(inputPrefix.count)))
      else {
        return .failure(
          LineProblem(
            line: index + 1,
            message: "expected '\(inputPrefix)ROLE PATH, SHA-256 DIGEST' (ROLE: experiment, "
              + "scene or trace; DIGEST: 64 hexadecimal digits), got '\(shorten(line))'"))
      }
      inputs.append(input)
      index += 1
    }
    var label = SweepPartLabel(shard: shard, total: total, inputs: inputs)
    label.rows = start..<end
    return .success((label, index))
  }

  /// A line quoted in a message: at most 100 characters.
  static func shorten(_ line: String) -> String {
    line.count <= 100 ? line : String(line.prefix(100)) + "…"
  }
}

/// A problem at a line of a file.
struct LineProblem: Error {
  /// 1-based.
  var line: Int
  var message: String
}

extension SweepCSV {
  /// The header of part `shard` of `sweep`, computed from `inputs`: the label's lines
  /// (`SweepPartLabel`), then the one-machine sweep's header.
  public static func partHeader(_ sweep: ParameterGrid, shard: SweepShard, inputs: [SweepInput])
    -> String
  {
    SweepPartLabel(shard: shard, total: sweep.count, inputs: inputs).text + header(sweep)
  }
}
