import FeelEngine

extension SyntheticCorpus {
  /// The `index`-th trace of `label` laid round `rotary` (docs/touches.md, "The rotary corpus"):
  /// a tap on a label, a turning drag (an arc about the centre or a flick across the hub) that
  /// knows the turn it means, a hold on the disc. Its own SplitMix64 stream (tap 4, drag 5,
  /// hold 6), so adding turns leaves the taps as they were.
  func rotaryTouch(_ label: GestureLabel, _ index: Int, _ rotary: CorpusRotary) -> SyntheticTouch {
    var (random, rate) = stream(label, index, firstCode: 4)
    let d = rotaryModel
    let c = rotary.center_pt
    let radius = rotary.radius_pt
    var touch = SyntheticTouch(
      label: label, index: index, rate_hz: rate, start_pt: c, duration_s: 0,
      wobbles: false, drift_pt: Point(0, 0), pause_s: 0, moveDuration_s: 0,
      move_pt: Point(0, 0), creep_pt_s: Point(0, 0), samples: [])
    switch label {
    case .tap:
      let k = min(Int(random.unit() * Double(rotary.count)), rotary.count - 1)
      touch.start_pt = rotary.labelPoint_pt(k)
      touch.rotaryLabel = k
    case .hold:
      // Uniform over the disc's area: r = R √u.
      let r = radius * random.unit().squareRoot()
      let (s, cs) = PortableMath.sinCos(2 * Double.pi * random.unit())
      touch.start_pt = Point(c.x + r * cs, c.y + r * s)
    case .drag:
      if random.chance(d.flickProbability) {
        // A straight line along t = (cos φ, sin φ), passing the centre at signed offset b
        // along n = t turned a quarter clockwise on screen: point(s) = c + b n + s t, from
        // s = −a to s = e. Its angle about the centre is φ + atan2(b, s).
        let t = random.direction()
        let n = (x: -t.y, y: t.x)
        let side = random.chance(0.5) ? 1.0 : -1.0
        let b = side * random.uniform(d.flickOffset) * radius
        let a = random.uniform(d.flickReach) * radius
        let e = random.uniform(d.flickReach) * radius
        touch.start_pt = Point(c.x + b * n.x - a * t.x, c.y + b * n.y - a * t.y)
        touch.move_pt = Point((a + e) * t.x, (a + e) * t.y)
        touch.intendedTurn_rad = PortableMath.atan2(b, e) - PortableMath.atan2(b, -a)
      } else {
        let r0 = random.uniform(d.arcStartRadius) * radius
        let r1 = r0 * random.logUniform(d.arcRadiusFactor)
        let angle = 2 * Double.pi * random.unit()
        let direction = random.chance(0.5) ? 1.0 : -1.0
        let turn = direction * random.logUniform(d.arcTurn_rad)
        let arc = SyntheticArc(
          center_pt: c, startRadius_pt: r0, endRadius_pt: r1, startAngle_rad: angle,
          turn_rad: turn)
        let start = arc.point_pt(0)
        let end = arc.point_pt(1)
        touch.arc = arc
        touch.start_pt = start
        touch.move_pt = Point(end.x - start.x, end.y - start.y)
        touch.intendedTurn_rad = turn
      }
    }
    drawDrift(&touch, &random)
    drawTiming(&touch, &random, moveDuration_s: d.turnMoveDuration_s)
    sample(&touch, &random)
    return touch
  }
}
