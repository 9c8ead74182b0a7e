import FeelScene

extension ScenePath {
  /// Why a path names no value of the scene: what was expected there, and the closest valid
  /// path when a segment looks misspelt.
  public struct Problem: Error, Sendable, Equatable {
    /// What was expected, in the designer's words: "a key of snap behavior \"scrub-snap\"
    /// (point.0, point.1, damping) after 'behavior.scrub-snap'".
    public var expected: String
    /// A valid path close to the one written.
    public var suggestion: String?
  }

  /// The first segments of every path: the top level's keys that paths name, then the roots
  /// of the tables.
  static let roots = SceneSchema.scene.pathNames + ScenePathRoot.allCases.map(\.rawValue)

  /// Resolves `text` against `scene`'s items, behaviors, boundaries and rules.
  public init(_ text: String, in scene: Scene) throws(Problem) {
    var walk = Walk(text: text)
    self.text = text
    target = try walk.resolve(in: scene)
  }

  /// Reads a path segment by segment, so that a mistake is reported at the segment that is
  /// wrong, with the candidates allowed there.
  struct Walk {
    let text: String
    let segments: [String]
    var position = 0

    init(text: String) {
      self.text = text
      segments = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The path up to the current segment: `behavior.scrub-snap`.
    var prefix: String { segments[..<position].joined(separator: ".") }

    /// The next segment, which must be one of `candidates` (`what` names them in messages).
    mutating func next(_ candidates: [String], _ what: String) throws(Problem) -> String {
      let listed = candidates.count <= 12 ? " (\(candidates.joined(separator: ", ")))" : ""
      let place = position == 0 ? "" : " after '\(prefix)'"
      guard position < segments.count else {
        let suggestion = candidates.count == 1 ? "\(prefix).\(candidates[0])" : nil
        throw Problem(expected: "\(what)\(listed)\(place)", suggestion: suggestion)
      }
      let segment = segments[position]
      guard candidates.contains(segment) else {
        var suggestion: String?
        if let near = NameSuggestion.closest(to: segment, among: candidates) {
          var fixed = segments
          fixed[position] = near
          suggestion = fixed.joined(separator: ".")
        }
        throw Problem(expected: "\(what)\(listed)\(place)", suggestion: suggestion)
      }
      position += 1
      return segment
    }

    /// The end of the path: nothing may follow.
    func end() throws(Problem) {
      guard position == segments.count else {
        throw Problem(
          expected: "nothing after '\(prefix)' (it names a single value)",
          suggestion: prefix)
      }
    }

    mutating func component(of count: Int) throws(Problem) -> Int {
      if count == 2 {
        return try next(["0", "1"], "a component, 0 (x or width) or 1 (y or height)") == "0"
          ? 0 : 1
      }
      // Insets: 0 top, 1 left, 2 bottom, 3 right (UIEdgeInsets' order).
      let names = (0..<count).map(String.init)
      return Int(try next(names, "a component, 0 (top), 1 (left), 2 (bottom) or 3 (right)"))!
    }

    /// A key of the table at `place` (`what` names the keys in messages), its component if it
    /// is a point, and the end of the path.
    mutating func key(at place: ScenePlace, in scene: Scene, _ what: String) throws(Problem)
      -> Target
    {
      let keys = SceneSchema.pathKeys(at: place, in: scene)
      let name = try next(keys.map(\.name), what)
      return try value(place, keys.first { $0.name == name }!)
    }

    /// The component of `key` if it is a point, and the end of the path.
    private mutating func value(_ place: ScenePlace, _ key: ScenePathKey) throws(Problem)
      -> Target
    {
      let component = key.components > 1 ? try component(of: key.components) : 0
      try end()
      return Target(place: place, key: key, component: component)
    }

    mutating func resolve(in scene: Scene) throws(Problem) -> Target {
      let first = try next(ScenePath.roots, "a path to a scene value, beginning with one of")
      switch ScenePathRoot(rawValue: first) {
      case .item:
        let index = try id(scene.items.map(\.id), "the id of an item")
        return try key(at: .item(index), in: scene, "a key of an item")
      case .behavior: return try behavior(in: scene)
      case .boundary: return try boundary(in: scene)
      case .rule: return try rule(in: scene)
      case .recognizer:
        return try key(at: .recognizer, in: scene, "a key of the [recognizer] table")
      case .touch: return try touch(in: scene)
      case nil:
        // A key of the top level, which the scene may lack (`reference_size`).
        guard
          let key = SceneSchema.pathKeys(at: .scene, in: scene).first(where: { $0.name == first })
        else {
          let info = SceneSchema.scene.info.keys.first { $0.name == first }
          var shape = ""
          if case .point(let components, _) = info?.form { shape = " = \(components)" }
          throw Problem(expected: "a value the scene has (it has no \(first)\(shape))")
        }
        return try value(.scene, key)
      }
    }

    /// The index of the next segment among `ids`.
    private mutating func id(_ ids: [String], _ what: String) throws(Problem) -> Int {
      ids.firstIndex(of: try next(ids, what))!
    }

    private mutating func touch(in scene: Scene) throws(Problem) -> Target {
      let ids = scene.touches.map(\.id)
      let index = try id(ids, "the id of a touch")
      let trace = scene.touches[index].trace
      switch trace {
      case .samples, .recorded:
        let source: String
        if case .recorded = trace { source = "a recorded file" } else { source = "written samples" }
        throw Problem(
          expected: "a generated trace (tap, hold or drag): touch \"\(ids[index])\" has "
            + "\(source), which a sweep cannot vary")
      case .tap, .hold, .drag:
        _ = try next([trace.key], "the trace of touch \"\(ids[index])\"")
      }
      return try key(at: .trace(index), in: scene, "a key of a \(trace.key) trace")
    }

    private mutating func behavior(in scene: Scene) throws(Problem) -> Target {
      let ids = scene.behaviors.map(\.id)
      let index = try id(ids, "the id of a behavior")
      let id = ids[index]
      let kind = scene.behaviors[index].kind
      if SceneSchema.pathKeys(at: .behavior(index), in: scene).isEmpty {
        switch kind {
        case .collision(let spec):
          let names = spec.boundaries.map(\.id)
          let end = "\(SceneSchema.boundary.pathNames[0]).0"
          let root = ScenePathRoot.boundary.rawValue
          throw Problem(
            expected: "a value: \"\(id)\" is a collision behavior; set its boundaries with "
              + "\(root).ID.\(end) (boundaries: \(names.joined(separator: ", ")))",
            suggestion: names.first.map { "\(root).\($0).\(end)" })
        case .drag(let spec):
          throw Problem(
            expected: "a value: \"\(id)\" is a follow drag, which has no number (its finger's "
              + "trace has: \(ScenePathRoot.touch.rawValue).\(spec.touch ?? "ID").…)")
        default:
          throw Problem(expected: "a value: \"\(id)\" has none a path can set")
        }
      }
      return try key(
        at: .behavior(index), in: scene,
        "a key of \(SceneSchema.typeName(of: kind)) behavior \"\(id)\"")
    }

    private mutating func boundary(in scene: Scene) throws(Problem) -> Target {
      var owners: [(id: String, behavior: Int, index: Int)] = []
      for (b, behavior) in scene.behaviors.enumerated() {
        guard case .collision(let spec) = behavior.kind else { continue }
        for (i, boundary) in spec.boundaries.enumerated() { owners.append((boundary.id, b, i)) }
      }
      let id = try next(owners.map(\.id), "the id of a boundary")
      let owner = owners.first { $0.id == id }!
      return try key(
        at: .boundary(behavior: owner.behavior, index: owner.index), in: scene,
        "an end of the boundary")
    }

    private mutating func rule(in scene: Scene) throws(Problem) -> Target {
      let numbers = scene.rules.indices.map { String($0 + 1) }
      let r = Int(try next(numbers, "the number of a rule, 1 for the first"))! - 1
      guard !SceneSchema.pathKeys(at: .rule(r), in: scene).isEmpty else {
        let keys = SceneSchema.rule.pathNames.map { "'\($0)'" }.joined(separator: ", ")
        throw Problem(
          expected: "a time rule or a rule with set (only they have values: \(keys))")
      }
      return try key(at: .rule(r), in: scene, "a key of the rule")
    }
  }

  /// Every path of `scene` that names a number, a choice (the profile) or a boolean: for
  /// listings.
  public static func all(in scene: Scene) -> [String] { listing(in: scene).map(\.path) }

  /// Every path of `scene` that names a number, a choice (the profile) or a boolean, with the
  /// kind of value it holds, in file order (top level, items, behaviors and their boundaries,
  /// rules, recognizer, touches): what a sweep's axis, `--set` and the server's `set` accept
  /// (`feel inspect --paths`).
  public static func listing(in scene: Scene) -> [Entry] {
    var entries: [Entry] = []
    func add(_ prefix: String, _ place: ScenePlace) {
      for key in SceneSchema.pathKeys(at: place, in: scene) {
        if key.components > 1 {
          entries += (0..<key.components).map { Entry(prefix + key.name + ".\($0)", key.kind) }
        } else {
          entries.append(Entry(prefix + key.name, key.kind))
        }
      }
    }
    func root(_ root: ScenePathRoot, _ id: String) -> String { "\(root.rawValue).\(id)." }
    add("", .scene)
    for (i, item) in scene.items.enumerated() { add(root(.item, item.id), .item(i)) }
    for (b, behavior) in scene.behaviors.enumerated() {
      add(root(.behavior, behavior.id), .behavior(b))
      guard case .collision(let spec) = behavior.kind else { continue }
      for (i, boundary) in spec.boundaries.enumerated() {
        add(root(.boundary, boundary.id), .boundary(behavior: b, index: i))
      }
    }
    for r in scene.rules.indices { add(root(.rule, String(r + 1)), .rule(r)) }
    if !scene.touches.isEmpty { add(ScenePathRoot.recognizer.rawValue + ".", .recognizer) }
    for (t, touch) in scene.touches.enumerated() {
      add(root(.touch, touch.id) + touch.trace.key + ".", .trace(t))
    }
    return entries
  }

  /// One path of `listing(in:)`: the path and what it holds.
  public struct Entry: Sendable, Equatable {
    public var path: String
    public var kind: SceneValueKind

    public init(_ path: String, _ kind: SceneValueKind) {
      self.path = path
      self.kind = kind
    }
  }
}
