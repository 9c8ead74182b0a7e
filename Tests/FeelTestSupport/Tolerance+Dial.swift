extension Tolerance {
  /// The dial's layout (issue 11): label transforms and text positions against their closed
  /// forms, a few double roundings of a 240 pt disc apart.
  public static let layoutPosition = Tolerance("dial layout, pt", 1e-9, .absolute)
  /// A transform's non-dimensional fields (cos, sin) against their closed forms.
  public static let layoutField = Tolerance("dial layout field", 1e-12, .absolute)
  /// The detent's promise (docs/tempo-dial.md): an item that stops turning rests this close
  /// to one of its rest angles (rad).
  public static let detentRest = Tolerance("detent rest angle, rad", 1e-3, .absolute)
  /// The author's coast summed in degrees (his code) against FeelLab's in radians: the same
  /// recurrence, a few hundred roundings apart.
  public static let coastRecurrence = Tolerance("coast recurrence", 1e-9, .relative)
  /// One float32 sub-step factor 1/(1 + h·c), squared per 60 Hz frame, against the double
  /// closed form: the engine keeps ω and the factor in float32 (a few ulps, 6e-8 each).
  public static let float32Factor = Tolerance("float32 damping factor", 5e-7, .relative)
}
