/// The notebook's index.html: one section per experiment (title, description, charts, an
/// explorer the script fills in; for an experiment shown as a summary, its tables and drawings
/// and a grid explorer). Every name from an experiment file is HTML-escaped here; the
/// script only ever sets them as text.
public enum NotebookPage {
  /// `scripts`: the page's scripts in load order (`NotebookAssets.scripts(skins:)`).
  public static func html(
    _ experiments: [NotebookExperiment], reports: [NotebookReport], charts: [NotebookChart] = [],
    version: String, scripts: [String] = NotebookAssets.scripts(skins: [NotebookAssets.genericSkin])
  ) -> String {
    let e = HTMLText.escape
    var out = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
      <title>FeelLab notebook</title>

      """
    for sheet in NotebookAssets.styleSheets {
      out += "<link rel=\"stylesheet\" href=\"\(e(sheet))\">\n"
    }
    out += """
      </head>
      <body>
      <header class="top">
      <h1>FeelLab notebook</h1>
      <p class="lede">Every frame on this page was computed by FeelLab's UIKit Dynamics engine \
      (the same numbers as <code>feel run</code>); the page only draws them. Pick constants \
      with the controls, watch each control (and the finger) at real speed, compare comps side \
      by side and copy the constants as Swift, Objective-C or a scene file.</p>
      <p class="meta">FeelLab \(e(version)) · \(experiments.count) experiment\(experiments.count == 1 ? "" : "s")</p>
      <nav class="toc" aria-label="Experiments"><ol>

      """
    for experiment in experiments {
      out += "<li><a href=\"#\(e(anchor(experiment)))\">\(e(experiment.title))</a></li>\n"
    }
    out += """
      </ol></nav>
      </header>

      """
    if !charts.isEmpty {
      out +=
        "<section class=\"overview\" aria-label=\"Charts\">\n" + chartFigures(charts)
        + "</section>\n"
    }
    out += """
      <section class="comps-library" id="comps" aria-labelledby="comps-title">
      <h2 id="comps-title">Comps</h2>
      <p class="hint">A comp is a named set of some constants, like a Photoshop layer comp. \
      Stack comps in a comparison panel: a later comp overrides an earlier one and a constant \
      no comp sets falls through to the explorer's selection. Comps you save are kept in this \
      browser (localStorage).</p>
      <div class="comps-list" data-role="comps-list"></div>
      </section>

      """
    for (experiment, report) in zip(experiments, reports) {
      out += section(experiment, report: report)
    }
    out += """
      <footer class="bottom"><p>Written by <code>feel notebook</code>. Data: \
      <code>data/*.js</code> (positions quantised to 1/100 pt). Opens from disk; uses no \
      network.</p></footer>
      <script src="data/notebook.js"></script>

      """
    for script in scripts {
      out += "<script src=\"\(e(script))\"></script>\n"
    }
    out += """
      </body>
      </html>

      """
    return out
  }

  /// Scripts, styles and images from files only (`'self'`, and `file:` for browsers whose
  /// file:// pages have no 'self'); no network, no fetch, no inline script (so an injected
  /// handler could not run even if escaping failed).
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self' file:; style-src 'self' file:; "
    + "img-src 'self' file: data:; connect-src 'none'; base-uri 'none'; form-action 'none'"

  static func anchor(_ experiment: NotebookExperiment) -> String { "experiment-" + experiment.id }

  static func section(_ experiment: NotebookExperiment, report: NotebookReport) -> String {
    let e = HTMLText.escape
    var out = """
      <section class="experiment" id="\(e(anchor(experiment)))" data-experiment="\(e(experiment.id))">
      <h2>\(e(experiment.title))</h2>
      <p class="meta"><code>\(e(experiment.file))</code> · \(report.gridPoints) grid point\(report.gridPoints == 1 ? "" : "s")\
      \(experiment.summary.map { " · " + e($0.note) } ?? storedNote(experiment, report: report))</p>

      """
    for paragraph in HTMLText.paragraphs(experiment.description) {
      out += "<p class=\"description\">\(paragraph)</p>\n"
    }
    if experiment.charts.isEmpty {
      out += "<p class=\"no-charts\">No charts yet: <code>make plots</code> draws them.</p>\n"
    } else {
      out += chartFigures(experiment.charts)
    }
    if let summary = experiment.summary {
      // the tables and drawings, then the grid's charts and targets (js/grid-view.js)
      return out + summary.html + """
        <div class="grid-explorer" data-experiment="\(e(experiment.id))">\
        <p class="loading">Loading the grid's charts…</p></div>
        </section>

        """
    }
    out += """
      <div class="explorer" data-experiment="\(e(experiment.id))">\
      <p class="loading">Loading the explorer…</p></div>
      </section>

      """
    return out
  }

  static func chartFigures(_ charts: [NotebookChart]) -> String {
    let e = HTMLText.escape
    var out = "<div class=\"charts\">\n"
    for chart in charts {
      out += "<figure class=\"chart\">"
      if let png = chart.png {
        let image = "<img src=\"\(e(png))\" alt=\"\(e(chart.name))\" loading=\"lazy\">"
        out += chart.svg.map { "<a href=\"\(e($0))\">\(image)</a>" } ?? image
      } else if let svg = chart.svg {
        out += "<img src=\"\(e(svg))\" alt=\"\(e(chart.name))\" loading=\"lazy\">"
      }
      out += "<figcaption>\(e(chart.name))"
      if let svg = chart.svg { out += " · <a href=\"\(e(svg))\">SVG</a>" }
      if let png = chart.png { out += " · <a href=\"\(e(png))\">PNG</a>" }
      out += "</figcaption></figure>\n"
    }
    return out + "</div>\n"
  }

  /// " · trajectories for every point", or which subset was stored.
  static func storedNote(_ experiment: NotebookExperiment, report: NotebookReport) -> String {
    if report.storedPoints >= report.gridPoints { return " · motion stored for every point" }
    let e = HTMLText.escape
    let parts = zip(experiment.axes, report.strides).filter { $0.1 > 1 }.map { axis, stride in
      "every \(ordinal(stride)) \(e(axis.name)) value"
    }
    return " · motion stored for \(report.storedPoints) points (\(parts.joined(separator: ", ")), "
      + "plus each axis's last and the base scene's value); the charts use the whole grid"
  }

  static func ordinal(_ n: Int) -> String {
    let suffix: String
    switch (n % 10, n % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(n)\(suffix)"
  }
}
