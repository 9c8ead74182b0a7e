import FeelScene

/// A malformed control file, or a set of control files that clash: where it is wrong and what
/// was expected there, as one line (`InputError` gives the message's form). The control
/// reader's own error type: `ControlReader` and `ControlSet` throw it.
public typealias ControlError = InputError<ControlFile>

/// A table of a control file, read with the scene reader's machinery into control errors.
typealias ControlTable = TOMLFileTable<ControlFile>

extension TextFile.Kind {
  /// A control file (docs/controls.md).
  public static let control = TextFile.Kind(
    name: "control file", expected: "a control file (TOML, UTF-8; docs/controls.md)")
}
