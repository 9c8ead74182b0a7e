/// What a touch of a corpus was meant to be (its label), and what the recognizer read it as.
/// A corpus file's name starts with its label (`tap-3.csv`); the synthetic generator makes
/// each kind (`SyntheticCorpus`).
public enum GestureLabel: String, CaseIterable, Sendable, Equatable, Comparable {
  /// A finger put down and lifted, meant as a tap.
  case tap
  /// A finger moved, meant as a drag (a pan, a scrub).
  case drag
  /// A finger kept down, meant as a long press.
  case hold

  /// The plural as headers and tables write it: `taps`, `drags`, `holds`.
  public var plural: String { rawValue + "s" }

  /// `1 tap`, `2 taps`.
  public func counted(_ n: Int) -> String { "\(n) \(n == 1 ? rawValue : plural)" }

  /// The label a corpus file's name gives: the text before its first `-`, when that is a
  /// label (`drag-slow-2.csv` → drag); nil otherwise.
  public init?(fileName: String) {
    guard let dash = fileName.firstIndex(of: "-") else { return nil }
    self.init(rawValue: String(fileName[..<dash]))
  }

  public static func < (a: GestureLabel, b: GestureLabel) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}
