import Foundation

/// The `feel run` CSV (docs/scene-format.md): a header, then one row per item per
/// frame, frame 0 being the initial state.
public enum TrajectoryCSV {
  public static let header =
    "frame,t_s,item,x_pt,y_pt,angle_rad,vx_pt_s,vy_pt_s,omega_rad_s,running"
  public static let eventsHeader = "frame,t_s,event,detail"

  /// Rows for every item of the simulation at its current frame, then one `touch:ID` row for
  /// each touch down during the frame (its finger's x_pt, y_pt; the other values 0). Frame 0 is
  /// the scene as written; later frames are what UIKit reads back from the engine.
  public static func rows(_ sim: SceneSimulation) -> [String] {
    let running = sim.isRunning ? "1" : "0"
    return itemRows(sim)
      + sim.touchRows.map { touch in
        [
          String(sim.frame), time(sim.t_s), csvField(touchRowPrefix + touch.id),
          number(touch.point_pt.x), number(touch.point_pt.y), "0", "0", "0", "0", running,
        ].joined(separator: ",")
      }
  }

  /// What a touch's rows have in the `item` column before its id: `touch:finger`.
  public static let touchRowPrefix = "touch:"

  private static func itemRows(_ sim: SceneSimulation) -> [String] {
    sim.scene.items.indices.map { i in
      let s = sim.frame == 0 ? initialRow(sim, i) : sim.state(ofItem: i)
      return [
        String(sim.frame), time(sim.t_s), csvField(sim.scene.items[i].id),
        number(s.center_pt.x), number(s.center_pt.y), number(s.angle_rad),
        number(s.velocity_pt_s.x), number(s.velocity_pt_s.y), number(s.angularVelocity_rad_s),
        sim.isRunning ? "1" : "0",
      ].joined(separator: ",")
    }
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
  public static func number(_ x: Double) -> String {
    if x == 0 { return "0" }
    return NineDigits.format(x)
  }

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
