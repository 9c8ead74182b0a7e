import FeelControl
import FeelCore
import FeelEngine
import FeelScene
import FeelSweep
import Foundation

/// Settings of a notebook build.
public struct NotebookOptions: Sendable {
  /// The most grid points of one experiment stored with trajectories (a bigger grid is thinned:
  /// `Grid.thinned`, docs/notebook.md "Thinning a big grid").
  public var maxStoredPoints: Int
  /// The most grid points of one experiment whose metrics the page gets (its charts and
  /// targets panel); bigger grids are thinned (`Grid.thinned`).
  public var maxGridPoints: Int
  /// Worker threads for the simulations (the output does not depend on it).
  public var threads: Int
  /// FeelLab's version, shown in the page.
  public var version: String
  /// The skins the page loads (`js/skin-NAME.js`): those the notebook's resources hold.
  public var skins: [String]

  /// The most stored points of one experiment that get `feel export`'s report (the export
  /// panel's spring and CSS tabs); bigger stored grids get it at every k-th stored value on
  /// each axis (`NotebookBuilder.exportedPoints`).
  public var maxExportPoints: Int

  /// Called as each step of the build starts, with what it does (`pip-damping-flick: feel
  /// export at 16 points`), and once with nil when the build is done: `feel notebook` shows a
  /// step that takes over a second on standard error. The library prints nothing itself.
  public var progress: @Sendable (String?) -> Void = { _ in }

  public static let defaultMaxStoredPoints = 4096
  public static let defaultMaxGridPoints = 20_000
  public static let defaultMaxExportPoints = 16

  public init(
    maxStoredPoints: Int = defaultMaxStoredPoints, maxGridPoints: Int = defaultMaxGridPoints,
    maxExportPoints: Int = defaultMaxExportPoints,
    threads: Int = 1, version: String = "", skins: [String] = [NotebookAssets.genericSkin]
  ) {
    self.maxStoredPoints = maxStoredPoints
    self.maxGridPoints = maxGridPoints
    self.maxExportPoints = maxExportPoints
    self.threads = threads
    self.version = version
    self.skins = skins
  }
}

/// A file of the notebook: its path inside the notebook folder and its text.
public struct NotebookFile: Sendable, Equatable {
  public var path: String
  public var contents: String
}

/// What was stored for one experiment.
public struct NotebookReport: Sendable, Equatable {
  public var id: String
  public var gridPoints: Int
  public var storedPoints: Int
  public var strides: [Int]
  /// Grid points whose metrics the page gets (all of them unless the grid is very big).
  public var chartPoints: Int
  /// Stored points with `feel export`'s report (`NotebookOptions.maxExportPoints`).
  public var exportPoints = 0
  /// Bytes of the experiment's data script.
  public var dataBytes: Int
  /// Whether the experiment has an explorer of motion; false for one shown as a summary
  /// (`NotebookExperiment.summary`), whose data script holds the grid's metrics only.
  public var hasExplorer = true
}

/// Builds the notebook: index.html and the data scripts (`data/notebook.js`, then
/// `data/ID.js` per experiment). Pure: the caller writes the files, copies the page's assets
/// (`NotebookAssets`) and the charts.
public enum NotebookBuilder {
  /// `charts`: charts of no single experiment (a control's trajectories), shown at the top.
  public static func build(
    _ experiments: [NotebookExperiment], charts: [NotebookChart] = [],
    options: NotebookOptions = NotebookOptions()
  ) -> (files: [NotebookFile], reports: [NotebookReport]) {
    var files: [NotebookFile] = []
    var reports: [NotebookReport] = []
    var entries: [JSONTree] = []
    defer { options.progress(nil) }
    for experiment in experiments {
      if experiment.summary != nil {
        // No motion: the tables and drawings are in the page; the data script holds the grid's
        // metrics for its charts and targets panel (the page's grid explorer).
        let charted = experiment.grid.thinned(
          maxPoints: options.maxGridPoints, keeping: experiment.preferredValues)
        options.progress("\(experiment.id): metrics of \(charted.count) points")
        let measurements = measure(experiment, grid: charted, threads: options.threads)
        let script = gridDataScript(
          experiment, grid: charted,
          metrics: gridLiteral(experiment, grid: charted, measurements: measurements))
        let path = "data/\(experiment.id).js"
        files.append(NotebookFile(path: path, contents: script))
        reports.append(
          NotebookReport(
            id: experiment.id, gridPoints: experiment.pointCount, storedPoints: 0,
            strides: charted.strides, chartPoints: charted.count, dataBytes: script.utf8.count,
            hasExplorer: false))
        entries.append(
          .object([
            ("id", .string(experiment.id)), ("title", .string(experiment.title)),
            ("script", .string(path)), ("gridPoints", .int(experiment.pointCount)),
            ("storedPoints", .int(0)), ("bytes", .int(script.utf8.count)),
            ("summary", .bool(true)),
          ]))
        continue
      }
      let grid = experiment.grid.thinned(
        maxPoints: options.maxStoredPoints, keeping: experiment.preferredValues)
      let charted = chartGrid(experiment, stored: grid, maxPoints: options.maxGridPoints)
      options.progress("\(experiment.id): metrics of \(charted.count) points")
      let measurements = measure(experiment, grid: charted, threads: options.threads)
      options.progress("\(experiment.id): trajectories of \(grid.count) points")
      let records = record(experiment, grid: grid, threads: options.threads)
      options.progress("\(experiment.id): comps with constants it does not sweep")
      let comps = exactComps(experiment, stored: grid, records: records)
      let exported = exportedPoints(experiment, stored: grid, maxPoints: options.maxExportPoints)
      options.progress("\(experiment.id): feel export at \(exported.points.count) points")
      let export = exportLiteral(
        count: exported.points.count, strides: exported.strides,
        exports: exports(
          experiment, stored: grid, points: exported.points, threads: options.threads))
      let script = dataScript(
        experiment, grid: grid, records: records + comps.map(\.record),
        metrics: gridLiteral(experiment, grid: charted, measurements: measurements),
        export: export, exactComps: exactCompsLiteral(comps, firstPoint: records.count))
      let path = "data/\(experiment.id).js"
      files.append(NotebookFile(path: path, contents: script))
      reports.append(
        NotebookReport(
          id: experiment.id, gridPoints: experiment.pointCount, storedPoints: grid.count,
          strides: grid.strides, chartPoints: charted.count, exportPoints: exported.points.count,
          dataBytes: script.utf8.count))
      entries.append(
        .object([
          ("id", .string(experiment.id)), ("title", .string(experiment.title)),
          ("script", .string(path)), ("gridPoints", .int(experiment.pointCount)),
          ("storedPoints", .int(grid.count)), ("bytes", .int(script.utf8.count)),
        ]))
    }
    // Every control an experiment names, once, in the order of first use.
    var controls: [(file: ControlFile, glyphs: [NotebookGlyph])] = []
    for experiment in experiments {
      guard let control = experiment.control, !controls.contains(where: { $0.file == control })
      else { continue }
      controls.append((control, experiment.controlGlyphs))
    }
    let manifest = JSONTree.object([
      ("version", .string(options.version)),
      ("codec", codecLiteral),
      ("skins", .strings(Set(options.skins).sorted())),
      ("controls", .object(controls.map { ($0.file.name, $0.file.literal(glyphs: $0.glyphs)) })),
      ("experiments", .array(entries)),
    ])
    files.insert(
      NotebookFile(
        path: "data/notebook.js",
        contents: "// FeelLab notebook: what the page shows (written by `feel notebook`).\n"
          + "window.FEEL_NOTEBOOK = \(manifest.text);\n"),
      at: 0)
    files.insert(
      NotebookFile(
        path: "index.html",
        contents: NotebookPage.html(
          experiments, reports: reports, charts: charts, version: options.version,
          scripts: NotebookAssets.scripts(skins: options.skins))),
      at: 0)
    return (files, reports)
  }

  // MARK: - Simulation

  /// Records every stored point on `threads` threads; the result is in stored order whatever
  /// the thread count.
  static func record(_ experiment: NotebookExperiment, grid: ThinnedGrid, threads: Int)
    -> [PointRecord]
  {
    let count = grid.count
    let results = ResultBox<PointRecord>(count: count)
    let chunk = max(1, min(64, count / max(1, threads * 8)))
    let chunks = (count + chunk - 1) / chunk
    let work: @Sendable (Int) -> Void = { c in
      for index in (c * chunk)..<min(count, (c + 1) * chunk) {
        let scene = experiment.scene(grid.coordinates(of: index))
        let record = PointRecord(
          scene: scene, item: experiment.item, target: experiment.target(scene),
          control: experiment.control, pickedSnap: experiment.pickedSnap(scene))
        results.set(index, record)
      }
    }
    ChunkQueue.perform(chunks, threads: threads, work)
    return results.values
  }

  // MARK: - Data script

  /// `metrics`: the grid's metrics (`gridLiteral`); `export`: `feel export`'s reports
  /// (`exportLiteral`). `records`: the stored points, then the exact comps' motions
  /// (`exactComps`, their entries in `exactComps`).
  static func dataScript(
    _ experiment: NotebookExperiment, grid: ThinnedGrid, records: [PointRecord],
    metrics gridMetrics: JSONTree, export: JSONTree = .null, exactComps: JSONTree = .array([])
  ) -> String {
    let axes = axesLiteral(experiment, grid: grid)
    let metrics = metricsLiteral(experiment)

    func ints(_ f: (PointRecord) -> Int?) -> JSONTree {
      column(records.map { f($0).map { .int($0) } ?? .null })
    }
    func numbers(_ f: (PointRecord) -> Double?) -> JSONTree {
      column(records.map { .number(f($0)) })
    }
    var constants: [(String, JSONTree)] = []
    for (c, constant) in (experiment.control?.constants ?? []).enumerated()
    where records.contains(where: { $0.constants[c] != nil }) {
      constants.append((constant.name, numbers { $0.constants[c] }))
    }
    // Where the studio's live panel sets each constant (docs/studio.md): the path holding it
    // in the first grid point's scene.
    var livePaths: [(String, JSONTree)] = []
    if let control = experiment.control, experiment.pointCount > 0 {
      let scene = experiment.scene(experiment.grid.coordinates(of: 0))
      for constant in control.constants {
        if let path = constant.valuePath(in: scene) {
          livePaths.append((constant.name, .string(path)))
        }
      }
    }
    let walls = column(
      records.map { r in
        .array(
          r.walls.map {
            .array(
              [$0.from_pt.x, $0.from_pt.y, $0.to_pt.x, $0.to_pt.y].map { .number($0) }
                + [$0.on.map { .int($0) } ?? .null, $0.off.map { .int($0) } ?? .null])
          })
      })
    let (template, slots) = tomlTemplate(records)
    let trajectories = JSONTree.array(records.map(trajectoryLiteral))
    // Each item's outline for the generic drawing, only when some item is not a rectangle
    // (null: its rectangle; "ellipse": the ellipse in its bounds; else the path's points, pt).
    let outlined = records.contains { $0.bounds.contains { $0 != .rectangle } }
    let shapes: [(String, JSONTree)] =
      outlined
      ? [("shapes", column(records.map { r in .array(r.bounds.map(Self.shapeLiteral)) }))] : []
    // The field behaviors' origins and regions, only when some point's scene has fields (the
    // generic skin draws them with `[skin] fields = true`).
    let fielded = records.contains { !$0.fields.isEmpty }
    let fields: [(String, JSONTree)] =
      fielded ? [("fields", column(records.map { r in .array(r.fields.map(\.literal)) }))] : []
    // The candidates a release picks the target among, only when some point's scene has them.
    let picking = records.contains { !$0.candidates.isEmpty }
    let candidates: [(String, JSONTree)] =
      picking
      ? [
        (
          "candidates",
          column(records.map { r in .array(r.candidates.map { .numbers([$0.x, $0.y]) }) })
        ),
        (
          "unpicked",
          column(records.map { r in r.unpicked_pt.map { .numbers([$0.x, $0.y]) } ?? .null })
        ),
      ] : []

    // The content offset of a scroll (the list skin's window), only when some point scrolls.
    let scrolls: [(String, JSONTree)] =
      records.contains { !$0.scroll.isEmpty }
      ? [("scroll", .array(records.map(scrollLiteral)))] : []

    let points = JSONTree.object(
      [
        ("fps", numbers { $0.frameRate_hz }),
        ("frames", ints { $0.frameCount + 1 }),
        ("pause", ints { $0.pauseFrame }),
        ("contact", ints { $0.contactFrame }),
        ("w", numbers { $0.sizes[$0.item].x }), ("h", numbers { $0.sizes[$0.item].y }),
        ("sw", numbers { $0.screen_pt.x }), ("sh", numbers { $0.screen_pt.y }),
        ("x0", numbers { $0.start_pt.x }), ("y0", numbers { $0.start_pt.y }),
        ("tx", numbers { $0.target_pt?.x }), ("ty", numbers { $0.target_pt?.y }),
        ("walls", walls),
        ("sizes", column(records.map { r in .array(r.sizes.map { .numbers([$0.x, $0.y]) }) })),
        ("snaps", column(records.map(snapsLiteral))),
        ("links", column(records.map(linksLiteral))),
        ("fingers", .array(records.map(fingersLiteral))),
        ("constants", .object(constants)),
        ("labels", valueLabelsLiteral(records)),
        ("slots", slots),
        ("trajectories", trajectories),
      ] + shapes + fields + candidates + scrolls)
    let data = JSONTree.object([
      ("id", .string(experiment.id)),
      ("title", .string(experiment.title)),
      ("file", .string(experiment.file)),
      ("control", experiment.control.map { .string($0.name) } ?? .null),
      ("livePaths", .object(livePaths)),
      (
        "live",
        .object([
          ("scene", experiment.sceneFile.map(JSONTree.string) ?? .null),
          ("fixed", .object(experiment.fixed.map { ($0.path, Self.axisValueLiteral($0.value)) })),
          (
            "axes",
            .array(
              experiment.axisTargets.map { targets in
                .array(
                  targets.map {
                    .object([
                      ("path", .string($0.path)), ("scale", .number($0.scale)),
                      ("offset", .number($0.offset)),
                    ])
                  })
              })
          ),
        ])
      ),
      ("item", .int(experiment.item)),
      ("commitAfter", experiment.commitAfter_s.map { .number($0) } ?? .null),
      ("gridPoints", .int(experiment.pointCount)),
      ("storedPoints", .int(grid.count)),
      ("band", .number(experiment.band_pt)),
      ("axes", axes),
      ("metrics", metrics),
      ("toml", template),
      ("points", points),
      ("grid", gridMetrics),
      ("export", export),
      ("exactComps", exactComps),
      ("questions", .array(experiment.questions.map(\.literal))),
    ])
    return dataScript(experiment, holding: "trajectories are TrajectoryCodec text", data)
  }

  /// An experiment's data script: a comment naming its file and what it holds, then `data`
  /// assigned to `window.FEEL_NOTEBOOK_DATA[id]` (the page's scripts read it there).
  static func dataScript(
    _ experiment: NotebookExperiment, holding what: String, _ data: JSONTree
  ) -> String {
    var out =
      "// FeelLab notebook data for \(experiment.file.replacingNewlines.replacingCommentEnd): "
      + "written by `feel notebook`; \(what).\n"
    out += "window.FEEL_NOTEBOOK_DATA = window.FEEL_NOTEBOOK_DATA || {};\n"
    out += "window.FEEL_NOTEBOOK_DATA[\(JSONTree.string(experiment.id).text)] = "
    out += data.text
    out += ";\n"
    return out
  }

  /// The data's axes: each one's values kept in `grid` (labels, numbers, full-axis indices),
  /// its stride, what it sets and the base scene's value.
  static func axesLiteral(_ experiment: NotebookExperiment, grid: ThinnedGrid) -> JSONTree {
    .array(
      experiment.axes.enumerated().map { a, axis in
        .object([
          ("name", .string(axis.name)),
          ("count", .int(axis.count)),
          ("labels", .strings(grid.kept[a].map { axis.value($0).label })),
          ("numbers", .numbers(grid.kept[a].map { axis.value($0).number })),
          ("paths", .strings(axis.paths)),
          ("kept", .ints(grid.kept[a])),
          ("stride", .int(grid.strides[a])),
          ("preferred", axis.preferred.map { .int($0) } ?? .null),
        ])
      })
  }

  /// The data's metrics: name (the CSV column), label (what the page shows), unit, definition,
  /// whether a count.
  static func metricsLiteral(_ experiment: NotebookExperiment) -> JSONTree {
    .array(
      experiment.metrics.map {
        .object([
          ("name", .string($0.column)), ("label", .string($0.label)), ("unit", .string($0.unit)),
          ("definition", .string($0.definition)), ("count", .bool($0.isCount)),
        ])
      })
  }

  /// An item's outline for the generic drawing (`PointRecord.bounds`).
  static func shapeLiteral(_ bounds: ItemBounds) -> JSONTree {
    switch bounds {
    case .rectangle: .null
    case .ellipse: .string("ellipse")
    case .path(let points): .array(points.map { .numbers([$0.x, $0.y]) })
    }
  }

  /// A per-point column: `{"all": value}` when every point has the same value, else the
  /// array of values in stored order.
  static func column(_ values: [JSONTree]) -> JSONTree {
    guard let first = values.first else { return .array([]) }
    let text = first.text
    return values.allSatisfy({ $0.text == text }) ? .object([("all", first)]) : .array(values)
  }

  /// [x, y, angle] channels of frames 0 … n − 1: the measured item's, then every other item's
  /// in scene order.
  static func trajectoryLiteral(_ r: PointRecord) -> JSONTree {
    var channels: [JSONTree] = []
    for item in [(x: r.x, y: r.y, angle: r.angle)] + r.others {
      channels.append(.string(TrajectoryCodec.encode(item.x, scale: TrajectoryCodec.positionScale)))
      channels.append(.string(TrajectoryCodec.encode(item.y, scale: TrajectoryCodec.positionScale)))
      channels.append(
        .string(TrajectoryCodec.encode(item.angle, scale: TrajectoryCodec.angleScale)))
    }
    return .array(channels)
  }

  /// A point's content offset by frame: [x, y] channels (trajectory codec), or null when its
  /// scene has no scroll.
  static func scrollLiteral(_ r: PointRecord) -> JSONTree {
    guard !r.scroll.isEmpty else { return .null }
    return .array(
      [r.scroll.map(\.x), r.scroll.map(\.y)].map {
        .string(TrajectoryCodec.encode($0, scale: TrajectoryCodec.positionScale))
      })
  }

  /// Each finger: its id, the frame of its first `touch:ID` row, how many rows, their x and y
  /// (trajectory codec), and the frames of its events (null: none).
  static func fingersLiteral(_ r: PointRecord) -> JSONTree {
    .array(
      r.fingers.map { f in
        func frame(_ k: Int?) -> JSONTree { k.map { .int($0) } ?? .null }
        return .object([
          ("id", .string(f.id)), ("first", .int(f.first)), ("n", .int(f.points.count)),
          (
            "x",
            .string(TrajectoryCodec.encode(f.points.map(\.x), scale: TrajectoryCodec.positionScale))
          ),
          (
            "y",
            .string(TrajectoryCodec.encode(f.points.map(\.y), scale: TrajectoryCodec.positionScale))
          ),
          ("down", frame(f.down)), ("dragBegan", frame(f.dragBegan)),
          ("dragEnded", frame(f.dragEnded)), ("tap", frame(f.tap)), ("hold", frame(f.hold)),
          ("up", frame(f.up)),
        ])
      })
  }

  /// The measured item's value labels (`PointRecord.valueLabels`), each distinct layout once:
  /// `{layouts: [{count, diameter, labelHeight, pointer (rad or null), transforms: [a, b, c, d,
  /// tx, ty of label 0, then of label 1, …]}], of: per-point column of an index into layouts or
  /// null}`, the fields rounded to 1e-12; null when no point has any.
  static func valueLabelsLiteral(_ records: [PointRecord]) -> JSONTree {
    guard records.contains(where: { $0.valueLabels != nil }) else { return .null }
    var layouts: [ValueLabels] = []
    var index: [ValueLabels: Int] = [:]
    var indices: [JSONTree] = []
    for record in records {
      guard let labels = record.valueLabels else {
        indices.append(.null)
        continue
      }
      if let found = index[labels] {
        indices.append(.int(found))
      } else {
        index[labels] = layouts.count
        layouts.append(labels)
        indices.append(.int(layouts.count - 1))
      }
    }
    return .object([
      (
        "layouts",
        .array(layouts.map(valueLabelsLayout))
      ),
      ("of", column(indices)),
    ])
  }

  /// One layout of value labels: `{count, diameter, labelHeight, pointer, transforms}`.
  static func valueLabelsLayout(_ l: ValueLabels) -> JSONTree {
    .object([
      ("count", .int(l.count)), ("diameter", .number(l.diameter_pt)),
      ("labelHeight", .number(l.labelHeight_pt)), ("pointer", .number(l.pointerAngle_rad)),
      ("transforms", .numbers(l.labelToItem.flatMap { $0 }.map(Self.toPicopoints))),
    ])
  }

  /// A transform's field rounded to 1e-12 (pt, or a cosine's unit): a thousandth of the
  /// layout's 1e-9 pt, and some 4 characters shorter than the shortest exact form.
  static func toPicopoints(_ x: Double) -> Double { (x * 1e12).rounded() / 1e12 }

  /// [item, x, y] of each snap.
  static func snapsLiteral(_ r: PointRecord) -> JSONTree {
    .array(r.snaps.map { .array([.int($0.item), .number($0.point_pt.x), .number($0.point_pt.y)]) })
  }

  /// [item, offset x, offset y, anchor x, anchor y, other item, to-offset x, to-offset y] of
  /// each attachment (the anchor or the other item null).
  static func linksLiteral(_ r: PointRecord) -> JSONTree {
    .array(
      r.links.map { l in
        .array([
          .int(l.item), .number(l.offset_pt.x), .number(l.offset_pt.y),
          l.anchor_pt.map { .number($0.x) } ?? .null, l.anchor_pt.map { .number($0.y) } ?? .null,
          l.other.map { .int($0) } ?? .null, .number(l.toOffset_pt.x), .number(l.toOffset_pt.y),
        ])
      })
  }

  /// The scene-file template: fixed text with numbered slots, and each point's slot values.
  /// Points whose files differ in more than values get their whole text instead (template
  /// null).
  /// An axis or `[fixed]` value as the page's live panel sends it in `set`.
  static func axisValueLiteral(_ value: AxisValue) -> JSONTree {
    switch value {
    case .number(let x): .number(x)
    case .string(let s): .string(s)
    case .boolean(let b): .bool(b)
    }
  }

  static func tomlTemplate(_ records: [PointRecord]) -> (template: JSONTree, slots: JSONTree) {
    guard let first = records.first?.toml else { return (.null, .array([])) }
    func sameShape(_ pieces: [SceneTOMLWriter.Piece]) -> Bool {
      guard pieces.count == first.count else { return false }
      for (a, b) in zip(pieces, first) {
        switch (a, b) {
        case (.text(let x), .text(let y)): if x != y { return false }
        case (.value, .value): continue
        default: return false
        }
      }
      return true
    }
    guard records.allSatisfy({ sameShape($0.toml) }) else {
      return (
        .null,
        .array(
          records.map {
            .string(
              $0.toml.map {
                switch $0 {
                case .text(let t): t
                case .value(let v): v
                }
              }.joined())
          })
      )
    }
    var varying = Set<Int>()
    for record in records {
      for (i, (a, b)) in zip(record.toml, first).enumerated() where a != b { varying.insert(i) }
    }
    var template: [JSONTree] = []
    var text = ""
    var slotOf: [Int] = []
    for (i, piece) in first.enumerated() {
      switch piece {
      case .text(let t): text += t
      case .value(let v):
        if varying.contains(i) {
          template.append(.string(text))
          text = ""
          template.append(.int(slotOf.count))
          slotOf.append(i)
        } else {
          text += v
        }
      }
    }
    template.append(.string(text))
    let slots = column(
      records.map { record in
        .strings(
          slotOf.map {
            if case .value(let v) = record.toml[$0] { return v }
            return ""
          })
      })
    return (.array(template), slots)
  }

  static let codecLiteral = JSONTree.object([
    ("alphabet", .string(String(decoding: TrajectoryCodec.alphabet, as: UTF8.self))),
    ("positionScale", .number(TrajectoryCodec.positionScale)),
    ("angleScale", .number(TrajectoryCodec.angleScale)),
    ("payloadBits", .int(TrajectoryCodec.payloadBits)),
  ])
}

extension String {
  /// `*/` broken up, for text inside a `/* */` or after `//` in generated scripts.
  var replacingCommentEnd: String {
    replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "<", with: "‹")
  }
}

/// Results filled in by several threads, each index once.
final class ResultBox<T: Sendable>: @unchecked Sendable {
  private var storage: [T?]
  private let lock = NSLock()

  init(count: Int) { storage = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: T) {
    lock.lock()
    storage[index] = value
    lock.unlock()
  }

  var values: [T] {
    lock.lock()
    defer { lock.unlock() }
    return storage.map { $0! }
  }
}

/// Hands out chunk numbers 0 ..< count to worker threads.
final class ChunkQueue: @unchecked Sendable {
  private var upcoming = 0
  private let count: Int
  private let lock = NSLock()

  init(count: Int) { self.count = count }

  /// Runs `work` on every chunk from 0 to `count` − 1: on `threads` threads, each taking the
  /// next chunk when it finishes one, or in order on the calling thread when `threads` ≤ 1.
  static func perform(_ count: Int, threads: Int, _ work: @Sendable (Int) -> Void) {
    guard threads > 1 else {
      for c in 0..<count { work(c) }
      return
    }
    let queue = ChunkQueue(count: count)
    DispatchQueue.concurrentPerform(iterations: min(threads, count)) { _ in
      while let c = queue.next() { work(c) }
    }
  }

  func next() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard upcoming < count else { return nil }
    upcoming += 1
    return upcoming - 1
  }
}
