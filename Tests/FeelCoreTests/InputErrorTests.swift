import FeelCore
import Testing

/// Every reader's input error reads `file:line: table key 'key': expected …, got …`, on one
/// line.
@Suite struct InputErrorTests {
  /// Two readers' files, for the errors' types.
  enum SceneFile {}
  enum ExperimentFile {}

  @Test("the message reads file:line: table key 'key': expected …, got …")
  func description() {
    let error = InputError<SceneFile>(
      file: "scenes/tap.toml", line: 14, table: #"behavior "hint-push""#, key: "magnitude",
      expected: "a number", got: #""four""#)
    #expect(
      error.description
        == #"scenes/tap.toml:14: behavior "hint-push" key 'magnitude': "#
        + #"expected a number, got "four""#)
    let topLevel = InputError<SceneFile>(
      file: "s.toml", key: "frame_rat", expected: "a key", got: "an unknown key",
      suggestion: "frame_rate")
    #expect(
      topLevel.description
        == "s.toml: key 'frame_rat': expected a key, got an unknown key; did you mean 'frame_rate'?"
    )
    let table = InputError<SceneFile>(
      file: "s.toml", line: 3, table: "rule #2", key: "", expected: "a rule")
    #expect(table.description == "s.toml:3: rule #2: expected a rule")
  }

  @Test("a syntax error has a column and the TOML reader's words")
  func syntax() {
    let error = InputError<SceneFile>(
      file: "f.toml", line: 3, column: 12, key: "", expected: "valid TOML",
      got: "error while parsing array")
    #expect(error.description == "f.toml:3:12: TOML syntax: error while parsing array")
  }

  @Test("what a file holds is quoted on one line")
  func oneLine() {
    let error = InputError<SceneFile>(
      file: "s.toml", line: 2, key: "id", expected: "an id", got: "\"a\nb\"")
    #expect(error.description == #"s.toml:2: key 'id': expected an id, got "a\nb""#)
  }

  @Test("another reader's error keeps its place and message")
  func conversion() {
    let scene = InputError<SceneFile>(
      file: "e.toml", line: 7, table: #"axis "damping""#, key: "rnage", expected: "a key",
      got: "an unknown key", suggestion: "range")
    let experiment = InputError<ExperimentFile>(scene)
    #expect(experiment.description == scene.description)
    #expect(experiment.line == 7 && experiment.suggestion == "range")
  }
}
