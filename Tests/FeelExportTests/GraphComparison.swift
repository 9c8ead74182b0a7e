import FeelScene
import Foundation
import Testing

/// The stand-in UIKit's graph of a generated class (`UIDynamicAnimator.stubGraphJSON`) against
/// `feel inspect --json` of its scene (docs/shapes.md, "feel inspect"): the same bodies (items
/// and groups, static or dynamic, centre, angle, charge, collision bounds, UIKit's masks), the
/// same boundaries with their masks, the same attachments as joints (kind, bodies, world
/// anchors, axis, range, torque, length, frequency, damping, maximum length), the same snaps
/// (anchor and damping) and the same fields (kind, items, parameters, region). Positions within
/// a thousandth of a point: FeelLab's engine holds them in float32 metres.
struct GraphComparison {
  let name: String
  let scene: Scene
  let stub: [String: Any]
  let inspect: [String: Any]
  /// Whether a difference records an issue (false: only `differences` collects it).
  var recording = true
  var differences: [String] = []

  init(name: String, scene: Scene, stub: [String: Any], inspect: [String: Any]) {
    self.name = name
    self.scene = scene
    self.stub = stub
    self.inspect = inspect
  }

  /// Points (pt): float32 metres carry about 1e-5 pt at these sizes; a thousandth is generous
  /// and still far below any wrong anchor.
  static let point_pt = 1e-3
  /// Unitless values read back from float32 (angles, axes, ratios).
  static let float32 = 1e-5

  mutating func differ(_ text: String) {
    differences.append("\(name): \(text)")
    if recording { Issue.record("\(name): \(text)") }
  }

  mutating func close(_ a: Double?, _ b: Double?, _ tolerance: Double, _ what: String) {
    guard let a, let b else {
      if (a == nil) != (b == nil) {
        differ("\(what): \(String(describing: a)) vs \(String(describing: b))")
      }
      return
    }
    if abs(a - b) > tolerance * max(1, abs(b)) { differ("\(what): UIKit code \(a), inspect \(b)") }
  }

  mutating func closePoints(_ a: [Double]?, _ b: [Double]?, _ what: String) {
    close(a?[0], b?[0], Self.point_pt, "\(what) x")
    close(a?[1], b?[1], Self.point_pt, "\(what) y")
  }

  static func numbers(_ v: Any?) -> [Double]? {
    (v as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
  }
  static func number(_ v: Any?) -> Double? { (v as? NSNumber)?.doubleValue }
  static func objects(_ v: Any?) -> [[String: Any]] { v as? [[String: Any]] ?? [] }

  /// The items a scene name stands for: an item, a group's members; nil for anything else.
  func members(_ id: String) -> [String]? {
    if scene.items.contains(where: { $0.id == id }) { return [id] }
    return scene.groups.first { $0.id == id }?.items
  }

  /// Runs every comparison; returns how many attachment joints were compared.
  mutating func run() -> Int {
    compareBodies()
    compareBoundaries()
    compareSnaps()
    compareFields()
    return compareJoints()
  }

  /// Inspect's bodies by name (item, group, anchor or boundary): centre and angle.
  var inspectPoses: [String: (center: [Double], angle: Double)] {
    var out: [String: ([Double], Double)] = [:]
    for body in Self.objects(inspect["bodies"]) {
      let key =
        (body["item"] ?? body["group"] ?? body["anchor"] ?? body["boundary"]) as? String ?? ""
      out[key] = (Self.numbers(body["center_pt"]) ?? [0, 0], Self.number(body["angle_rad"]) ?? 0)
    }
    return out
  }

  mutating func compareBodies() {
    var inspected: [[String]: [String: Any]] = [:]
    for body in Self.objects(inspect["bodies"]) {
      if let id = body["item"] as? String { inspected[[id]] = body }
      if body["group"] is String { inspected[(body["items"] as? [String]) ?? []] = body }
    }
    var stubBodies: [[String]: [String: Any]] = [:]
    for body in Self.objects(stub["bodies"]) {
      stubBodies[(body["items"] as? [String]) ?? []] = body
    }
    let a = Set(stubBodies.keys.map { $0.joined(separator: "+") })
    let b = Set(inspected.keys.map { $0.joined(separator: "+") })
    if a != b { differ("bodies: UIKit code \(a.sorted()), inspect \(b.sorted())") }
    for (key, mine) in stubBodies {
      guard let theirs = inspected[key] else { continue }
      let what = "body \(key.joined(separator: "+"))"
      if (mine["type"] as? String) != (theirs["type"] as? String) {
        differ("\(what) type: \(mine["type"] ?? "?") vs \(theirs["type"] ?? "?")")
      }
      closePoints(
        Self.numbers(mine["center_pt"]), Self.numbers(theirs["center_pt"]), "\(what) centre")
      if mine["angle_rad"] != nil {
        close(
          Self.number(mine["angle_rad"]), Self.number(theirs["angle_rad"]), Self.float32,
          "\(what) angle")
      }
      close(
        Self.number(mine["charge"]), Self.number(theirs["charge"]), Self.float32, "\(what) charge")
      let fixtures = Self.objects(theirs["fixtures"])
      for f in fixtures {
        close(Self.number(mine["category"]), Self.number(f["category"]), 0, "\(what) category mask")
        close(
          Self.number(mine["collision"]), Self.number(f["collision"]), 0, "\(what) collision mask")
      }
      guard let bounds = mine["bounds"] as? String, let f = fixtures.first else { continue }
      let shape = f["shape"] as? String ?? ""
      let vertices = (f["vertices_pt"] as? [Any] ?? []).compactMap(Self.numbers)
      switch bounds {
      case "rectangle":
        if shape != "polygon" || vertices.count != 4 {
          differ("\(what): a rectangle is \(shape) of \(vertices.count)")
        }
      case "ellipse":
        let item = scene.items.first { $0.id == key[0] }
        let circle = item.map { $0.size_pt.x == $0.size_pt.y } ?? false
        if circle ? shape != "circle" : (shape != "polygon" || vertices.count <= 4) {
          differ("\(what): an ellipse is \(shape) of \(vertices.count)")
        }
      default:
        let path = (mine["path_pt"] as? [Any] ?? []).compactMap(Self.numbers)
        if shape != "polygon" || vertices.count != path.count {
          differ("\(what): a path is \(shape) of \(vertices.count)")
        }
        for p in path
        where !vertices.contains(where: { abs($0[0] - p[0]) < 0.01 && abs($0[1] - p[1]) < 0.01 }) {
          differ("\(what): path point \(p) not among \(vertices)")
        }
      }
    }
  }

  mutating func compareBoundaries() {
    var edges: [(id: String, from: [Double], to: [Double], category: Double, collision: Double)] =
      []
    for body in Self.objects(inspect["bodies"]) {
      guard let id = body["boundary"] as? String else { continue }
      for f in Self.objects(body["fixtures"]) {
        let v = (f["vertices_pt"] as? [Any] ?? []).compactMap(Self.numbers)
        guard v.count == 2 else { continue }
        edges.append(
          (id, v[0], v[1], Self.number(f["category"]) ?? -1, Self.number(f["collision"]) ?? -1))
      }
    }
    let mine = Self.objects(stub["boundaries"])
    if mine.count != edges.count {
      differ("boundaries: \(mine.count) edges vs inspect's \(edges.count)")
    }
    for b in mine {
      let id = b["id"] as? String ?? referenceBoundsName
      let from = Self.numbers(b["from_pt"]) ?? []
      let to = Self.numbers(b["to_pt"]) ?? []
      let near = { (p: [Double], q: [Double]) in
        abs(p[0] - q[0]) < Self.point_pt && abs(p[1] - q[1]) < Self.point_pt
      }
      guard
        let k = edges.firstIndex(where: { $0.id == id && near($0.from, from) && near($0.to, to) })
      else {
        differ("boundary \(id) \(from)–\(to): not in inspect")
        continue
      }
      close(Self.number(b["category"]), edges[k].category, 0, "boundary \(id) category mask")
      close(Self.number(b["collision"]), edges[k].collision, 0, "boundary \(id) collision mask")
      edges.remove(at: k)
    }
  }

  mutating func compareSnaps() {
    let poses = inspectPoses
    let joints = Self.objects(inspect["joints"])
    for s in Self.objects(stub["snaps"]) {
      let items = s["items"] as? [String] ?? []
      guard
        let behavior = scene.behaviors.first(where: { b in
          if case .snap = b.kind, b.items.flatMap({ members($0) ?? [] }) == items { return true }
          return false
        })
      else {
        differ("snap of \(items): no such snap in the scene")
        continue
      }
      let anchor = poses["anchor of \(behavior.id)"]
      closePoints(Self.numbers(s["point_pt"]), anchor?.center, "snap \(behavior.id) point")
      let own = joints.filter { ($0["behavior"] as? String) == behavior.id }
      if own.count != 4 { differ("snap \(behavior.id): \(own.count) joints in inspect") }
      for j in own {
        close(
          Self.number(s["damping"]), Self.number(j["damping_ratio"]), Self.float32,
          "snap \(behavior.id) damping")
      }
    }
  }

  static let kinds = [
    "distance": "distance", "fixed": "weld", "pin": "revolute", "sliding": "prismatic",
    "limit": "rope",
  ]

  /// The world point of a local one on an inspected body.
  func world(_ local: [Double]?, on body: String) -> [Double]? {
    guard let local, let pose = inspectPoses[body] else { return nil }
    let (c, s) = (cos(pose.angle), sin(pose.angle))
    return [
      pose.center[0] + c * local[0] - s * local[1], pose.center[1] + s * local[0] + c * local[1],
    ]
  }

  mutating func compareJoints() -> Int {
    let attachments = Set(
      scene.behaviors.filter { if case .attachment = $0.kind { true } else { false } }.map(\.id))
    var theirs = Self.objects(inspect["joints"]).filter {
      attachments.contains($0["behavior"] as? String ?? "")
    }
    let mine = Self.objects(stub["joints"])
    if mine.count != theirs.count {
      differ("attachments: \(mine.count) joints vs inspect's \(theirs.count)")
    }
    var compared = 0
    for j in mine {
      let kind = Self.kinds[j["kind"] as? String ?? ""] ?? "?"
      let a = j["a"] as? [String] ?? []
      let b = j["b"] as? [String]
      guard
        let k = theirs.firstIndex(where: {
          ($0["kind"] as? String) == kind && members($0["body_a"] as? String ?? "") == a
            && members($0["body_b"] as? String ?? "") == b
        })
      else {
        differ(
          "a \(j["kind"] ?? "?") attachment of \(a) to \(b ?? ["an anchor"]): inspect has no \(kind) joint there"
        )
        continue
      }
      let t = theirs.remove(at: k)
      let what = "\(t["behavior"] ?? "?") (\(kind))"
      let bodyA = t["body_a"] as? String ?? ""
      let bodyB = t["body_b"] as? String ?? ""
      closePoints(
        Self.numbers(j["anchor_a_pt"]), world(Self.numbers(t["local_anchor_a_pt"]), on: bodyA),
        "\(what) anchor A")
      closePoints(
        Self.numbers(j["anchor_b_pt"]), world(Self.numbers(t["local_anchor_b_pt"]), on: bodyB),
        "\(what) anchor B")
      switch kind {
      case "distance":
        close(
          Self.number(j["length_pt"]), Self.number(t["length_pt"]), Self.point_pt, "\(what) length")
        close(
          Self.number(j["frequency_hz"]), Self.number(t["frequency_hz"]), Self.float32,
          "\(what) frequency")
        close(
          Self.number(j["damping"]), Self.number(t["damping_ratio"]), Self.float32,
          "\(what) damping")
      case "revolute":
        compareRange(j["range"], t["limit_rad"], what)
        close(
          Self.number(j["friction_torque"]), Self.number(t["max_motor_torque"]), Self.float32,
          "\(what) friction torque")
      case "prismatic":
        compareRange(j["range"], t["limit_pt"], what)
        let local = Self.numbers(t["local_axis"]) ?? [0, 0]
        let angle = inspectPoses[bodyA]?.angle ?? 0
        let axis = [
          cos(angle) * local[0] - sin(angle) * local[1],
          sin(angle) * local[0] + cos(angle) * local[1],
        ]
        let expected = Self.numbers(j["axis"])
        close(expected?[0], axis[0], Self.float32, "\(what) axis x")
        close(expected?[1], axis[1], Self.float32, "\(what) axis y")
      case "rope":
        close(
          Self.number(j["max_length_pt"]), Self.number(t["max_length_pt"]), Self.point_pt,
          "\(what) maximum length")
      default:
        break
      }
      compared += 1
    }
    return compared
  }

  /// An attachment's range against its joint's limit (both absent when unlimited).
  mutating func compareRange(_ range: Any?, _ limit: Any?, _ what: String) {
    let (r, l) = (Self.numbers(range), Self.numbers(limit))
    close(r?[0], l?[0], Self.float32, "\(what) range minimum")
    close(r?[1], l?[1], Self.float32, "\(what) range maximum")
  }

  mutating func compareFields() {
    let mine = Self.objects(stub["fields"])
    let theirs = Self.objects(inspect["fields"])
    if mine.count != theirs.count { differ("fields: \(mine.count) vs inspect's \(theirs.count)") }
    for (f, t) in zip(mine, theirs) {
      let kind = t["kind"] as? String ?? "?"
      let what = "field \(t["behavior"] ?? "?") (\(kind))"
      if (f["kind"] as? String) != kind {
        differ("\(what): UIKit code makes a \(f["kind"] ?? "?") field")
      }
      let items = (f["items"] as? [[String]]) ?? []
      let expected = ((t["items"] as? [String]) ?? []).map { members($0) ?? [$0] }
      if items != expected { differ("\(what) items: \(items) vs \(expected)") }
      closePoints(
        Self.numbers(f["position_pt"]), Self.numbers(t["position_pt"]), "\(what) position")
      for (mineKey, theirKey) in [
        ("strength", "strength"), ("falloff", "falloff"),
        ("minimum_radius_pt", "minimum_radius_pt"),
      ] {
        close(Self.number(f[mineKey]), Self.number(t[theirKey]), 1e-9, "\(what) \(theirKey)")
      }
      if ["linear_gravity", "velocity", "drag"].contains(kind) {
        let d = Self.numbers(f["direction"])
        let e = Self.numbers(t["direction"])
        close(d?[0], e?[0], 1e-9, "\(what) direction x")
        close(d?[1], e?[1], 1e-9, "\(what) direction y")
      }
      if ["noise", "turbulence"].contains(kind) {
        close(
          Self.number(f["smoothness"]), Self.number(t["smoothness"]), 1e-9, "\(what) smoothness")
        close(
          Self.number(f["animation_speed"]), Self.number(t["animation_speed"]), 1e-9,
          "\(what) animation speed")
      }
      compareRegion(
        f["region"] as? [String: Any] ?? [:], t["region"] as? [String: Any] ?? [:], what)
    }
  }

  mutating func compareShape(_ a: [String: Any], _ b: [String: Any], _ what: String) {
    if (a["shape"] as? String) != (b["shape"] as? String) {
      differ("\(what): \(a["shape"] ?? "?") vs \(b["shape"] ?? "?")")
    }
    close(Self.number(a["radius_pt"]), Self.number(b["radius_pt"]), 1e-9, "\(what) radius")
    let s = Self.numbers(a["size_pt"])
    let t = Self.numbers(b["size_pt"])
    close(s?[0], t?[0], 1e-9, "\(what) width")
    close(s?[1], t?[1], 1e-9, "\(what) height")
  }

  mutating func compareRegion(_ a: [String: Any], _ b: [String: Any], _ what: String) {
    compareShape(a, b, "\(what) region")
    if (a["inverse"] as? Bool ?? false) != (b["inverse"] as? Bool ?? false) {
      differ("\(what) region inverse")
    }
    if (a["operation"] as? String) != (b["operation"] as? String) {
      differ("\(what) region operation: \(a["operation"] ?? "none") vs \(b["operation"] ?? "none")")
    }
    if let x = a["operand"] as? [String: Any], let y = b["operand"] as? [String: Any] {
      compareShape(x, y, "\(what) region operand")
    }
  }
}
