import FeelScene

/// A recognizer experiment's `[corpus]` table (docs/touches.md, "Recognizer experiment"): a
/// folder of recorded traces, labelled by their file names, and a seeded synthetic generator.
/// `feel` lists and reads the folder's files; `corpus(files:)` makes the corpus from their text.
public struct CorpusSpec: Sendable, Equatable {
  /// The folder of recorded traces as written, relative to the experiment file's folder; nil:
  /// none.
  public var folder: String?
  /// The synthetic traces; nil: none.
  public var synthetic: SyntheticCorpus?
  /// The `[corpus]` table, for messages about the corpus as a whole.
  public var location: SourceLocation
  /// The `folder` key.
  public var folderLocation: SourceLocation

  /// A file of the corpus folder: its name (`tap-3.csv`), its path as messages name it, and its
  /// text.
  public struct File: Sendable, Equatable {
    public var name: String
    public var shownPath: String
    public var text: String

    public init(name: String, shownPath: String, text: String) {
      self.name = name
      self.shownPath = shownPath
      self.text = text
    }
  }

  /// The error for a `folder` that is not there (or is a file): `resolved` is the folder it
  /// names, relative to the experiment file's folder, as the caller looked for it; `reason`:
  /// `no such folder`, `not a folder`.
  public func missingFolderError(resolved: String, reason: String) -> ExperimentError {
    folderLocation.error(
      expected: "a folder of recorded traces (LABEL-….csv), relative to the experiment file",
      got: "\"\(folder ?? "")\" (\(resolved): \(reason))")
  }

  /// Whether a folder entry is a corpus trace file: a visible `.csv` file. Other files (a
  /// README) are left alone.
  public static func isTraceFile(_ name: String) -> Bool {
    !name.hasPrefix(".") && name.lowercased().hasSuffix(".csv")
  }

  /// The corpus: the recorded `files` (`isTraceFile` ones, any order: they are sorted by name),
  /// each labelled by its name (`LABEL-….csv`) and parsed as a trace CSV (`TraceCSV`), then the
  /// synthetic traces. Throws for a file name without a label, a malformed trace (its file and
  /// line named) and an empty corpus. `folderShown`: the folder as the CSV header names it.
  public func corpus(files: [File], folderShown: String?) throws(ExperimentError) -> TouchCorpus {
    var recorded: [CorpusTrace] = []
    let labels = GestureLabel.allCases.map(\.rawValue)
    for file in files.sorted(by: { Array($0.name.utf8).lexicographicallyPrecedes($1.name.utf8) }) {
      guard let label = GestureLabel(fileName: file.name) else {
        let prefix = String(file.name.prefix { $0 != "-" && $0 != "." })
        throw ExperimentError(
          file: file.shownPath, table: "corpus trace", key: "",
          expected: "a file name that starts with its label and a dash ("
            + labels.map { "\($0)-….csv" }.joined(separator: ", ") + ")",
          got: "\"\(file.name)\"", suggestion: NameSuggestion.closest(to: prefix, among: labels)
        )
      }
      do {
        recorded.append(
          CorpusTrace(
            label: label, origin: .recorded(file: file.shownPath),
            samples: try TraceCSV.parse(file.text)))
      } catch {
        let column = error.column.isEmpty ? "" : " column '\(error.column)'"
        throw ExperimentError(
          file: file.shownPath, line: error.line, table: "corpus trace (\(label))\(column)",
          key: "", expected: error.expected, got: error.got)
      }
    }
    let corpus = TouchCorpus(recorded: recorded, folder: folderShown, synthetic: synthetic)
    if corpus.traces.isEmpty {
      var got: [String] = []
      if let folderShown { got.append("no LABEL-….csv file in \(folderShown)") }
      got.append("no synthetic traces (taps, drags, holds)")
      throw location.error(
        expected: "a corpus of at least one trace", got: got.joined(separator: " and "))
    }
    return corpus
  }
}
