import Foundation
import Testing

/// The object a script assigns, read as JSON: the text after `marker` up to the script's last
/// `;` and line break. The default marker finds a notebook data script's object
/// (`window.FEEL_NOTEBOOK_DATA["ID"] = {…};`); `window.FEEL_NOTEBOOK = ` finds the manifest's.
public func assignedObject(
  _ script: String, after marker: String = "] = ",
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> [String: Any] {
  let start = try #require(script.range(of: marker), sourceLocation: sourceLocation).upperBound
  let end = try #require(
    script.range(of: ";\n", options: .backwards), sourceLocation: sourceLocation
  ).lowerBound
  let json = try JSONSerialization.jsonObject(with: Data(script[start..<end].utf8))
  return try #require(json as? [String: Any], sourceLocation: sourceLocation)
}
