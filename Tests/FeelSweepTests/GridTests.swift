import FeelSweep
import Testing

/// How grid points are numbered (`feel sweep`'s row order, the last axis fastest), and
/// FeelLab's one thinning rule (docs/notebook.md, "Thinning a big grid"). The expected strides
/// and kept values are worked out by hand from the rule in each test's comment.
@Suite struct GridTests {
  @Test("points are numbered in row order, the last axis fastest")
  func numbering() {
    let grid = Grid(counts: [2, 3])
    #expect(grid.count == 6)
    let rows = [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]
    #expect((0..<6).map(grid.coordinates(of:)) == rows)
    #expect(rows.map(grid.index(of:)) == Array(0..<6))
    var coordinates = [0, 0]
    var visited: [[Int]] = []
    for _ in 0..<7 {
      visited.append(coordinates)
      grid.advance(&coordinates)
    }
    #expect(visited == rows + [[0, 0]])
    #expect(Grid(counts: []).count == 1)  // no axis: the base scene alone
  }

  @Test("a grid past Int.max points says so")
  func overflow() {
    let huge = Grid(counts: [Int.max / 2, 3])
    #expect(huge.overflows)
    #expect(huge.count == Int.max)
    #expect(!Grid(counts: [1 << 31, 1 << 31]).overflows)
  }

  @Test("a grid within the budget is kept whole")
  func whole() {
    let thinned = Grid(counts: [3, 4]).thinned(maxPoints: 100)
    #expect(thinned.isWhole)
    #expect(thinned.kept == [[0, 1, 2], [0, 1, 2, 3]])
    #expect(thinned.strides == [1, 1])
    #expect(thinned.count == 12)
    #expect(thinned.coordinates(of: 5) == [1, 1])
  }

  @Test("a big grid keeps every k-th value, the last and the asked-for ones")
  func coarse() {
    // 59 × 61 = 3,599 points, at most 1000, keeping value 12 and 13. The 61-value axis goes
    // first: stride 2 keeps 0, 2, …, 60 (31) and 13: 59 × 32 = 1,888. Then the 59-value axis:
    // stride 2 keeps 0, 2, …, 58 (30, with 12): 30 × 32 = 960 ≤ 1000.
    let thinned = Grid(counts: [59, 61]).thinned(maxPoints: 1000, keeping: [[12], [13]])
    #expect(thinned.strides == [2, 2])
    #expect(thinned.kept[0] == Array(stride(from: 0, through: 58, by: 2)))
    #expect(thinned.kept[1] == (Array(stride(from: 0, through: 60, by: 2)) + [13]).sorted())
    #expect(thinned.count == 960)
    #expect(!thinned.isWhole)
  }

  @Test("the axis with the most values goes first; short axes stay whole")
  func longestFirst() {
    // 59 × 61 × 3 = 10,797 > 8,000: the 61-value axis at stride 2 keeps 31 values,
    // 59 × 31 × 3 = 5,487.
    let thinned = Grid(counts: [59, 61, 3]).thinned(maxPoints: 8_000)
    #expect(thinned.strides == [1, 2, 1])
    #expect(thinned.kept.map(\.count) == [59, 31, 3])
    // A tie goes to the first axis: 4 × 4 = 16 > 12; axis 0 at stride 2 keeps 0, 2, 3:
    // 3 × 4 = 12.
    let tie = Grid(counts: [4, 4]).thinned(maxPoints: 12)
    #expect(tie.strides == [2, 1])
    #expect(tie.kept == [[0, 2, 3], [0, 1, 2, 3]])
  }

  @Test("past a stride of 20 the stride grows by a tenth of itself")
  func tenthSteps() {
    // 100 values, at most 5: strides 1, 2, …, 20 (6 values kept: 0, 20, …, 80 and 99), then
    // 22 (0, 22, 44, 66, 88, 99: 6), 24 (6), 26 (0, 26, 52, 78 and 99: 5). One step at a time
    // would have stopped at 25 (0, 25, 50, 75, 99).
    let thinned = Grid(counts: [100]).thinned(maxPoints: 5)
    #expect(thinned.strides == [26])
    #expect(thinned.kept == [[0, 26, 52, 78, 99]])
    // At most 2: down to the ends (stride 99 − 0), never further.
    #expect(Grid(counts: [100]).thinned(maxPoints: 2).kept == [[0, 99]])
    #expect(Grid(counts: [100]).thinned(maxPoints: 1).kept == [[0, 99]])
  }

  @Test("kept points map back to the full grid")
  func keptPoints() {
    // 5 × 3 = 15 > 9: the 5-value axis at stride 2 keeps 0, 2, 4: 3 × 3 = 9.
    let thinned = Grid(counts: [5, 3]).thinned(maxPoints: 9)
    #expect(thinned.kept == [[0, 2, 4], [0, 1, 2]])
    #expect(thinned.coordinates(of: 4) == [2, 1])
    #expect(thinned.fullIndex(of: 4) == 7)
    #expect((0..<9).map(thinned.fullIndex(of:)) == [0, 1, 2, 6, 7, 8, 12, 13, 14])
  }

  @Test("ten million values on one axis: a few thousand kept, quickly")
  func huge() {
    let thinned = Grid(counts: [10_000_000, 3]).thinned(maxPoints: 4096, keeping: [[1234], []])
    #expect(thinned.count <= 4096)
    #expect(thinned.kept[0].first == 0 && thinned.kept[0].last == 9_999_999)
    #expect(thinned.kept[0].contains(1234))
    #expect(thinned.kept[1] == [0, 1, 2])
  }
}
