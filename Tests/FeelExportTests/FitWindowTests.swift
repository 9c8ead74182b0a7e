import FeelExport
import FeelScene
import Testing

/// The export fit's cost is bounded (docs/export.md, "The motion that is fitted"): a scene that
/// never settles, run for 2,000 s, is recorded and fitted over the same samples as its first 10 s,
/// so it costs the export (and the notebook's export panel) what a 10 s scene does. Counted in
/// samples (engine frames recorded), not timed.
@Suite("The export's fit window")
struct FitWindowTests {
  /// A 100 × 100 pt box on an undamped attachment spring with no resistance, released 100 pt
  /// beyond the rest length: it swings for ever.
  func swinging(duration_s: Double) -> Scene {
    Scene(
      duration_s: duration_s,
      items: [SceneItem(id: "box", size_pt: Point(100, 100), center_pt: Point(420, 300))],
      behaviors: [
        SceneBehavior(
          id: "tether", items: ["box"],
          kind: .attachment(
            AttachmentSpec(
              target: .anchor(Point(200, 300)), length_pt: 120, frequency_hz: 1, damping: 0))),
        SceneBehavior(
          id: "air", items: ["box"], kind: .item(ItemPropertiesSpec(resistance: 0))),
      ])
  }

  @Test("a never-settling 2,000 s scene: the samples of its first 10 s, the same report")
  func neverSettling() throws {
    let long = try ExportReport(
      swinging(duration_s: 2000), name: "swing", targets: [.swiftui, .css])
    let short = try ExportReport(
      swinging(duration_s: ExportDefaults.fitWindow_s), name: "swing", targets: [.swiftui, .css])
    let motion = try #require(long.motion)
    // 60 Hz: frame 0 and 600 frames after it; the whole 10 s scene has exactly those.
    #expect(motion.count == 601)
    #expect(try #require(short.motion).count == 601)
    #expect(motion.t_s.last == 10)
    // Still swinging at the window's end, far beyond the 0.5 pt band (the stepped spring
    // loses a little each swing): the cut is the window's, not a rest.
    let last = motion.along_pt.suffix(60)
    #expect((last.max() ?? 0) - (last.min() ?? 0) > 10)
    #expect(long == short)
  }

  @Test("a scene shorter than the window is not cut")
  func shortScene() throws {
    let report = try ExportReport(swinging(duration_s: 3), name: "swing", targets: [.swiftui])
    #expect(try #require(report.motion).count == 181)
  }
}
