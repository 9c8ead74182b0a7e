import Foundation

/// The dial's angle (rad) after every display frame when it is released at t = 0 from angle 0
/// with angular velocity `v0` (rad/s) on the author's coast, optionally taken over by a detent,
/// written from docs/tempo-dial.md in the test, independently of FeelEngine and of the code
/// `feel export` writes: the author's recurrence (clamp, start threshold, then per frame
/// v′ = decay·v, stop once |v′| ≤ stop speed, else turn by v·dt), and the detent's law (at the
/// end of the first frame whose speed is under `engageBelow`, the rest angle nearest where the
/// coast would stop, θ + v·dt/(1 − decay); then the damped spring's closed form from
/// `ReferenceSpring`, the roots of its characteristic equation, evaluated at the time since
/// the takeover; landed exactly on the rest angle once its amplitude √(x² + (v/ω)²) is at most
/// 1e-4 rad, the landing docs/tempo-dial.md states).
struct DialClosedForm {
  struct Coast {
    var decay: Double
    var maxSpeed_rad_s: Double
    var minSpeed_rad_s: Double
    var stopSpeed_rad_s: Double
  }

  struct Detent {
    var count: Int
    var phase_rad: Double
    var frequency_hz: Double
    var damping: Double
    var engageBelow_rad_s: Double
  }

  var coast: Coast
  var detent: Detent?
  var frameRate_hz = 60.0

  /// The landing amplitude docs/tempo-dial.md gives (rad).
  static let landing_rad = 1e-4

  /// What happens after frame `engage`: the rest angle, and the state it springs from.
  struct Takeover {
    var frame: Int
    var target_rad: Double
    var angle_rad: Double
    var speed_rad_s: Double
  }

  /// The angle after frames 1…`frames` (rad), and the detent's takeover if it engages.
  func angles(v0_rad_s: Double, frames: Int) -> (angles: [Double], takeover: Takeover?) {
    let dt = 1 / frameRate_hz
    let start = min(max(v0_rad_s, -coast.maxSpeed_rad_s), coast.maxSpeed_rad_s)
    var v: Double? = abs(start) >= coast.minSpeed_rad_s ? start : nil
    var theta = 0.0
    var out: [Double] = []
    var takeover: Takeover?
    for frame in 1...frames {
      if let t = takeover {
        out.append(springAngle(t, at: Double(frame - t.frame) * dt))
        continue
      }
      var speed = 0.0
      if let current = v {
        let next = coast.decay * current
        if abs(next) <= coast.stopSpeed_rad_s {
          v = nil
        } else {
          theta += current * dt
          v = next
          speed = next
        }
      }
      out.append(theta)
      guard let d = detent, abs(speed) < d.engageBelow_rad_s else { continue }
      let stop = theta + (v.map { $0 * dt / (1 - coast.decay) } ?? 0)
      let spacing = 2 * Double.pi / Double(d.count)
      let target = d.phase_rad + ((stop - d.phase_rad) / spacing).rounded() * spacing
      takeover = Takeover(frame: frame, target_rad: target, angle_rad: theta, speed_rad_s: speed)
      out[out.count - 1] = springAngle(takeover!, at: 0)
    }
    return (out, takeover)
  }

  /// The detent's angle `t` seconds after the takeover (rad): the spring's closed form, or the
  /// rest angle once the amplitude has been within the landing (it never grows again).
  func springAngle(_ t: Takeover, at time: Double) -> Double {
    guard let d = detent else { return t.angle_rad }
    let w = 2 * Double.pi * d.frequency_hz
    let spring = ReferenceSpring(mass: 1, stiffness: w * w, damping: 2 * d.damping * w)
    let x0 = t.angle_rad - t.target_rad
    let v0 = t.speed_rad_s
    // Landed at the first frame whose amplitude is within the landing.
    let dt = 1 / frameRate_hz
    var k = 0.0
    while k * dt <= time + 1e-12 {
      let x = spring.x(k * dt, x0: x0, v0: v0)
      // The velocity solves the same equation from v0, with v′(0) = −ω²x0 − 2ζω·v0.
      let v = spring.x(k * dt, x0: v0, v0: -w * w * x0 - 2 * d.damping * w * v0)
      if (x * x + (v / w) * (v / w)).squareRoot() <= Self.landing_rad { return t.target_rad }
      k += 1
    }
    return t.target_rad + spring.x(time, x0: x0, v0: v0)
  }
}
