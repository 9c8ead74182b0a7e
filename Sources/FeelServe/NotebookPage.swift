import Dispatch
import FeelCommandSupport
import FeelNotebook
import FeelScene
import Foundation
import Hummingbird
import Logging

/// The pages the server shows: the studio at `/` (`studio/index.html` and its script and style,
/// from this build's FeelNotebook resources, served as they are: its data comes from
/// `/api/studio`), and the notebook at `/notebook` (`feel notebook`'s page of the same
/// experiments, docs/notebook.md), built in memory the first time it is asked for and served
/// from there: nothing is written to disk. The notebook's own files come from the resources
/// too, the charts from the folder `make plots` drew them in.
actor NotebookPage {
  /// The experiments the pages show (paths under the root).
  nonisolated let experimentFiles: [String]
  /// The control files and scenes given besides (the studio's, `ServeFiles`).
  nonisolated let served: ServeFiles
  private let inputs: NotebookInputs
  private let threads: Int
  private let logger: Logger
  /// The generated files (index.html, the data scripts), built once, by URL path.
  private var built: Task<[String: ByteBuffer], Never>?
  /// The files served as they are, read when asked for: the page's scripts and style from
  /// this build's resources, the charts from `make plots`' folder; by URL path.
  private let onDisk: [String: String]
  /// The skins the pages draw with (`js/skin-NAME.js` among the resources).
  private let skins: [String]

  init(inputs: NotebookInputs, threads: Int, logger: Logger, served: ServeFiles? = nil) {
    self.inputs = inputs
    self.threads = threads
    self.logger = logger
    experimentFiles = inputs.experiments.map(\.file)
    self.served = served ?? ServeFiles(experiments: experimentFiles)
    var onDisk: [String: String] = [:]
    for name in inputs.pageFiles {
      onDisk["/" + name] = inputs.assets.appendingPathComponent(name).path
    }
    for (source, target) in inputs.chartCopies { onDisk["/" + target] = source }
    for name in Self.liveScripts + Self.studioFiles {
      onDisk["/" + name] = inputs.assets.appendingPathComponent(name).path
    }
    onDisk["/"] = inputs.assets.appendingPathComponent(Self.studioFiles[0]).path
    self.onDisk = onDisk
    skins = inputs.skins
  }

  /// Whether `path` is one of the files the notebook's build generates (its `index.html`,
  /// served as `/notebook`, and `data/…`).
  private static func isGenerated(_ path: String) -> Bool {
    path == Self.notebookPath || path.hasPrefix("/data/")
  }

  /// Where the notebook's page is served. Its files' relative URLs (`js/…`, `data/…`) resolve
  /// against `/`, where they are.
  static let notebookPath = "/notebook"

  /// The studio's page, script and style (FeelNotebook's resources).
  static let studioFiles = [
    "studio/index.html", "studio/studio.js", "studio/studio-plot.js", "studio/studio-sweep.js",
    "studio/studio-stage.js", "studio/studio.css",
  ]

  /// The answer for `GET path`: the file, or 404.
  func response(for path: String) async throws(APIError) -> Response {
    var fields = ServeResponses.commonHeaders
    if Self.isGenerated(path) {
      let files = await generated()
      let file = path == Self.notebookPath ? "/index.html" : path
      if let body = files[file] {
        fields[.contentType] = Self.contentType(file)
        return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: body))
      }
    } else if let file = onDisk[path], var data = FileManager.default.contents(atPath: file) {
      if file == onDisk["/"] {
        data = Data(Self.studioServed(String(decoding: data, as: UTF8.self), skins: skins).utf8)
      }
      fields[.contentType] = Self.contentType(path == "/" ? file : path)
      return Response(
        status: .ok, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
    throw .notFound
  }

  /// The generated files, built the first time they are asked for (that request waits).
  private func generated() async -> [String: ByteBuffer] {
    if let built { return await built.value }
    let inputs = inputs
    let threads = threads
    let logger = logger
    let task = Task<[String: ByteBuffer], Never> {
      await withCheckedContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
          let start = Date()
          let files = Self.build(inputs, threads: threads)
          logger.info(
            "notebook page built in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
          continuation.resume(returning: files)
        }
      }
    }
    built = task
    return await task.value
  }

  private static func build(_ inputs: NotebookInputs, threads: Int) -> [String: ByteBuffer] {
    let built = inputs.build(
      NotebookOptions(
        maxStoredPoints: NotebookOptions.defaultMaxStoredPoints,
        maxGridPoints: NotebookOptions.defaultMaxGridPoints,
        maxExportPoints: NotebookOptions.defaultMaxExportPoints, threads: threads,
        version: FeelLabVersion.current, skins: inputs.skins))
    var files: [String: ByteBuffer] = [:]
    for file in built.files {
      let contents = file.path == "index.html" ? Self.served(file.contents) : file.contents
      files["/" + file.path] = ByteBuffer(string: contents)
    }
    return files
  }

  /// The studio's own scripts (docs/live-panel.md), which the static notebook
  /// does not ship: the live panel's sessions, sliders and saving, in FeelNotebook's resources.
  static let liveScripts = [
    "live/live-motion.js", "live/live-panel.js", "live/live-session.js", "live/live-sweep.js",
  ]

  /// The notebook's index.html as the studio serves it: its scripts may connect to this server
  /// (the static page's policy allows no connection at all), and the live scripts load before
  /// `js/main.js` starts the page, so every explorer builds its live panel with them.
  static func served(_ html: String) -> String {
    var html = html.replacingOccurrences(
      of: "connect-src 'none'", with: "connect-src 'self'")
    let main = "<script src=\"js/main.js\"></script>"
    let live = liveScripts.map { "<script src=\"\($0)\"></script>\n" }.joined()
    html = html.replacingOccurrences(of: main, with: live + main)
    return html
  }

  /// The scripts the studio's page shares with the notebook, loaded before its own: the page's
  /// namespace and text helpers, the glyphs, the skins' contract (js/stage.js) and every skin,
  /// the live motion a skin draws and the live panel's helpers (`FL.live`: the export report,
  /// "Save as comp", the late rule's sample times).
  static func studioScripts(skins: [String]) -> [String] {
    ["js/base.js", "js/glyph.js", "js/stage.js"] + Set(skins).sorted().map { "js/skin-\($0).js" }
      + [
        "live/live-motion.js", "live/live-panel.js", "live/live-sweep.js",
      ]
  }

  /// The studio's index.html as served: the shared scripts before its own (the first,
  /// `studio/studio-plot.js`).
  static func studioServed(_ html: String, skins: [String]) -> String {
    let own = "<script src=\"studio/studio-plot.js\"></script>"
    let shared = studioScripts(skins: skins).map { "<script src=\"\($0)\"></script>\n" }.joined()
    return html.replacingOccurrences(of: own, with: shared + own)
  }

  /// The content type of a page file, by its extension.
  static func contentType(_ path: String) -> String {
    switch (path as NSString).pathExtension.lowercased() {
    case "html": "text/html; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "js": "text/javascript; charset=utf-8"
    case "json": "application/json; charset=utf-8"
    case "svg": "image/svg+xml"
    case "png": "image/png"
    default: "application/octet-stream"
    }
  }
}
