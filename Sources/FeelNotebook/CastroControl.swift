/// The Castro scrubber's drawing constants (docs/castro-scrubber.md, from the
/// SubjectiveCCastroControls sample, 2014): what the page draws around the simulated bar.
public enum CastroControl {
  /// Timeline height expanded, and the collapsed strip (pt).
  public static let timelineExpanded_pt = 22.0
  public static let timelineCollapsed_pt = 2.0
  /// The keyline between the timeline and the bar (pt).
  public static let keyline_pt = 1.0
  /// Expand animation when a drag begins; collapse animation when it ends (s).
  public static let expand_s = 0.2
  public static let collapse_s = 0.15
  /// Rewind, play/pause and forward buttons: width each (pt).
  public static let buttonWidth_pt = 60.0
  /// Grab handles: inset from each edge of the bar (pt).
  public static let handleInset_pt = 10.0
  /// Elapsed-time label: text width plus this padding (pt); bold 15 pt system font.
  public static let labelPadding_pt = 10.0
  public static let labelFontSize_pt = 15.0
  /// The episode the replay scrubs: 43:56 (the article's average top-10 podcast) with the
  /// playhead at 20:00 when the drag begins.
  public static let episodeTotal_s = 43.0 * 60 + 56
  public static let episodeElapsed_s = 20.0 * 60

  static var literal: JSLiteral {
    .object([
      ("timelineExpanded", .number(timelineExpanded_pt)),
      ("timelineCollapsed", .number(timelineCollapsed_pt)),
      ("keyline", .number(keyline_pt)),
      ("expand", .number(expand_s)),
      ("collapse", .number(collapse_s)),
      ("buttonWidth", .number(buttonWidth_pt)),
      ("handleInset", .number(handleInset_pt)),
      ("labelPadding", .number(labelPadding_pt)),
      ("labelFontSize", .number(labelFontSize_pt)),
      ("episodeTotal", .number(episodeTotal_s)),
      ("episodeElapsed", .number(episodeElapsed_s)),
    ])
  }
}
