/// How UIKit builds and drives its Box2D world, each number defined once: the unit of length,
/// the sub-step and its iterations, and the iOS 7 profile's item boxes. Labels as in
/// docs/uikit-dynamics-model.md: "code" = read from Apple's binaries, "measured" = measured
/// on Apple's UIKit, "doc" = Apple's documentation. Box2D's own settings, which UIKit leaves
/// as Box2D 2.3 ships them, are in `Box2DSettings`.
public enum EngineConstants {
  // MARK: - Units

  /// Points per metre inside the engine (pt/m): UIKit's PTM ratio, 100 (doc, measured: a
  /// 100 × 100 pt item of density 1 weighs 1 kg). Lengths leave the engine as float32
  /// `100 × metres` (`points(fromMetres:)`).
  public static let pointsPerMetre: Double = 100

  /// Metres per point (m/pt) = 1 / `pointsPerMetre`, the double nearest 0.01. Lengths enter
  /// the engine as float32(0.01 × points), a double product rounded once (code:
  /// `(float)(0.01 * pt)`; `metres(fromPoints:)`). It is a multiplication, not points / 100:
  /// the two doubles differ in their last bit for about one quarter-point value in eight
  /// below 2,000 pt; float32 rounding nearly always hides that, but not always.
  public static let metresPerPoint: Double = 0.01

  // MARK: - Time stepping (code)

  /// Modern sub-step accumulator threshold (s): float32(1/120) compared against a double
  /// accumulator, so at 60 Hz the first frame runs one sub-step and later frames two.
  public static let modernThreshold_s: Double = Double(Float(1.0 / 120.0))
  /// Modern sub-step (s): 1/120 s in float32, what the world is stepped by.
  public static let modernSubstep_s: Float = 1.0 / 120.0
  /// iOS 7 sub-step (s): 0.004 s, with an fmod accumulator (four sub-steps per 1/60 s frame,
  /// every sixth frame five).
  public static let ios7Substep_s: Double = 0.004
  /// Velocity iterations per sub-step (code: UIKit steps its world with 8 and 3).
  public static let velocityIterations = 8
  /// Position iterations per sub-step (code).
  public static let positionIterations = 3

  // MARK: - The iOS 7 profile's item boxes (code)

  /// How far iOS 7.0 insets an item's collision box on every side (m): 1 pt = 0.01 m. The
  /// item's mass is still the full box's.
  public static let ios7ItemInset_m: Float = 0.01
  /// The skin (polygon radius) of an iOS 7.0 item box (m): 0.001 m = 0.1 pt, instead of
  /// Box2D's `polygonRadius_m` (1 pt) that the modern profile keeps.
  public static let ios7ItemSkin_m: Float = 0.001
  /// The smallest half extent (m) of an inset iOS 7 box: an item 2 pt wide or narrower would
  /// otherwise have none. iOS 7.0's handling of such items was not read, so FeelLab keeps the
  /// box one skin thick, as the reference engine (Tests/Contract/Reference) does.
  public static let ios7MinimumHalfExtent_m: Float = ios7ItemSkin_m
}

/// A UIKit length (pt) as the engine's float32 metres: float32(0.01 × x_pt), the double
/// product rounded once, exactly as UIKit hands lengths to Box2D.
@inline(__always)
func metres(fromPoints x_pt: Double) -> Float {
  Float(EngineConstants.metresPerPoint * x_pt)
}

/// A UIKit point or vector (pt, or pt/s) as the engine's float32 metres (or m/s).
@inline(__always)
func metres(fromPoints p_pt: Point) -> Vec2 {
  Vec2(metres(fromPoints: p_pt.x), metres(fromPoints: p_pt.y))
}

/// An engine length (float32 m) as UIKit reads it back (pt): 100 × x in float32, then widened.
@inline(__always)
func points(fromMetres x_m: Float) -> Double {
  Double(Float(EngineConstants.pointsPerMetre) * x_m)
}

/// An engine point or vector (float32 m, or m/s) as UIKit reads it back (pt, or pt/s).
@inline(__always)
func points(fromMetres v_m: Vec2) -> Point {
  Point(points(fromMetres: v_m.x), points(fromMetres: v_m.y))
}
