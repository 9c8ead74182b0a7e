import FeelScene

/// One grid point as the notebook stores it: the measured item's centre and angle at every
/// display frame (as `feel run` prints them) and when things happened. (Its metrics are the
/// grid's: `NotebookBuilder.gridLiteral`.)
public struct PointRecord: Sendable {
  public var reading: ControlReading
  public var choreography: Choreography
  /// Frames of the scene: frame 0 (the scene as written) … frameCount.
  public var frameCount: Int
  public var frameRate_hz: Double
  /// x, y (pt) and angle (rad) of frames 0 … n − 1 (n ≤ frameCount + 1): recording stops once
  /// the animator has paused for good; later frames equal the last.
  public var x: [Double]
  public var y: [Double]
  public var angle: [Double]
  /// The frame after which the animator paused for good.
  public var pauseFrame: Int?
  /// The first frame in which the item touched a boundary.
  public var contactFrame: Int?
  /// The first frame whose rules changed behaviors (the hint's swap to the scrubbing
  /// behavior).
  public var swapFrame: Int?
  public var target_pt: Point?
  /// The scene file's pieces (for the export).
  public var toml: [SceneTOMLWriter.Piece]

  /// Runs `scene` and records item `item`.
  public init(scene: Scene, item: Int, target: Point?) {
    reading = ControlReading(scene, item: item)
    choreography = Choreography(for: reading, frameRate_hz: scene.frameRate_hz)
    frameCount = scene.frameCount
    frameRate_hz = scene.frameRate_hz
    target_pt = target
    toml = SceneTOMLWriter.pieces(scene)

    var sim = SceneSimulation(scene)
    let first = scene.items[item].initialState
    var x = [first.center_pt.x]
    var y = [first.center_pt.y]
    var angle = [first.angle_rad]
    // A time rule fires on the first frame with t ≥ at − 1e-9 s: until then a paused
    // animator may still be woken.
    let lastTimeRule = scene.rules.compactMap { rule -> Double? in
      if case .time(let at) = rule.on { return at }
      return nil
    }.max()
    let quietAfter_s = (lastTimeRule ?? -.infinity) - 1e-9
    let itemID = scene.items[item].id
    while sim.frame < scene.frameCount {
      let events = sim.advance()
      for event in events {
        switch event.kind {
        case .contactBegan:
          if contactFrame == nil,
            scene.items.count == 1 || event.detail.hasPrefix("item \(itemID) ")
          {
            contactFrame = sim.frame
          }
        case .ruleFired:
          if swapFrame == nil { swapFrame = sim.frame }
        case .pause, .contactEnded, .touchDown, .dragBegan, .hold, .tap, .dragEnded, .touchUp:
          break
        }
      }
      let s = sim.state(ofItem: item)
      x.append(s.center_pt.x)
      y.append(s.center_pt.y)
      angle.append(s.angle_rad)
      if !sim.isRunning {
        if pauseFrame == nil { pauseFrame = sim.frame }
        if sim.t_s >= quietAfter_s { break }
      } else {
        pauseFrame = nil
      }
    }
    self.x = x
    self.y = y
    self.angle = angle
  }
}
