import Foundation

/// The `feel run` CSV (docs/scene-format.md): a header, then one row per item per
/// frame, frame 0 being the initial state.
public enum TrajectoryCSV {
  public static let header =
    "frame,t_s,item,x_pt,y_pt,angle_rad,vx_pt_s,vy_pt_s,omega_rad_s,running"
  public static let eventsHeader = "frame,t_s,event,detail"

  /// Rows for every item of the simulation at its current frame, then one `touch:ID` row for
  /// each touch down during the frame (its finger's x_pt, y_pt; the other values 0), then one
  /// `scroll:ID` row for each scroll whose content offset changed in it. Frame 0 is
  /// the scene as written; later frames are what UIKit reads back from the engine.
  public static func rows(_ sim: SceneSimulation) -> [String] {
    frameCells(sim).map { cells in
      [
        cells.frame, cells.t_s, csvField(cells.item), cells.x_pt, cells.y_pt, cells.angle_rad,
        cells.vx_pt_s, cells.vy_pt_s, cells.omega_rad_s, cells.running ? "1" : "0",
      ].joined(separator: ",")
    }
  }

  /// What `touch:ID` rows have in the `item` column before the touch's id.
  public static let touchRowPrefix = "touch:"

  /// What `scroll:ID` rows (a scroll behavior's content offset) have in the `item` column
  /// before the behavior's id.
  public static let scrollRowPrefix = "scroll:"

  /// One row's cells, each number written as the CSV writes it (`number`, `time`): the one
  /// formatter of `feel run` and of a live session's frames (docs/live-protocol.md).
  public struct RowCells: Sendable, Equatable {
    public var frame: String
    public var t_s: String
    /// The item's id, or `touch:ID` (unquoted).
    public var item: String
    /// The touch's id for a `touch:ID` row; nil for an item's.
    public var touch: String?
    public var x_pt: String
    public var y_pt: String
    public var angle_rad: String
    public var vx_pt_s: String
    public var vy_pt_s: String
    public var omega_rad_s: String
    public var running: Bool
  }

  /// The cells of `rows(sim)`: the items', then the touches'.
  public static func frameCells(_ sim: SceneSimulation) -> [RowCells] {
    let running = sim.isRunning
    let frame = String(sim.frame)
    let t = time(sim.t_s)
    var cells = sim.scene.items.indices.map { i in
      let s = sim.frame == 0 ? initialRow(sim, i) : sim.state(ofItem: i)
      return RowCells(
        frame: frame, t_s: t, item: sim.scene.items[i].id, touch: nil,
        x_pt: number(s.center_pt.x), y_pt: number(s.center_pt.y), angle_rad: number(s.angle_rad),
        vx_pt_s: number(s.velocity_pt_s.x), vy_pt_s: number(s.velocity_pt_s.y),
        omega_rad_s: number(s.angularVelocity_rad_s), running: running)
    }
    for touch in sim.touchRows {
      cells.append(
        RowCells(
          frame: frame, t_s: t, item: touchRowPrefix + touch.id, touch: touch.id,
          x_pt: number(touch.point_pt.x), y_pt: number(touch.point_pt.y), angle_rad: "0",
          vx_pt_s: "0", vy_pt_s: "0", omega_rad_s: "0", running: running))
    }
    for scroll in sim.scrollRows {
      cells.append(
        RowCells(
          frame: frame, t_s: t, item: scrollRowPrefix + scroll.id, touch: nil,
          x_pt: number(scroll.offset_pt.x), y_pt: number(scroll.offset_pt.y), angle_rad: "0",
          vx_pt_s: "0", vy_pt_s: "0", omega_rad_s: "0", running: running))
    }
    return cells
  }

  /// Frame 0: the item as the scene gives it; its initial velocity only if it has a body at
  /// t = 0 (a body made later starts at rest).
  static func initialRow(_ sim: SceneSimulation, _ i: Int) -> ItemState {
    var s = sim.scene.items[i].initialState
    if !sim.animator.hasBody(i) {
      s.velocity_pt_s = Point(0, 0)
      s.angularVelocity_rad_s = 0
    }
    return s
  }

  public static func eventRow(_ e: SceneEvent) -> String {
    [String(e.frame), time(e.t_s), e.kind.rawValue, csvField(e.detail)].joined(separator: ",")
  }

  /// A time (s), a double: its shortest form that reads back to the same double.
  public static func time(_ t: Double) -> String {
    t == 0 ? "0" : "\(t)"
  }

  /// Nine significant digits (C's `%.9g`, but `0` for −0): enough to round-trip the engine's
  /// float32 values.
  public static func number(_ x: Double) -> String { NineDigits.number(x) }

  /// Appends `number(x)` as UTF-8.
  public static func appendNumber(_ x: Double, to bytes: inout [UInt8]) {
    if x == 0 {
      bytes.append(0x30)
    } else {
      NineDigits.append(x, to: &bytes)
    }
  }

  /// Quotes a field if it holds a comma, quote or line break.
  public static func csvField(_ s: String) -> String {
    if s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
      return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    return s
  }

  /// Runs the whole scene and returns the CSV text and the events CSV text.
  public static func run(_ scene: Scene, options: EngineOptions = .uikit) -> (
    rows: String, events: String
  ) {
    run(scene, options: options, maxBytes: .max)!
  }

  /// Runs the scene as `run(_:options:)` does, but gives up (nil) as soon as the two texts
  /// together pass `maxBytes` bytes of UTF-8: a server answering with them refuses a run whose
  /// answer would be too large without holding all of it.
  public static func run(_ scene: Scene, options: EngineOptions = .uikit, maxBytes: Int) -> (
    rows: String, events: String
  )? {
    var sim = SceneSimulation(scene, options: options)
    var out = [header]
    var events = [eventsHeader]
    // Each line and its line break.
    var bytes = header.utf8.count + eventsHeader.utf8.count + 2
    func add(_ lines: [String], to text: inout [String]) -> Bool {
      for line in lines { bytes += line.utf8.count + 1 }
      text += lines
      return bytes <= maxBytes
    }
    guard add(rows(sim), to: &out) else { return nil }
    for _ in 0..<scene.frameCount {
      guard add(sim.advance().map(eventRow), to: &events), add(rows(sim), to: &out) else {
        return nil
      }
    }
    return (out.joined(separator: "\n") + "\n", events.joined(separator: "\n") + "\n")
  }
}
