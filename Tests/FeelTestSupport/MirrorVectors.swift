import Foundation
import Testing

/// The vectors the notebook's scripts are checked against where they mirror a Swift rule (the
/// trajectory and grid-metric codecs, `feel solve`'s grid answer): inputs drawn by a seeded
/// generator, outputs computed by the Swift code itself, written as JSON files in
/// `Tests/FeelTestSupport/MirrorVectors/`. The Swift tests compare what the Swift code computes
/// now with the committed file; Tests/Contract/Notebook's browser test feeds the same inputs to
/// the page's scripts and compares their outputs with it. So a rule changed on one side only
/// fails a test.
///
/// `FEEL_RECORD=1 swift test --filter MirrorVectorsTests` rewrites the files and fails (as
/// `GoldenRecording`), so a recording run never passes as a test.
public enum MirrorVectors {
  /// The folder of the vector files.
  public static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("MirrorVectors")

  /// Compares `text` (the vectors as the Swift code computes them now) with the committed file
  /// `name`; with `FEEL_RECORD` set, writes it there and records a failure.
  public static func check(
    _ text: String, file name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = folder.appendingPathComponent(name)
    if GoldenRecording.isRequested {
      try Data(text.utf8).write(to: url, options: .atomic)
      Issue.record(
        "FEEL_RECORD is set: wrote \(url.path); run again without FEEL_RECORD",
        sourceLocation: sourceLocation)
      return
    }
    let committed = try String(contentsOf: url, encoding: .utf8)
    let message =
      "\(name) differs from what the Swift code computes: a rule the notebook mirrors "
      + "changed (change js/ with it, then FEEL_RECORD=1)"
    #expect(committed == text, Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}
