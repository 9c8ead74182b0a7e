import FeelControl
import FeelCore
import FeelScene

extension NotebookBuilder {
  /// One scene's drawing data as a skin reads it (the fields of the page's `Experiment.motion`
  /// that are not frames: sizes, screen, start, target, snaps, attachments, fields, the
  /// candidates a release picks among, the measured item's value labels, `commitAfter`) with
  /// the control's page entry (`ControlFile.literal`): the studio page (docs/studio.md) builds
  /// its live motion from it and draws it with the control's skin, as the notebook does.
  public static func stageLiteral(
    _ r: PointRecord, control: ControlFile?, glyphs: [NotebookGlyph], commitAfter_s: Double?
  ) -> JSONTree {
    .object([
      ("fps", .number(r.frameRate_hz)),
      ("w", .number(r.sizes[r.item].x)), ("h", .number(r.sizes[r.item].y)),
      ("sw", .number(r.screen_pt.x)), ("sh", .number(r.screen_pt.y)),
      ("x0", .number(r.start_pt.x)), ("y0", .number(r.start_pt.y)),
      ("tx", .number(r.target_pt?.x)), ("ty", .number(r.target_pt?.y)),
      ("item", .int(r.item)),
      ("sizes", .array(r.sizes.map { .numbers([$0.x, $0.y]) })),
      ("shapes", .array(r.bounds.map(Self.shapeLiteral))),
      ("snaps", snapsLiteral(r)), ("links", linksLiteral(r)),
      ("fields", .array(r.fields.map(\.literal))),
      ("candidates", .array(r.candidates.map { .numbers([$0.x, $0.y]) })),
      ("unpicked", r.unpicked_pt.map { .numbers([$0.x, $0.y]) } ?? .null),
      ("labels", r.valueLabels.map(valueLabelsLayout) ?? .null),
      ("commitAfter", .number(commitAfter_s)),
      ("control", control.map { $0.literal(glyphs: glyphs) } ?? .null),
    ])
  }
}
