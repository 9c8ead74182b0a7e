import FeelTestSupport
import Foundation
import Testing

/// `feel controls` prints each preset's constants as the notebook reads them (docs/controls.md,
/// "What each tool takes from it"): a `gap_to` constant from the target the release picks, not
/// the file's snap point (issue 35: 320 pt shown for a 20 pt gap).
@Suite("feel controls: each preset's constants")
struct ControlsPresetValuesTests {
  @Test("the bottom sheet's stop gap is read from the detent its release picks")
  func gapFromThePickedDetent() throws {
    let folder = "Tests/Controls/bottom-sheet"
    let scene = "\(folder)/scenes/bottom-sheet.toml"
    // the detent the release picks, as `feel run --events` reports the drag-ended rule
    let run = try runFeel(["run", scene, "--events"])
    #expect(run.status == 0, "\(run.errors)")
    let pick = try #require(
      run.errorLines.first { $0.contains("drag-ended") && $0.contains(" snap detent-snap point ") })
    let words = pick.components(separatedBy: " snap detent-snap point ")[1].split(separator: " ")
    let picked = try #require(Double(words[1]))
    // closed form: the stop (at y = 100 in the file) above the 600 pt sheet's top edge there
    let gap = (picked - 300) - 100
    #expect(gap == 20)
    let result = try runFeel(["controls", "--folder", folder])
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output.contains(
        "  preset bottom-sheet\n    values: damping 0.3, stop \(Int(gap)) pt, "
          + "projection 0.998 per ms\n"), "\(result.output)")
  }

  @Test("Castro's tap hint reads its wall offset from its snap point")
  func castroWall() throws {
    let result = try runFeel(["controls"])
    #expect(result.status == 0, "\(result.errors)")
    // the left wall at x = −10, the bar's left edge at its snap point 160 − 320/2 = 0: 10 pt
    #expect(
      result.output.contains(
        "  preset castro-tap-hint-left\n    values: damping 0.35, push 4, gravity 2, wall 10 pt, "
          + "width 320 pt\n"), "\(result.output)")
  }
}
