import FeelScene

/// Everything `feel export` computes for one scene: the item's approach, the best spring, each
/// requested framework's code and errors, and the scene as UIKit code. The notebook's export
/// panel uses the same values (`json`, `overlay`).
public struct ExportReport: Sendable, Equatable {
  /// The targets asked for, in `ExportTarget.allCases` order.
  public var targets: [ExportTarget]
  /// The approach (nil when only `uikit` was asked for).
  public var motion: ApproachMotion?
  /// The least-squares spring at full precision: along the release line (for a 2-D approach,
  /// `planar`'s spring with its start and velocity along the line).
  public var fit: SpringFit?
  /// A 2-D approach (`ApproachMotion.isPlanar`): one spring for both screen axes, each with its
  /// own start and initial velocity; nil for a motion along one line.
  public var planar: PlanarSpringFit?
  /// Errors of that spring against UIKit's motion.
  public var fitError: FitError?
  /// For an attachment spring pulling towards its anchor: the spring Box2D's sub-step makes
  /// of it (`DiscreteSoftSpring`).
  public var steppedAttachment: SteppedAttachment?
  public var swiftui: SwiftUISpringExport?
  public var caspring: CASpringExport?
  public var compose: ComposeSpringExport?
  public var css: CSSLinearExport?
  /// The scene as UIKit Dynamics code.
  public var uikit: String?

  /// Exports `scene` (named `name`, its file name, in comments and the UIKit class name) to
  /// `targets`; the item is `itemID`, else the first item with an approach.
  public init(
    _ scene: Scene, name: String, itemID: String? = nil, targets: [ExportTarget],
    options: EngineOptions = .uikit
  ) throws(ExportError) {
    self.targets = ExportTarget.allCases.filter(targets.contains)
    if targets.contains(where: \.needsMotion) {
      let item = try ApproachExtractor.item(itemID, in: scene)
      let motion = try ApproachExtractor.extract(scene, item: item, options: options)
      let fit: SpringFit
      if motion.isPlanar {
        // A 2-D path: one spring fitted to both axes, its velocity the release's if it has one.
        let offsets = (0..<motion.count).map(motion.offset(at:))
        let planar = SpringFitter.fitPlanar(
          t_s: motion.t_s, x_pt: offsets.map(\.x), y_pt: offsets.map(\.y),
          v0_pt_s: motion.releaseVelocity_pt_s)
        self.planar = planar
        let u = motion.direction
        fit = SpringFit(
          spring: planar.spring, x0_pt: motion.travel_pt,
          v0_pt_s: planar.v0_pt_s.x * u.x + planar.v0_pt_s.y * u.y,
          residualSumOfSquares_pt2: planar.residualSumOfSquares_pt2,
          velocityFixed: planar.velocityFixed)
        fitError = FitError(motion) { planar.displacement(at: motion.t_s[$0]) }
      } else {
        fit = SpringFitter.fit(
          t_s: motion.t_s, x_pt: motion.along_pt, v0_pt_s: motion.releaseVelocityAlong_pt_s)
        fitError = FitError(motion) { fit.displacement(at: motion.t_s[$0]) }
      }
      self.motion = motion
      self.fit = fit
      steppedAttachment = Self.stepped(scene, item: item, motion: motion)
      if targets.contains(.swiftui) {
        swiftui = SwiftUISpringExport(fit, motion: motion, planar: planar)
      }
      if targets.contains(.caspring) {
        caspring = CASpringExport(fit, motion: motion, planar: planar)
      }
      if targets.contains(.compose) {
        compose = ComposeSpringExport(fit, motion: motion, planar: planar)
      }
      if targets.contains(.css) { css = CSSLinearExport(motion) }
    } else if let itemID {
      _ = try ApproachExtractor.item(itemID, in: scene)
    }
    if targets.contains(.uikit) { uikit = UIKitCode.swift(scene, name: name) }
  }

  /// The attachment spring and its stepped equivalent, when the approach is an attachment
  /// pulling towards its anchor (the target found geometrically).
  private static func stepped(_ scene: Scene, item: Int, motion: ApproachMotion)
    -> SteppedAttachment?
  {
    let id = scene.items[item].id
    guard let source = ApproachSources.approaches(of: id, in: scene).first as? AttachmentApproach,
      case .attachment(let spec) = scene.behaviors[source.behavior].kind,
      motion.target.how == AttachmentApproach.restPoseHow
    else { return nil }
    // The item's resistance: the last item behavior setting it that can act, else UIKit's.
    let resistance =
      scene.behaviors.indices.reversed().lazy.compactMap { b -> Double? in
        guard scene.behaviors[b].items.contains(id), scene.canEnterAnimator(b),
          case .item(let properties) = scene.behaviors[b].kind
        else { return nil }
        return properties.resistance
      }.first ?? ItemDefaults.resistance
    let discrete = DiscreteSoftSpring(
      frequency_hz: spec.frequency_hz, dampingRatio: spec.damping, resistance_per_s: resistance,
      profile: scene.profile)
    guard let stepped = discrete.effective else { return nil }
    return SteppedAttachment(
      declared: DampedSpring(omega_rad_s: 2 * .pi * spec.frequency_hz, dampingRatio: spec.damping),
      stepped: stepped, resistance_per_s: resistance)
  }

  /// Whether one spring can stand for the motion (`FitError.singleSpringMatches`).
  public var singleSpringMatches: Bool? {
    guard let fitError, let motion else { return nil }
    return fitError.singleSpringMatches(
      travel_pt: motion.scale_pt, visible: motion.visibleMotion)
  }
}

/// An attachment spring as the scene declares it and as Box2D's sub-step makes it move.
public struct SteppedAttachment: Sendable, Equatable {
  /// The scene's frequency and damping ratio.
  public var declared: DampedSpring
  /// The closed form of the stepped motion (`DiscreteSoftSpring.effective`).
  public var stepped: DampedSpring
  /// The item's resistance used (1/s).
  public var resistance_per_s: Double
}
