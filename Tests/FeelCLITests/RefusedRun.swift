import FeelTestSupport
import Foundation
import Testing

/// Writes `text` as bad.toml in a fresh folder, runs `feel run bad.toml` and expects the
/// refusal every bad scene gets: exit status 2, no rows on standard output, exactly one
/// message on standard error. Returns that message, for the caller's own checks.
func refusedRunMessage(
  _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
  let folder = try TemporaryFolder()
  try folder.write(text, to: "bad.toml")
  let result = try runFeel(["run", "bad.toml"], in: folder.url)
  #expect(result.status == 2, sourceLocation: sourceLocation)
  #expect(result.stdout.isEmpty, "rows written: \(result.output)", sourceLocation: sourceLocation)
  let lines = result.errorLines
  #expect(
    lines.count == 1, "expected one message, got: \(result.errors)",
    sourceLocation: sourceLocation)
  return String(lines.first ?? "")
}

/// Expects `message` to contain every fragment.
func expectFragments(
  _ fragments: [String], in message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  for fragment in fragments {
    #expect(
      message.contains(fragment), "missing \(fragment) in: \(message)",
      sourceLocation: sourceLocation)
  }
}
