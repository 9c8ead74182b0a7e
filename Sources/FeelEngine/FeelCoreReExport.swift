// FeelCore (quoted strings, name suggestions, one-line messages, the nine-digit formatter,
// SplitMix64, portable math, affine transforms) sits below the engine, and every module above
// the engine uses some of it. Re-exported here, as FeelScene re-exports FeelEngine, so that a
// module importing the engine (or the scene layer) has the helpers without an import of its
// own: FeelCore is a foundation of the package rather than a dependency each file chooses, and
// the many files that used the helpers when they lived in FeelScene and FeelTouch read the same.
// Modules that need only the helpers (FeelDial, feel-svg-fuzz) import FeelCore alone.
@_exported import FeelCore
