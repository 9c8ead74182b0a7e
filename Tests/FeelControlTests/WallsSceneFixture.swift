import FeelTestSupport

/// A 100 × 40 pt box at the origin in a collision behavior whose boundaries lie at known gaps
/// from its edges (x = −50 and 50, bottom y = 20): a vertical wall 12 pt left of it, one 7 pt
/// right of it, a floor 3.5 pt below it, and a slope (no gap). Read as "walls.toml".
enum WallsSceneFixture {
  static let text = SceneText("title = \"walls\"")
    .item("box", size: [100, 40], center: [0, 0])
    .behavior(
      "walls", "collision", items: ["box"],
      """
      boundaries = [
        { id = "left", from = [-62, -50], to = [-62, 50] },
        { id = "right", from = [57, -50], to = [57, 50] },
        { id = "floor", from = [-80, 23.5], to = [80, 23.5] },
        { id = "slope", from = [0, 30], to = [50, 60] },
      ]
      """
    )
    .text
}
