import Foundation

/// The page's static files, shipped as this module's resources (Resources/); `feel notebook`
/// copies them next to index.html, and index.html loads the scripts in this order.
public enum NotebookAssets {
  /// The asset files, relative to `directory` and to the notebook folder: the style sheet,
  /// then the scripts in load order. The scripts are classic scripts (a file:// page cannot load
  /// ES modules) sharing one namespace, `window.FeelLab`; a script may use what the scripts
  /// before it define. Resources/js/base.js says how they fit together.
  public static let files = [
    "notebook.css",
    // what every script uses: the page's configuration, the gesture codes, text, the DOM helper
    "js/base.js",
    "js/codec.js",  // the trajectory codec (TrajectoryCodec.swift)
    "js/comps.js",  // the control's constants and the comps
    "js/grid.js",  // the grid's metrics (GridMetricCodec.swift)
    "js/solve.js",  // feel solve's rules on the grid's metrics
    "js/experiment.js",  // one experiment's data: grid, constants, metrics, motion
    "js/stage.js",  // a panel's canvas; the contract of control skins
    "js/skin-castro.js",  // the Castro bar and its timeline
    "js/chart.js",  // the x(t) chart
    "js/grid-chart.js",  // a metric over the grid: heatmap or lines, pointer and click
    "js/export.js",  // Swift, Objective-C and scene-file export
    "js/explorer.js",  // the explorer's state; the files after it add its parts
    "js/explorer-controls.js",
    "js/explorer-panels.js",
    "js/explorer-charts.js",
    "js/explorer-solve.js",
    "js/explorer-metrics.js",
    "js/explorer-export.js",
    "js/playback.js",  // the clock and the animation loop
    "js/library.js",  // the comps library section
    "js/loader.js",  // loading the data scripts, building the explorers
    "js/main.js",  // window.feelNotebook (for tests), then the page starts
  ]

  /// The style sheets of `files`, in order.
  public static var styleSheets: [String] { files.filter { $0.hasSuffix(".css") } }

  /// The scripts of `files`, in load order.
  public static var scripts: [String] { files.filter { $0.hasSuffix(".js") } }

  /// The folder holding the assets in the built product (nil if the resources are missing).
  public static var directory: URL? {
    Bundle.module.url(forResource: "Resources", withExtension: nil)
  }
}
