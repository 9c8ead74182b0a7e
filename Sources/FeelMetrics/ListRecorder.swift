import FeelScene

/// The multi-item metrics of a run (docs/metrics.md): each measured item's lag, its distance
/// from its attachment's anchor, at every display frame; the largest lag (`max_lag_pt`), the
/// largest difference between two lags at one frame (`spread_pt`), and the list's settle time,
/// measured from the last frame a scroll moved the list (frame 0 if none did) to the last frame
/// at which some measured item is farther than the band from its anchor.
struct ListRecorder: Sendable {
  let items: [Int]
  let anchors_pt: [Point]
  let band_pt: Double
  let frameRate_hz: Double
  private var maxLag_pt = 0.0
  private var spread_pt = 0.0
  /// The last frame a scroll moved the list, and whether it moved in the latest frame.
  private var lastMoved: Int?
  private var movingNow = false
  /// The last frame some item was outside the band, and whether one is in the latest frame.
  private var lastOutside: Int?
  private var outsideNow = false

  init(items: [Int], anchors_pt: [Point], band_pt: Double, frameRate_hz: Double) {
    self.items = items
    self.anchors_pt = anchors_pt
    self.band_pt = band_pt
    self.frameRate_hz = frameRate_hz
  }

  /// Frame `frame`: each item's centre is `center(item)`; `scrollMoved`: a scroll's offset
  /// changed in it.
  mutating func record(frame: Int, scrollMoved: Bool, center: (Int) -> Point) {
    var low = Double.infinity
    var high = 0.0
    for (k, item) in items.enumerated() {
      let c = center(item)
      let dx = c.x - anchors_pt[k].x
      let dy = c.y - anchors_pt[k].y
      let lag = (dx * dx + dy * dy).squareRoot()
      low = min(low, lag)
      high = max(high, lag)
    }
    maxLag_pt = max(maxLag_pt, high)
    spread_pt = max(spread_pt, high - low)
    outsideNow = high > band_pt
    if outsideNow { lastOutside = frame }
    movingNow = scrollMoved
    if scrollMoved { lastMoved = frame }
  }

  /// Writes `max_lag_pt`, `spread_pt` and the list's `settle_time_s` and `settle_frames`
  /// (`unsettled` while an item is outside the band or the scroll still moves at the end).
  func write(into r: inout MetricsResult) {
    r.set(.maxLag_pt, maxLag_pt)
    r.set(.spread_pt, spread_pt)
    guard !outsideNow && !movingNow else {
      r.leaveEmpty(.settleTime_s, because: .unsettled)
      r.leaveEmpty(.settleFrames, because: .unsettled)
      return
    }
    let start = lastMoved ?? 0
    let frames = max(0, (lastOutside ?? start) - start)
    r.set(.settleTime_s, Double(frames) / frameRate_hz)
    r.set(.settleFrames, Double(frames))
  }
}
