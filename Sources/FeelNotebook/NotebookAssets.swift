import Foundation

/// The page's static files (notebook.js, notebook.css), shipped as this module's resources.
/// `feel notebook` copies them next to index.html.
public enum NotebookAssets {
  /// The asset file names, relative to `directory` and to the notebook folder.
  public static let files = ["notebook.js", "notebook.css"]

  /// The folder holding the assets in the built product (nil if the resources are missing).
  public static var directory: URL? {
    Bundle.module.url(forResource: "Resources", withExtension: nil)
  }
}
