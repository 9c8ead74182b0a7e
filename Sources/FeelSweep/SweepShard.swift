import FeelScene

/// One of `count` parts of a sweep's grid (`feel sweep EXP --shard K/N`): part `index` (K, from
/// 1 to N) is a contiguous run of rows in grid order, and the N parts, in order, are the whole
/// grid, so merging them is a concatenation. The parts' sizes differ by at most one row (the
/// first `total % N` parts have one more). docs/sweeps.md says why contiguous, with the
/// measured balance.
public struct SweepShard: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// K: which part, from 1 to `count`.
  public let index: Int
  /// N: how many parts the grid is cut into (≥ 1).
  public let count: Int

  /// Part `index` of `count`; nil unless 1 ≤ index ≤ count.
  public init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// Parses `K/N` as given to `--shard`: two whole numbers (ASCII digits, no sign, no spaces),
  /// N ≥ 1 and 1 ≤ K ≤ N. The error says what was expected.
  public init(parsing text: String) throws(SweepShardSyntaxError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    func number(_ part: Substring) -> Int? {
      guard !part.isEmpty, part.count <= 18, part.allSatisfy({ ("0"..."9").contains($0) }) else {
        return nil
      }
      return Int(part)
    }
    guard parts.count == 2, let k = number(parts[0]), let n = number(parts[1]) else {
      throw SweepShardSyntaxError(
        given: text, problem: "K/N: two whole numbers with a slash between them (e.g. 2/7)")
    }
    guard n >= 1 else {
      throw SweepShardSyntaxError(given: text, problem: "K/N with N ≥ 1 parts")
    }
    guard let shard = SweepShard(index: k, count: n) else {
      throw SweepShardSyntaxError(
        given: text, problem: "K/N with K from 1 to N (\(n)): the K-th of \(n) parts")
    }
    self = shard
  }

  /// The grid points (0-based, in grid order) of this part of a grid of `total` points.
  public func rows(of total: Int) -> Range<Int> {
    let base = total / count
    let extra = total % count
    let start = (index - 1) * base + min(index - 1, extra)
    return start..<(start + base + (index <= extra ? 1 : 0))
  }

  /// `K/N`.
  public var description: String { "\(index)/\(count)" }
}

/// A `--shard` value that is not `K/N` with 1 ≤ K ≤ N.
public struct SweepShardSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text given.
  public var given: String
  /// What was expected.
  public var problem: String

  public var description: String {
    MessageText.oneLine("--shard: expected \(problem), got \"\(given)\"")
  }
}
