import FeelSweep
import Foundation
import Testing

/// `--shard K/N`: how the grid is cut, how K/N is read, and the digest a part's label carries.
@Suite struct SweepShardTests {
  /// The N parts, in order of K, are the grid's rows in order, each once; their sizes differ by
  /// at most one, the larger first. Checked for every N up to 40 on grids of 0 to 130 points,
  /// and on a grid near the largest `Int`.
  @Test func thePartsCutTheGridIntoContiguousBalancedRuns() throws {
    var totals = Array(0...130)
    totals.append(Int.max - 3)
    for total in totals {
      for n in 1...40 {
        var next = 0
        var sizes: [Int] = []
        for k in 1...n {
          let rows = try #require(SweepShard(index: k, count: n)).rows(of: total)
          #expect(rows.lowerBound == next, "\(k)/\(n) of \(total) starts where \(k - 1) ended")
          next = rows.upperBound
          sizes.append(rows.count)
        }
        #expect(next == total, "the \(n) parts of \(total) points end at the last point")
        let small = total / n
        let large = total % n == 0 ? small : small + 1
        #expect(sizes == sizes.sorted(by: >), "the larger parts first")
        #expect(sizes.allSatisfy { $0 == small || $0 == large }, "\(n) parts of \(total): \(sizes)")
      }
    }
  }

  @Test(arguments: [("1/1", 1, 1), ("2/7", 2, 7), ("7/7", 7, 7), ("10/12", 10, 12), ("03/5", 3, 5)])
  func readsKOfN(text: String, k: Int, n: Int) throws {
    let shard = try SweepShard(parsing: text)
    #expect(shard.index == k)
    #expect(shard.count == n)
  }

  @Test(arguments: [
    ("0/3", "--shard: expected K/N with K from 1 to N (3): the K-th of 3 parts, got \"0/3\""),
    ("4/3", "--shard: expected K/N with K from 1 to N (3): the K-th of 3 parts, got \"4/3\""),
    ("1/0", "--shard: expected K/N with N ≥ 1 parts, got \"1/0\""),
    (
      "3",
      "--shard: expected K/N: two whole numbers with a slash between them (e.g. 2/7), got \"3\""
    ),
    (
      "-1/3",
      "--shard: expected K/N: two whole numbers with a slash between them (e.g. 2/7), got \"-1/3\""
    ),
    (
      "1/3/5",
      "--shard: expected K/N: two whole numbers with a slash between them (e.g. 2/7), got \"1/3/5\""
    ),
    (
      " 1/3",
      "--shard: expected K/N: two whole numbers with a slash between them (e.g. 2/7), got \" 1/3\""
    ),
    (
      "a/b",
      "--shard: expected K/N: two whole numbers with a slash between them (e.g. 2/7), got \"a/b\""
    ),
    ("", "--shard: expected K/N: two whole numbers with a slash between them (e.g. 2/7), got \"\""),
    (
      "1/99999999999999999999",
      "--shard: expected K/N: two whole numbers with a slash between them (e.g. 2/7), got \"1/99999999999999999999\""
    ),
  ])
  func refusesWhatIsNotKOfN(text: String, message: String) {
    #expect(throws: SweepShardSyntaxError.self) { try SweepShard(parsing: text) }
    do {
      _ = try SweepShard(parsing: text)
    } catch {
      #expect(error.description == message)
    }
  }

  /// The digests of FIPS 180-2's examples (appendix B) and of the empty message.
  @Test func sha256OfThePublishedExamples() {
    #expect(
      SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256.hex(String(repeating: "a", count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Around the padding's edges (55, 56, 63, 64, 65 bytes…) and a few longer lengths, the
  /// digest is what coreutils' `sha256sum` prints for the same bytes.
  @Test func sha256AgreesWithSha256sum() throws {
    let scratch = try Scratch()
    var lengths = Array(50...72)
    lengths += [119, 120, 127, 128, 129, 1000, 4099]
    for length in lengths {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ length) }
      let file = scratch.url.appendingPathComponent("bytes-\(length)")
      try Data(bytes).write(to: file)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["sha256sum", file.path]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let output = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      try #require(process.terminationStatus == 0, "sha256sum (coreutils) runs")
      let expected = String(decoding: output, as: UTF8.self).prefix(64)
      #expect(SHA256.hex(bytes) == expected, "\(length) bytes")
    }
  }
}
