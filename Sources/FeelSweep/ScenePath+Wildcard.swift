import FeelScene

/// A path whose id segment holds `*` (docs/experiments.md, "Paths"): `behavior.spring-*.damping`
/// stands for that key of every behavior whose id matches, in scene order, so that an axis
/// setting one constant of many bodies (the springy list's 48 springs) names them once. `*`
/// matches any run of characters (none included); only the id segment of `item`, `behavior`,
/// `boundary` and `touch` paths may hold one. An experiment's paths are expanded against its
/// base scene before anything else reads them, so a sweep sees exactly the listed paths.
extension ScenePath {
  /// The paths `text` stands for in `scene`: nil when it holds no `*`; else the path with each
  /// matching id in scene order. Throws when the `*` is elsewhere or no id matches.
  public static func expanding(_ text: String, in scene: Scene) throws(Problem) -> [String]? {
    guard text.contains("*") else { return nil }
    let segments = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let root = segments.first.flatMap(ScenePathRoot.init(rawValue:))
    let wild = segments.indices.filter { segments[$0].contains("*") }
    guard let root, [.item, .behavior, .touch, .boundary].contains(root), segments.count > 2,
      wild == [1]
    else {
      throw Problem(
        expected: "a `*` only in the id of an item, behavior, boundary or touch path "
          + "(item.*.KEY, behavior.ID-*.KEY)")
    }
    let ids: [String]
    switch root {
    case .item: ids = scene.items.map(\.id)
    case .behavior: ids = scene.behaviors.map(\.id)
    case .touch: ids = scene.touches.map(\.id)
    default:
      ids = scene.behaviors.flatMap { behavior -> [String] in
        guard case .collision(let spec) = behavior.kind else { return [] }
        return spec.boundaries.map(\.id)
      }
    }
    let matched = ids.filter { matches($0, pattern: segments[1]) }
    guard !matched.isEmpty else {
      throw Problem(
        expected: "an id matching \"\(segments[1])\" (ids: \(ids.joined(separator: ", ")))")
    }
    return matched.map { id in ([segments[0], id] + segments.dropFirst(2)).joined(separator: ".") }
  }

  /// Whether `id` matches `pattern`, whose `*` matches any run of characters.
  static func matches(_ id: String, pattern: String) -> Bool {
    let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
    guard parts.count > 1 else { return id == pattern }
    var rest = Substring(id)
    guard rest.hasPrefix(parts[0]) else { return false }
    rest = rest.dropFirst(parts[0].count)
    for part in parts.dropFirst().dropLast() {
      guard let found = rest.range(of: part) else { return false }
      rest = rest[found.upperBound...]
    }
    let last = parts[parts.count - 1]
    return rest.count >= last.count && rest.hasSuffix(last)
  }
}

extension Experiment {
  /// The experiment with each wildcard path of its axes and `[fixed]` table replaced by the
  /// paths it stands for in `scene` (`ScenePath.expanding`), each with its entry's mapping and
  /// location.
  public func expandingWildcards(in scene: Scene) throws(ExperimentError) -> Experiment {
    var out = self
    for a in out.axes.indices {
      var targets: [AxisTarget] = []
      for target in out.axes[a].targets {
        guard let paths = try Self.expanded(target.path, at: target.location, in: scene) else {
          targets.append(target)
          continue
        }
        targets += paths.map {
          AxisTarget(
            path: $0, scale: target.scale, offset: target.offset, location: target.location)
        }
      }
      out.axes[a].targets = targets
    }
    var fixed: [Setting] = []
    for setting in out.fixed {
      guard let paths = try Self.expanded(setting.path, at: setting.location, in: scene) else {
        fixed.append(setting)
        continue
      }
      fixed += paths.map { Setting(path: $0, value: setting.value, location: setting.location) }
    }
    out.fixed = fixed
    return out
  }

  private static func expanded(_ text: String, at location: SourceLocation, in scene: Scene)
    throws(ExperimentError) -> [String]?
  {
    do {
      return try ScenePath.expanding(text, in: scene)
    } catch {
      throw location.error(
        expected: error.expected, got: "\"\(text)\"", suggestion: error.suggestion)
    }
  }
}
