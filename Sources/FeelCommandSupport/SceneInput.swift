import FeelScene
import Foundation

/// A scene to run or measure as `feel run` and `feel metrics` take it, and as feel-serve's
/// `/api/run` and `/api/metrics` describe it: a scene file or a scene's text, touches added to
/// it, and later the values `--set` changes. `load()` is the one way both executables turn it
/// into a `Scene`, so that a request and the command line read the same scene with the same
/// messages.
public struct SceneInput: Sendable {
  /// Where the scene's text comes from.
  public enum Source: Sendable, Equatable {
    /// A scene file (a path relative to the working folder, or absolute).
    case file(String)
    /// A scene's text given whole, named `name` in messages (`<request>`); its trace files are
    /// relative to the working folder.
    case text(String, name: String)
  }

  public var source: Source
  /// Fingers added after the scene's own `[[touch]]` sections, each as a `[[touch]]` with inline
  /// `samples` (docs/touches.md).
  public var touches: [AddedTouch]

  public init(_ source: Source, touches: [AddedTouch] = []) {
    self.source = source
    self.touches = touches
  }

  /// A finger given by its samples: a `[[touch]]` section with `id` and `samples`.
  public struct AddedTouch: Sendable, Equatable {
    public var id: String
    /// `[t_s, x_pt, y_pt]` each, as the scene file writes them.
    public var samples: [[Double]]

    public init(id: String, samples: [[Double]]) {
      self.id = id
      self.samples = samples
    }

    /// The section as TOML text, after a blank line: `[[touch]]`, `id = "f"`,
    /// `samples = [[0, 240, 25], …]`. Numbers are written in their shortest form that reads
    /// back as the same double.
    public var toml: String {
      let samples = samples.map { sample in
        "[" + sample.map(SceneInput.tomlNumber).joined(separator: ", ") + "]"
      }
      return "\n[[touch]]\nid = \(QuotedString.quoted(id))\nsamples = ["
        + samples.joined(separator: ", ") + "]\n"
    }
  }

  /// The name messages and reports give the scene: its path, or the text's name.
  public var name: String {
    switch source {
    case .file(let path): path
    case .text(_, let name): name
    }
  }

  /// The scene's text with the added touches after it: what a scene file edited by hand to
  /// hold them would contain (an error in them names a line after the original text's end).
  public func text() throws(FeelError) -> String {
    var text: String
    switch source {
    case .file(let path): text = try InputFile.text(path, .scene)
    case .text(let given, _): text = given
    }
    guard !touches.isEmpty else { return text }
    if !text.hasSuffix("\n") { text += "\n" }
    for touch in touches { text += touch.toml }
    return text
  }

  /// Reads and parses the scene (and the trace files it names), with the added touches.
  public func load() throws(FeelError) -> Scene {
    switch source {
    case .file(let path):
      if touches.isEmpty { return try InputFile.scene(path) }
    case .text(let given, let name):
      // The checks a scene file's bytes get (empty, a NUL byte).
      do {
        _ = try TextFile.text(of: Array(given.utf8), file: name, kind: .scene)
      } catch {
        throw FeelError(error)
      }
    }
    return try InputFile.scene(text: try text(), named: name)
  }

  /// A number as a TOML value: a whole number as an integer (`240`), any other as Swift's
  /// shortest round-tripping form (`0.0166667`, `1e-05`).
  static func tomlNumber(_ x: Double) -> String {
    if x == 0, x.sign == .minus { return "-0.0" }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return x.description
  }
}
