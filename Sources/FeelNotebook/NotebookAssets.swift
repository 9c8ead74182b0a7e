import Foundation

/// The page's static files, shipped as this module's resources (Resources/); `feel notebook`
/// copies them next to index.html, and index.html loads the scripts in this order.
public enum NotebookAssets {
  /// The asset files, relative to `directory` and to the notebook folder: the style sheet,
  /// then the scripts in load order. The scripts are classic scripts (a file:// page cannot load
  /// ES modules) sharing one namespace, `window.FeelLab`; a script may use what the scripts
  /// before it define. Resources/js/base.js says how they fit together.
  ///
  /// The skins (`js/skin-NAME.js`, one per way of drawing a control) are not listed: a notebook
  /// loads the ones its resources hold (`files(skins:)`), right after `js/stage.js`, so a new
  /// skin is a new file and nothing else.
  public static let files = [
    "notebook.css",
    // what every script uses: the page's configuration, text, the DOM helper
    "js/base.js",
    "js/codec.js",  // the trajectory codec (TrajectoryCodec.swift)
    "js/comps.js",  // the controls' constants and the comps
    "js/grid.js",  // the grid's metrics (GridMetricCodec.swift)
    "js/solve.js",  // feel solve's rules on the grid's metrics
    "js/experiment.js",  // one experiment's data: grid, constants, metrics, motion
    "js/glyph.js",  // the controls' glyphs: FeelSVG's canvas data, drawn
    "js/stage.js",  // a panel's canvas, the fingers; the contract of control skins
    // the skins: js/skin-NAME.js, in name order (`files(skins:)`)
    "js/chart.js",  // the x(t) chart
    "js/grid-chart.js",  // a metric over the grid: heatmap or lines, pointer and click
    "js/export.js",  // Swift, Objective-C and scene-file export
    "js/export-springs.js",  // feel export's reports: SwiftUI, Core Animation, Compose, CSS
    // the explorer's parts, each an object with its own state: the clock and the animation
    // loop, the axis controls, the panels, the grid's charts, the targets, the metrics, the
    // export and save boxes, the live panel (built by the studio's live/live-panel.js when served)
    "js/playback.js",
    "js/explorer-controls.js",
    "js/explorer-panels.js",
    "js/explorer-charts.js",
    "js/explorer-solve.js",
    "js/explorer-metrics.js",
    "js/explorer-export.js",
    "js/explorer-live.js",
    "js/explorer.js",  // the explorer: the selection and the panels' stacks, composing its parts
    "js/grid-view.js",  // an experiment shown as a summary: the grid's charts and targets
    "js/library.js",  // the comps library section
    "js/loader.js",  // loading the data scripts, building the explorers
    "js/main.js",  // window.feelNotebook (for tests), then the page starts
  ]

  /// The skin every notebook has: it draws any scene.
  public static let genericSkin = "generic"

  /// `files` with the scripts of `skins` (names: `castro` for `js/skin-castro.js`) after
  /// `js/stage.js`, in name order.
  public static func files(skins: [String]) -> [String] {
    var out = files
    let at = out.firstIndex(of: "js/stage.js")! + 1
    out.insert(contentsOf: Set(skins).sorted().map { "js/skin-\($0).js" }, at: at)
    return out
  }

  /// The skin names among the file names of the `js` folder (`skin-castro.js` → `castro`).
  public static func skins(amongFiles names: [String]) -> [String] {
    names.compactMap { name -> String? in
      guard name.hasPrefix("skin-"), name.hasSuffix(".js") else { return nil }
      let skin = String(name.dropFirst(5).dropLast(3))
      return skin.isEmpty ? nil : skin
    }.sorted()
  }

  /// The style sheets of `files`, in order.
  public static var styleSheets: [String] { files.filter { $0.hasSuffix(".css") } }

  /// The scripts of `files(skins:)`, in load order.
  public static func scripts(skins: [String]) -> [String] {
    files(skins: skins).filter { $0.hasSuffix(".js") }
  }

  /// The folder holding the assets for this process: `directory(forExecutable:)` of the
  /// running executable (nil if the resources are missing).
  public static var directory: URL? {
    directory(forExecutable: Bundle.main.executableURL)
  }

  /// The folder SwiftPM builds the resources into, beside the executables
  /// (`.build/release/FeelLab_FeelNotebook.resources` on Linux, `.bundle` on Apple systems);
  /// `make install` copies it into PREFIX/share/feel.
  public static let bundleName: String = {
    #if canImport(Darwin)
      "FeelLab_FeelNotebook.bundle"
    #else
      "FeelLab_FeelNotebook.resources"
    #endif
  }()

  /// Where an executable looks for `bundleName`, in order: beside it (the build folder, or a
  /// copy of the bundle next to the binary), then `../share/feel/` (`make install`'s
  /// PREFIX/bin/feel and PREFIX/share/feel). `executable` is taken as given: resolve its
  /// symbolic links first (`directory(forExecutable:)` does).
  public static func bundleCandidates(besideExecutable executable: URL) -> [URL] {
    let bin = executable.deletingLastPathComponent()
    let prefix = bin.deletingLastPathComponent()
    return [
      bin.appendingPathComponent(bundleName),
      prefix.appendingPathComponent("share/feel").appendingPathComponent(bundleName),
    ]
  }

  /// The asset folder (the bundle's `Resources`) for the executable at `executable`: the first
  /// of `bundleCandidates` that holds it, after resolving the executable's symbolic links (a
  /// `feel` linked into another folder of PATH finds the bundle of the file it points to);
  /// else the bundle SwiftPM built (`Bundle.module`, which also looks in the package's build
  /// folder, and stops the program, naming both places, if neither holds it). The one lookup
  /// of the page files, for every executable that serves or copies them.
  public static func directory(forExecutable executable: URL?) -> URL? {
    if let executable {
      let resolved = executable.standardizedFileURL.resolvingSymlinksInPath()
      for candidate in bundleCandidates(besideExecutable: resolved) {
        if let url = Bundle(url: candidate)?.url(forResource: "Resources", withExtension: nil) {
          return url
        }
      }
    }
    return Bundle.module.url(forResource: "Resources", withExtension: nil)
  }
}
