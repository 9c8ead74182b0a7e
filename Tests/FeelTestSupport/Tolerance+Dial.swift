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
  /// A spring fitted to the detent's motion against the detent's own frequency and damping
  /// ratio: the motion is that spring, sampled exactly, except its landing (the item placed
  /// on the label once the spring's amplitude is under 1e-4 rad: a jump of at most 0.0057°, or
  /// 3e-4 of a travel of about 20°, over the last few samples, which moves the fitted
  /// frequency and damping ratio by a few 1e-5 at most).
  public static let detentSpringFit = Tolerance("detent spring fit", 1e-4, .relative)
  /// The app code `feel export --to uikit` writes for an inertia or a detent, run, against the
  /// simulation: the same recurrences in double precision, the angle kept in a transform's
  /// cos and sin and read back with atan2 (a few 1e-16 rad a frame over some 600 frames).
  public static let generatedAppCode = Tolerance("generated app code, rad", 1e-9, .absolute)
  /// The detent's motion against its spring's closed form written in the test (the roots of
  /// its characteristic equation, from the takeover state the author's recurrence gives): the
  /// engine composes the exact flow frame by frame, the test evaluates it at once, and the
  /// takeover angle is a sum of some 80 frames' turns (°, a few 1e-12 of a 20° travel).
  public static let detentClosedForm = Tolerance("detent closed form, °", 1e-9, .absolute)
  /// The author's coast against its whole geometric series v0·dt/(1 − decay): the stop at
  /// 0.0001°/s leaves out a tail of at most stop speed·dt/(1 − decay) (1e-6 rad of 19 rad).
  public static let coastStopTail = Tolerance("coast stop tail", 1e-6, .relative)
  /// An angle given along the rim (pt) against degrees × π/180 × the rim radius: one product
  /// of doubles apart, printed in JSON's shortest round-trip form.
  public static let rimConversion = Tolerance("degrees to points along the rim", 1e-12, .relative)
  /// Two numbers of a CSV that prints 9 significant digits, each rounded (half a unit of the
  /// 9th digit: 5e-9 relative), against their exact ratio.
  public static let csvDigits = Tolerance("CSV's 9 significant digits", 2e-8, .relative)
}
