extension Tolerance {
  /// `PortableMath`'s sine, cosine and arctangent against the system's libm: both within a few
  /// ulps of the true value, for arguments of a few turns.
  public static let portableTrig = Tolerance("portable sin/cos/atan vs libm", 1e-14, .absolute)
  /// A label's or an arc's point from `PortableMath` against the closed form with libm's
  /// sine and cosine, on a disc of a few hundred points.
  public static let dialPlacement = Tolerance("dial placement, pt", 1e-11, .absolute)
  /// The synthetic corpus's sensor noise is normal with σ 0.15 pt per axis: a touch-down
  /// sample lies within six σ of its noise-free point (a chance of about 1e-8 per sample to
  /// fail for each of the few thousand checked).
  public static let sixSigmaSensorNoise = Tolerance("six σ of sensor noise, pt", 0.9, .absolute)
  /// A tracked turn summed from a few dozen wrapped atan2 steps against its closed form.
  public static let trackedTurn = Tolerance("tracked turn, rad", 1e-12, .absolute)
  /// A turn summed over 20,000 steps of a densely sampled noise-free path.
  public static let denseTurn = Tolerance("densely sampled turn, rad", 1e-9, .absolute)
}
