/// Box2D 2.3's tuning constants, each defined once, in the engine's units (float32 metres,
/// seconds, radians). UIKit's measured numbers are those of Box2D 2.3 with its settings as
/// shipped (docs/uikit-dynamics-model.md: the 1 pt skin, the 100 pt/s restitution threshold,
/// sleeping below 1 pt/s and 2°/s for 0.5 s), and pybox2d 2.3.10, the reference engine of the
/// differential tests, uses them too: changing one moves FeelLab away from both. UIKit's own
/// numbers (points per metre, the sub-step, iterations, the iOS 7 box) are in
/// `EngineConstants`.
///
/// Sources: "b2Settings" = Box2D v2.3.0's Common/b2Settings.h (the named settings); the other
/// entries are constants Box2D 2.3 writes inside one function (named after it here). At
/// 100 pt per metre, 0.01 m is 1 pt.
package enum Box2DSettings {
  // MARK: - Lengths

  /// Linear slop (m), b2Settings `b2_linearSlop`: 0.005 m = 0.5 pt. The collision and
  /// constraint tolerance: contacts are allowed to overlap by this much (so they stay in
  /// contact instead of jittering), a joint shorter than this has no direction, a rigid joint
  /// within this of its length is solved. Numerically significant, visually insignificant.
  package static let linearSlop_m: Float = 0.005

  /// Polygon radius (m), b2Settings `b2_polygonRadius` = 2 × linear slop = 0.01 m = 1 pt: the
  /// skin of every box UIKit makes for an item (modern profile) and of every boundary edge, so
  /// that contact begins about 1 pt before the geometric touch and continuous collision has a
  /// buffer to stop in.
  package static let polygonRadius_m: Float = 2 * linearSlop_m

  // MARK: - Broad phase

  /// Fat-box margin (m), b2Settings `b2_aabbExtension`: 0.1 m = 10 pt on every side of a
  /// shape's bounding box in the broad phase. A contact exists (and takes its place in the
  /// solve order) from when two fat boxes first overlap until they part, so this margin
  /// decides when contacts are made and destroyed.
  package static let aabbExtension_m: Float = 0.1

  /// Fat-box stretch (dimensionless), b2Settings `b2_aabbMultiplier`: a moved body's fat box
  /// reaches this many times its last sub-step's displacement ahead of it.
  package static let aabbMultiplier: Float = 2

  // MARK: - Edge–polygon contact (b2CollideEdgeAndPolygon, b2EPCollider)

  /// Manifold radius (m) of the edge–polygon collider = 2 × polygon radius = 0.02 m = 2 pt:
  /// Box2D 2.3's b2EPCollider makes contact points while the separation is at most this,
  /// whatever the two shapes' real skins (the iOS 7 profile's 0.001 m skins included).
  package static let edgePolygonManifoldRadius_m: Float = 2 * polygonRadius_m

  /// b2EPCollider `k_relativeTol` (dimensionless): a polygon face is the reference face only if
  /// it separates more than 0.98 × the edge's separation plus `edgeFaceAbsoluteTolerance_m`;
  /// the preference for the edge's face keeps the choice from flickering between steps.
  package static let edgeFaceRelativeTolerance: Float = 0.98

  /// b2EPCollider `k_absoluteTol` (m): 0.001 m = 0.1 pt, with `edgeFaceRelativeTolerance`.
  package static let edgeFaceAbsoluteTolerance_m: Float = 0.001

  // MARK: - Polygon–polygon contact (b2CollidePolygons, Box2D 2.2.1)

  /// b2CollidePolygons `k_relativeTol` (dimensionless): polygon B's face is the reference face
  /// only if it separates more than 0.98 × A's best separation plus
  /// `polygonFaceAbsoluteTolerance_m`, so that two nearly equal faces do not take turns.
  package static let polygonFaceRelativeTolerance: Float = 0.98

  /// b2CollidePolygons `k_absoluteTol` (m): 0.001 m = 0.1 pt, with
  /// `polygonFaceRelativeTolerance`.
  package static let polygonFaceAbsoluteTolerance_m: Float = 0.001

  // MARK: - Distance and time of impact (b2Distance, b2TimeOfImpact)

  /// b2Distance `k_maxIters`: GJK iterations before the closest points are taken as found.
  package static let gjkMaxIterations = 20

  /// b2TimeOfImpact: the time of impact is when the shapes come within their total skin less
  /// this depth (m) = 3 × linear slop = 1.5 pt (the target separation is never below one
  /// slop), so that the contact found there has points and a little overlap to solve.
  package static let toiTargetDepth_m: Float = 3 * linearSlop_m

  /// b2TimeOfImpact: how close to the target separation (m) counts as there = ¼ linear slop
  /// = 0.125 pt.
  package static let toiTolerance_m: Float = 0.25 * linearSlop_m

  /// b2TimeOfImpact `k_maxIterations`: conservative-advancement iterations before giving up
  /// (the result is then "failed" at the last safe time).
  package static let toiMaxIterations = 20

  /// b2TimeOfImpact: root-finder iterations (bisection alternating with false position) for
  /// one separating axis.
  package static let toiMaxRootIterations = 50

  /// b2TimeOfImpact: separating axes tried per iteration, `b2_maxPolygonVertices` (b2Settings,
  /// 8): at most one per vertex of a polygon. (pybox2d 2.3.10 is built with 16; the two still
  /// agree bit for bit on every differential scene.)
  package static let toiMaxPushBackIterations = 8

  /// b2World::SolveTOI: an earliest impact at a fraction of the sub-step above 1 − 10 ε
  /// (ε = `b2_epsilon` = FLT_EPSILON) counts as none; the sub-step is done.
  package static let toiLastAlpha: Float = 1 - 10 * Float.ulpOfOne

  /// b2Settings `b2_maxSubSteps`: time-of-impact events one contact may take in one sub-step.
  package static let maxSubSteps = 8

  /// b2World::SolveTOI: position iterations that push a body out of the boundaries it hit at
  /// its time of impact (UIKit's 3 are for the regular step).
  package static let toiPositionIterations = 20

  // MARK: - Solver (b2ContactSolver, b2DistanceJoint, b2Island)

  /// Restitution threshold (m/s), b2Settings `b2_velocityThreshold`: 1 m/s = 100 pt/s. A
  /// contact approaching slower than this does not bounce (restitution 0), so resting items
  /// settle instead of buzzing.
  package static let velocityThreshold_m_s: Float = 1

  /// Largest position correction per position iteration (m), b2Settings
  /// `b2_maxLinearCorrection`: 0.2 m = 20 pt, for contacts and rigid joints; it prevents
  /// overshoot on deep overlaps.
  package static let maxLinearCorrection_m: Float = 0.2

  /// Angular slop (rad), b2Settings `b2_angularSlop`: 2° written 2/180 × π in float32. The
  /// revolute, prismatic and weld joints tolerate this much angle error, and a joint limit
  /// whose ends are closer than twice it is one fixed angle.
  package static let angularSlop_rad: Float = 2 / 180 * pi32

  /// Largest angle correction per position iteration (rad), b2Settings
  /// `b2_maxAngularCorrection`: 8° written 8/180 × π in float32 (the revolute joint's limit).
  package static let maxAngularCorrection_rad: Float = 8 / 180 * pi32

  /// Baumgarte factor (dimensionless), b2Settings `b2_baumgarte`: the fraction of a contact's
  /// overlap (beyond the slop) removed per position iteration. 1 would remove it in one
  /// iteration but overshoots.
  package static let baumgarte: Float = 0.2

  /// Baumgarte factor at a time of impact (dimensionless), b2Settings `b2_toiBaugarte`: the
  /// time-of-impact position solve, which moves one body out of static boundaries, corrects
  /// three quarters of the overlap per iteration.
  package static let toiBaumgarte: Float = 0.75

  /// b2ContactSolver `k_maxConditionNumber`: a two-point contact whose 2×2 normal mass matrix
  /// is worse conditioned than this is solved with its first point only.
  package static let maxConditionNumber: Float = 1000

  /// b2ContactSolver::SolvePositionConstraints: position iterations may stop once no contact
  /// overlaps by more than this (m) = 3 × linear slop = 1.5 pt (the solver pushes overlaps only
  /// back to one slop, so asking for one slop would never stop). A condition for sleeping.
  package static let maxSolvedOverlap_m: Float = 3 * linearSlop_m

  /// b2ContactSolver::SolveTOIPositionConstraints: the time-of-impact position solve stops
  /// once no contact overlaps by more than this (m) = 1.5 × linear slop = 0.75 pt.
  package static let toiMaxSolvedOverlap_m: Float = 1.5 * linearSlop_m

  /// Largest translation of a body in one sub-step (m), b2Settings `b2_maxTranslation`: 2 m =
  /// 200 pt, i.e. 24,000 pt/s at 1/120 s sub-steps. It only guards against numerical blow-up;
  /// no UIKit gesture comes near it.
  package static let maxTranslation_m: Float = 2

  /// Largest rotation of a body in one sub-step (rad), b2Settings `b2_maxRotation`: π/2 (with
  /// Box2D's π, `pi32`), i.e. 30 turns per second at 1/120 s sub-steps; a guard like
  /// `maxTranslation_m`.
  package static let maxRotation_rad: Float = 0.5 * pi32

  // MARK: - Sleep (b2Island)

  /// Time (s) every body of an island must stay below both sleep tolerances before the island
  /// sleeps, b2Settings `b2_timeToSleep`: 0.5 s. When every body sleeps the animator pauses:
  /// an item with no forces pauses on its 31st 1/60 s frame, as measured on UIKit.
  package static let timeToSleep_s: Float = 0.5

  /// Linear sleep tolerance (m/s), b2Settings `b2_linearSleepTolerance`: 0.01 m/s = 1 pt/s.
  package static let linearSleepTolerance_m_s: Float = 0.01

  /// Angular sleep tolerance (rad/s), b2Settings `b2_angularSleepTolerance`: 2°/s, written
  /// 2/180 × π in float32 as Box2D does.
  package static let angularSleepTolerance_rad_s: Float = 2 / 180 * pi32

  /// The linear sleep tolerance squared ((m/s)²), compared with v·v as Box2D does.
  package static let linearSleepToleranceSquared =
    linearSleepTolerance_m_s * linearSleepTolerance_m_s
  /// The angular sleep tolerance squared ((rad/s)²), compared with ω² as Box2D does.
  package static let angularSleepToleranceSquared =
    angularSleepTolerance_rad_s * angularSleepTolerance_rad_s
}
