import FeelScene

extension InertiaSpec {
  /// An `inertia` behavior as a scene file without keys gives it: the scene schema's defaults.
  public static var fileDefaults: InertiaSpec { SceneSchema.inertia.defaults }
}

extension DetentSpec {
  /// A `detent` behavior as a scene file giving only `count` (and `phase`) gives it: the scene
  /// schema's defaults for the rest.
  public static func fileDefaults(count: Int, phase_rad: Double? = nil) -> DetentSpec {
    var detent = SceneSchema.detent.defaults
    detent.count = count
    if let phase_rad { detent.phase_rad = phase_rad }
    return detent
  }
}
