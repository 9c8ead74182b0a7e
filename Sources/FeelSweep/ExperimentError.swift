import FeelScene

/// A malformed experiment file, or one that does not fit its base scene or corpus: where in the
/// experiment file it is wrong and what was expected there, as one line (`InputError` gives the
/// message's form). The experiment reader's own error type: `ExperimentReader`, `CorpusSpec`
/// and `ParameterGrid`'s checks throw it.
public typealias ExperimentError = InputError<Experiment>

/// A table of an experiment file, read with the scene reader's machinery into experiment errors.
typealias ExperimentTable = TOMLFileTable<Experiment>
