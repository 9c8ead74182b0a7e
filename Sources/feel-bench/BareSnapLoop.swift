/// The floor of a snap sub-step: the float32 math of a body held by four soft joints (UIKit's
/// snap: 4 Hz springs, rest length 50 pt, eight velocity iterations), with nothing around it:
/// no world, no island, no broad phase, no frame bookkeeping, no metrics. `feel-bench` times it
/// in the same run as the sweeps, as the yardstick of their ns per scenario-sub-step.
///
/// Two forms: one scenario at a time in scalar Float (`scalarRun`), and eight scenarios at once
/// in SIMD8<Float> lanes (`laneRun`), both without the angular terms (the Castro bar cannot
/// turn) and with the velocity integration, joint set-up, warm start and position step of every
/// sub-step. The math follows Box2D 2.3's soft distance joint; it is a yardstick, not the engine.
enum BareSnapLoop {
  /// Sub-step (s), springs (Hz, damping ratio), linear damping (1/s).
  static let h: Float = 1 / 120
  static let frequency_hz: Float = 4
  static let dampingRatio: Float = 0.35
  static let resistance: Float = 0.1

  /// Half extents of the bar and rest length (m).
  static let hw: Float = 1.6
  static let hh: Float = 0.25
  static let rest: Float = 0.5

  /// Joint anchors on the body and on the ground (relative to the target), in the snap's order.
  static let anchors: [(ax: Float, ay: Float, gx: Float, gy: Float)] = [
    (-hw, -hh, -hw - rest, -hh), (-hw, -hh, -hw, -hh - rest),
    (hw, hh, hw + rest, hh), (hw, hh, hw, hh + rest),
  ]

  /// Runs `scenarios` scenarios of `substeps` sub-steps each, one at a time; returns a checksum.
  static func scalarRun(scenarios: Int, substeps: Int) -> Float {
    var checksum: Float = 0
    let invMass: Float = 1 / 1.6
    let omega = 2 * Float.pi * frequency_hz
    // Per joint: u (2), −effective mass, bias, gamma, impulse.
    var store = [Float](repeating: 0, count: 24)
    store.withUnsafeMutableBufferPointer { js in
      for s in 0..<scenarios {
        var cx: Float = 1.6 + 0.01 * Float(s % 97)
        var cy: Float = 0.25
        var vx: Float = 0
        var vy: Float = 0
        for j in 0..<4 { js[6 * j + 5] = 0 }
        for _ in 0..<substeps {
          let damp = 1 / (1 + h * resistance)
          vx *= damp
          vy *= damp
          for j in 0..<4 {
            let a = anchors[j]
            var dx = (1.6 + a.gx) - (cx + a.ax)
            var dy = (0.25 + a.gy) - (cy + a.ay)
            let length = (dx * dx + dy * dy).squareRoot()
            if length > 0.005 {
              dx *= 1 / length
              dy *= 1 / length
            } else {
              dx = 0
              dy = 0
            }
            let m = 1 / invMass
            let k = m * omega * omega
            let d = 2 * m * dampingRatio * omega
            let g = 1 / (h * (d + h * k))
            js[6 * j] = dx
            js[6 * j + 1] = dy
            js[6 * j + 2] = -(1 / (invMass + g))
            js[6 * j + 3] = (length - rest) * h * k * g
            js[6 * j + 4] = g
            vx -= invMass * js[6 * j + 5] * dx
            vy -= invMass * js[6 * j + 5] * dy
          }
          var nvx = -vx
          var nvy = -vy
          for _ in 0..<8 {
            for j in 0..<4 {
              let b = 6 * j
              let cdot = js[b] * nvx + js[b + 1] * nvy
              let lambda = js[b + 2] * (cdot + js[b + 3] + js[b + 4] * js[b + 5])
              js[b + 5] += lambda
              nvx += invMass * (lambda * js[b])
              nvy += invMass * (lambda * js[b + 1])
            }
          }
          vx = -nvx
          vy = -nvy
          cx += h * vx
          cy += h * vy
        }
        checksum += cx + cy
      }
    }
    return checksum
  }

  typealias Lanes = SIMD8<Float>

  /// One joint across eight lanes.
  struct JointLanes {
    var ux = Lanes(), uy = Lanes(), negatedMass = Lanes(), bias = Lanes(), gamma = Lanes()
    var impulse = Lanes()
  }

  /// The same in eight lanes: `groups` groups of eight scenarios; returns a checksum.
  static func laneRun(groups: Int, substeps: Int) -> Float {
    var checksum: Float = 0
    let invMass = Lanes(repeating: 1 / 1.6)
    let omega = 2 * Float.pi * frequency_hz
    var joints = [JointLanes](repeating: JointLanes(), count: 4)
    joints.withUnsafeMutableBufferPointer { js in
      for g in 0..<groups {
        var cx = Lanes(repeating: 1.6)
        for lane in 0..<8 { cx[lane] += 0.01 * Float((8 * g + lane) % 97) }
        var cy = Lanes(repeating: 0.25)
        var vx = Lanes()
        var vy = Lanes()
        for j in 0..<4 { js[j].impulse = Lanes() }
        for _ in 0..<substeps {
          let damp = 1 / (1 + h * resistance)
          vx *= damp
          vy *= damp
          for j in 0..<4 {
            let a = anchors[j]
            var dx = (1.6 + a.gx) - (cx + a.ax)
            var dy = (0.25 + a.gy) - (cy + a.ay)
            let length = (dx * dx + dy * dy).squareRoot()
            let long = length .> 0.005
            dx = (dx * (1 / length)).replacing(with: 0, where: .!long)
            dy = (dy * (1 / length)).replacing(with: 0, where: .!long)
            let m = 1 / invMass
            let k = m * omega * omega
            let d = 2 * m * dampingRatio * omega
            let gm = 1 / (h * (d + h * k))
            js[j].ux = dx
            js[j].uy = dy
            js[j].gamma = gm
            js[j].bias = (length - rest) * h * k * gm
            js[j].negatedMass = -(1 / (invMass + gm))
            vx -= invMass * js[j].impulse * dx
            vy -= invMass * js[j].impulse * dy
          }
          var nvx = -vx
          var nvy = -vy
          for _ in 0..<8 {
            for j in 0..<4 {
              let cdot = js[j].ux * nvx + js[j].uy * nvy
              let lambda = js[j].negatedMass * (cdot + js[j].bias + js[j].gamma * js[j].impulse)
              js[j].impulse += lambda
              nvx += invMass * (lambda * js[j].ux)
              nvy += invMass * (lambda * js[j].uy)
            }
          }
          vx = -nvx
          vy = -nvy
          cx += h * vx
          cy += h * vy
        }
        checksum += (cx + cy).sum()
      }
    }
    return checksum
  }
}
