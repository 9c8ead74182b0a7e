import FeelScene
import FeelSweep
import Foundation

/// A scene to run or measure as `feel run` and `feel metrics` take it, and as feel-serve's
/// `/api/run` and `/api/metrics` describe it: a scene file or a scene's text, touches added to
/// it, and the values `--set` changes. `load()` is the one way both executables turn it into a
/// `Scene`, so that a request and the command line read the same scene with the same
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
  /// Values set by their experiment paths once the scene is read (`--set PATH=VALUE`), in
  /// order.
  public var settings: [SceneSetting]

  public init(_ source: Source, touches: [AddedTouch] = [], settings: [SceneSetting] = []) {
    self.source = source
    self.touches = touches
    self.settings = settings
  }

  /// `--set PATH=VALUE` as given on the command line, named so in messages.
  public static func setting(_ argument: String) throws(FeelError) -> SceneSetting {
    let shown = "--set '\(argument)'"
    do {
      return try SceneSetting(parsing: argument, shown: shown)
    } catch {
      throw FeelError(message(shown, error))
    }
  }

  /// The scene file `file` with the command line's `--set PATH=VALUE` arguments, as `feel run`
  /// and `feel metrics` read it.
  public static func file(_ file: String, settings arguments: [String]) throws(FeelError)
    -> SceneInput
  {
    var settings: [SceneSetting] = []
    for argument in arguments { settings.append(try setting(argument)) }
    return SceneInput(.file(file), settings: settings)
  }

  /// A request's `"set": {PATH: VALUE}` entry, named in messages as the `--set` option that
  /// gives the same value: `--set 'PATH=VALUE'`, VALUE written as TOML.
  public static func setting(path: String, value: AxisValue) -> SceneSetting {
    let written =
      switch value {
      case .number: value.csvCell
      case .string(let s): QuotedString.quoted(s)
      case .boolean(let b): b ? "true" : "false"
      }
    return SceneSetting(path: path, value: value, shown: "--set '\(path)=\(written)'")
  }

  /// The message of a setting's problem: `--set 'PATH=VALUE': expected …, got …`, with the
  /// experiment reader's "did you mean".
  static func message(_ shown: String, _ problem: SceneSetting.Problem) -> String {
    "\(shown): expected \(problem.expected), got \(problem.got)"
      + NameSuggestion.didYouMean(problem.suggestion)
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

  /// Reads and parses the scene (and the trace files it names), with the added touches, then
  /// sets the settings' values. `touchesMayWait`: drags and touch rules may name touches the
  /// scene lacks (a live session's scene, docs/live-protocol.md).
  public func load(touchesMayWait: Bool = false, log: InputLog? = nil) throws(FeelError) -> Scene {
    var scene = try read(touchesMayWait: touchesMayWait, log: log)
    do {
      try SceneSetting.apply(settings, to: &scene)
    } catch {
      throw FeelError(Self.message(error.setting.shown, error.problem))
    }
    return scene
  }

  /// The scene as read, with the added touches.
  private func read(touchesMayWait: Bool, log: InputLog?) throws(FeelError) -> Scene {
    switch source {
    case .file(let path):
      if touches.isEmpty {
        return try InputFile.scene(path, log: log, touchesMayWait: touchesMayWait)
      }
    case .text(let given, let name):
      // The checks a scene file's bytes get (empty, a NUL byte).
      do {
        _ = try TextFile.text(of: Array(given.utf8), file: name, kind: .scene)
      } catch {
        throw FeelError(error)
      }
    }
    return try InputFile.scene(
      text: try text(), named: name, log: log, touchesMayWait: touchesMayWait)
  }

  /// A number as a TOML value: a whole number as an integer (`240`), any other as Swift's
  /// shortest round-tripping form (`0.0166667`, `1e-05`).
  public static func tomlNumber(_ x: Double) -> String {
    if x == 0, x.sign == .minus { return "-0.0" }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return x.description
  }
}
