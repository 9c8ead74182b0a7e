import FeelScene

/// What the notebook shows for an experiment with no motion to replay (a recognizer experiment
/// reads a corpus of touches and runs no scene): tables and drawings of traces, written into
/// the page as HTML and inline SVG by Swift, with no explorer of motion; its data script holds
/// the grid's metrics only, for the page's grid explorer (`NotebookBuilder.gridDataScript`).
/// Every text is escaped when the page is written.
public struct NotebookSummary: Sendable, Equatable {
  /// One line for the section's header, after the grid size ("no motion to replay: …").
  public var note: String
  public var tables: [NotebookTable]
  /// A heading over the drawings; empty when there are none.
  public var drawingsTitle = ""
  public var drawings: [NotebookTraceDrawing] = []
}

/// A table of text cells.
public struct NotebookTable: Sendable, Equatable {
  public var caption: String
  public var columns: [String]
  public var rows: [[String]]
  /// A tooltip for each row's first cell (a metric's definition); nil for none.
  public var rowTitles: [String?] = []
}

/// One finger trace drawn as the page shows it: its path (pt, y down), a circle of `radius_pt`
/// around its first sample (the slop), its first and last samples, and the sample that decided
/// how it was read, if one did.
public struct NotebookTraceDrawing: Sendable, Equatable {
  public var title: String
  public var caption: String
  public var points_pt: [Point]
  public var radius_pt: Double
  /// The index into `points_pt` of the deciding sample; nil when a timer decided (a hold).
  public var marked: Int?
}

extension NotebookSummary {
  /// The summary's HTML: its tables, then its drawings as inline SVG (presentation attributes
  /// only: the page's content security policy allows no inline style).
  var html: String {
    let e = HTMLText.escape
    var out = "<div class=\"summary\">\n"
    for table in tables {
      out += "<table class=\"metrics summary-table\"><caption>\(e(table.caption))</caption>\n<tr>"
      for column in table.columns { out += "<th>\(e(column))</th>" }
      out += "</tr>\n"
      for (r, row) in table.rows.enumerated() {
        out += "<tr>"
        for (c, cell) in row.enumerated() {
          let title = c == 0 && r < table.rowTitles.count ? table.rowTitles[r] : nil
          out +=
            c == 0
            ? "<th\(title.map { " title=\"\(e($0))\"" } ?? "")>\(e(cell))</th>"
            : "<td>\(e(cell))</td>"
        }
        out += "</tr>\n"
      }
      out += "</table>\n"
    }
    if !drawings.isEmpty {
      out += "<h3>\(e(drawingsTitle))</h3>\n<div class=\"trace-drawings\">\n"
      for drawing in drawings { out += drawing.html }
      out += "</div>\n"
    }
    return out + "</div>\n"
  }
}

extension NotebookTraceDrawing {
  /// A figure with an SVG of the trace, scaled to fit its bounds and the circle.
  var html: String {
    let e = HTMLText.escape
    let first = points_pt.first ?? Point(0, 0)
    var minX = first.x - radius_pt
    var maxX = first.x + radius_pt
    var minY = first.y - radius_pt
    var maxY = first.y + radius_pt
    for p in points_pt {
      minX = min(minX, p.x)
      maxX = max(maxX, p.x)
      minY = min(minY, p.y)
      maxY = max(maxY, p.y)
    }
    let span = max(maxX - minX, maxY - minY, 4)
    let pad = 0.08 * span
    let size = span + 2 * pad
    let cx = (minX + maxX) / 2
    let cy = (minY + maxY) / 2
    func n(_ x: Double) -> String { SceneTOMLWriter.number((x * 100).rounded() / 100) }
    let box = [cx - size / 2, cy - size / 2, size, size].map(n).joined(separator: " ")
    let dot = n(size / 45)
    var out = "<figure class=\"trace-drawing\">"
    out +=
      "<svg viewBox=\"\(box)\" width=\"200\" height=\"200\" role=\"img\" "
      + "aria-label=\"\(e(title))\">"
    out +=
      "<rect x=\"\(n(cx - size / 2))\" y=\"\(n(cy - size / 2))\" width=\"\(n(size))\" "
      + "height=\"\(n(size))\" fill=\"#fbfbfd\"/>"
    out +=
      "<circle cx=\"\(n(first.x))\" cy=\"\(n(first.y))\" r=\"\(n(radius_pt))\" fill=\"none\" "
      + "stroke=\"#00a0c0\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\" "
      + "vector-effect=\"non-scaling-stroke\"/>"
    let path = points_pt.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
    out +=
      "<polyline points=\"\(path)\" fill=\"none\" stroke=\"#3b3b4f\" stroke-width=\"1.5\" "
      + "stroke-linejoin=\"round\" vector-effect=\"non-scaling-stroke\"/>"
    for p in points_pt {
      out += "<circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"\(dot)\" fill=\"#3b3b4f\"/>"
    }
    let big = n(size / 22)
    out += "<circle cx=\"\(n(first.x))\" cy=\"\(n(first.y))\" r=\"\(big)\" fill=\"#2a9d8f\"/>"
    if let last = points_pt.last {
      out += "<circle cx=\"\(n(last.x))\" cy=\"\(n(last.y))\" r=\"\(big)\" fill=\"#8d8d9b\"/>"
    }
    if let marked, marked < points_pt.count {
      let p = points_pt[marked]
      out +=
        "<circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"\(big)\" fill=\"none\" "
        + "stroke=\"#d62828\" stroke-width=\"2.5\" vector-effect=\"non-scaling-stroke\"/>"
    }
    out += "</svg><figcaption><strong>\(e(title))</strong><br>\(e(caption))</figcaption></figure>\n"
    return out
  }
}
