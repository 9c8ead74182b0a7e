import FeelCommandSupport
import FeelScene
import FeelSweep
import Foundation

/// `feel sweep EXP --merge PART...`: the parts written by `feel sweep EXP --shard K/N`, checked
/// (`SweepMerge`) and joined into the file the one-machine sweep of EXP writes, byte for byte.
extension SweepCommand {
  /// What a part is, in messages.
  static let partKind = TextFile.Kind(
    name: "sweep part", expected: "a part written by feel sweep EXP --shard K/N")

  /// Where `--shard K/N` writes without `--output`: the sweep's CSV path with `.part-K-of-N`
  /// before its extension (`out/data/snap.csv` → `out/data/snap.part-2-of-7.csv`).
  static func partPath(_ destination: String, _ shard: SweepShard) -> String {
    let tag = ".part-\(shard.index)-of-\(shard.count)"
    if destination == "-" { return destination }
    let name = (destination as NSString).lastPathComponent
    let folder = (destination as NSString).deletingLastPathComponent
    let ext = (name as NSString).pathExtension
    let base = ext.isEmpty ? name : (name as NSString).deletingPathExtension
    let file = base + tag + (ext.isEmpty ? "" : "." + ext)
    return folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file)
  }

  func runMerge() throws {
    let start = Date()
    let log = InputLog()
    // The grid is not run again: no size limit.
    let (parsed, sweep) = try InputFile.sweep(experiment, force: true, log: log)
    let checker = SweepMerge(sweep, inputs: log.inputs)
    var parts: [SweepMerge.Part] = []
    var problems: [String] = []
    for file in merge {
      do {
        parts.append(try Self.readHeader(file, checker))
      } catch {
        problems += error.messages
      }
    }
    if !problems.isEmpty { throw FeelError(all: problems) }
    let ordered: [SweepMerge.Part]
    do {
      ordered = try checker.order(parts)
    } catch {
      throw FeelError(all: error.messages)
    }

    let destination = destination(parsed)
    func absolute(_ path: String) -> String {
      URL(fileURLWithPath: path).standardizedFileURL.path
    }
    if let part = merge.first(where: { absolute($0) == absolute(destination) }) {
      throw FeelError(
        "--output: expected a path other than the parts' (the merge would replace a part it "
          + "reads), got \(part)")
    }
    // Standard output cannot be taken back: check every row before the first byte goes out.
    if destination == "-" {
      try Self.copyRows(ordered, checker, to: nil)
    }
    let csv = try OutputText(destination, what: "the CSV")
    do {
      try csv.write(checker.header)
      try Self.copyRows(ordered, checker, to: csv)
      try csv.commit()
    } catch let error as FeelError {
      csv.discard()
      throw error
    } catch {
      csv.discard()
      throw FeelError("\(destination): cannot write the CSV (\(error.localizedDescription))")
    }
    if !common.quiet {
      let seconds = Date().timeIntervalSince(start)
      let line =
        "feel sweep: merged \(ordered.count) part\(ordered.count == 1 ? "" : "s"), "
        + "\(sweep.count) points in \(String(format: "%.3f", seconds)) s"
        + (csv.isStandardOutput ? "" : " -> \(destination)")
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
  }

  /// Reads and checks the header of the part `file`.
  private static func readHeader(_ file: String, _ checker: SweepMerge) throws(FeelError)
    -> SweepMerge.Part
  {
    let reader = try LineReader(file, partKind)
    var lines: [String] = []
    var complete = false
    while let line = try reader.next() {
      lines.append(line.text)
      if !line.text.hasPrefix("#") {
        complete = line.terminated
        break
      }
    }
    do {
      return try checker.part(file, header: lines, complete: complete)
    } catch {
      throw FeelError(all: error.messages)
    }
  }

  /// Checks the rows of every part, in order, and writes them to `output` (nil: only checks).
  private static func copyRows(
    _ parts: [SweepMerge.Part], _ checker: SweepMerge, to output: OutputText?
  ) throws {
    var text: [UInt8] = []
    let flushSize = 1 << 20
    text.reserveCapacity(flushSize + 4096)
    for part in parts {
      let reader = try LineReader(part.file, partKind)
      for _ in 0..<part.headerLineCount { _ = try reader.nextBytes() }
      let rows = part.label.rows
      for index in rows {
        guard let line = try reader.nextBytes() else {
          throw FeelError(
            "\(part.file): expected \(rows.count) rows (shard \(part.label.shard): rows "
              + "[\(rows.lowerBound), \(rows.upperBound))), got \(index - rows.lowerBound): the "
              + "part is truncated")
        }
        guard line.terminated else {
          throw FeelError(
            "\(part.file):\(reader.lineNumber): the last line ends without a line break, "
              + "after \(index - rows.lowerBound) of \(rows.count) rows: the part is truncated")
        }
        if let problem = checker.problem(row: line.bytes, at: index) {
          throw FeelError("\(part.file):\(reader.lineNumber): \(problem)")
        }
        guard let output else { continue }
        text.append(contentsOf: line.bytes)
        text.append(UInt8(ascii: "\n"))
        if text.count >= flushSize {
          try output.write(String(decoding: text, as: UTF8.self))
          text.removeAll(keepingCapacity: true)
        }
      }
      if let extra = try reader.next() {
        throw FeelError(
          "\(part.file):\(reader.lineNumber): expected the end of the part after its "
            + "\(rows.count) rows (shard \(part.label.shard)), got "
            + "'\(extra.text.prefix(100))'")
      }
    }
    if let output, !text.isEmpty { try output.write(String(decoding: text, as: UTF8.self)) }
  }
}
