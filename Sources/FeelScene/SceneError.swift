/// A malformed scene file: where it is wrong and what was expected there, as one line
/// (`InputError` gives the message's form). The scene reader's own error type: experiment and
/// control files have theirs (`ExperimentError`, `ControlError`).
public typealias SceneError = InputError<Scene>
