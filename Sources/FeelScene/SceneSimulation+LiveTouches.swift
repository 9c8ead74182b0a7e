/// Touches that arrive while the run steps (a live session, docs/live-protocol.md): the run sees
/// each sample as the whole trace given up front would have shown it, provided the sample's time is
/// after every frame already stepped. Stepping with `advance()` one frame at a time while samples
/// are appended then gives the same frames, number for number, as running the scene with the
/// finished traces as `[[touch]]` sections (the tests hold it to that), except the `running` column
/// and pause events while a touch could still come.
extension SceneSimulation {
  /// Adds a live touch `id` after every other touch, with no sample yet; drag behaviors that
  /// name it start following it. Needs a simulation made with `liveTouches: true`. Returns the
  /// touch's index.
  public mutating func addLiveTouch(id: String) -> Int {
    precondition(touches != nil, "a live touch needs SceneSimulation(_:liveTouches: true)")
    let scene = self.scene
    defer { touchesKeepRunning = !touches!.timeline.isFinished }
    return touches!.addLiveTouch(id, scene: scene) { Self.itemIndex($0, in: scene) }
  }

  /// Appends a sample to live touch `touch` (`isLift`: the finger lifted with it). Its time must
  /// be later than the touch's previous sample and than the current frame's time (`t_s`).
  public mutating func appendLiveSample(_ sample: TouchSample, toTouch touch: Int, isLift: Bool) {
    precondition(
      frame == 0 || sample.t_s > t_s + TouchTimeline.timeTolerance_s,
      "a live sample must come after the frames already stepped")
    touches!.timeline.appendLive(sample, to: touch, isLift: isLift)
    touchesKeepRunning = !touches!.timeline.isFinished
  }

  /// The ids of the touches, the scene's first, then the live ones in the order they came.
  public var touchIDs: [String] { touches?.ids ?? [] }
}
