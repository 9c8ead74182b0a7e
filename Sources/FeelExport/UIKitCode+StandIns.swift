import FeelScene

/// What a scene holds that UIKit code cannot say: FeelLab's own behaviors and rules, which the
/// export writes as the app code they stand for (docs/uikit-code.md, "What UIKit cannot say").
/// `feel export --to uikit --strict` refuses a scene that has any.
public struct UIKitStandIn: Sendable, Equatable {
  /// What the scene holds: `behavior "scrub-drag" (a follow drag)`.
  public var what: String
  /// The app code the export writes for it.
  public var appCode: String

  /// One line: what, and the app code it stands for.
  public var line: String { "\(what), written as \(appCode)" }
}

extension UIKitCode {
  /// Everything `scene` holds that the export writes as app code, in file order: drags,
  /// inertias and detents, the touch rules with the recognizer, targets picked at the release.
  public static func standIns(_ scene: Scene) -> [UIKitStandIn] {
    var out: [UIKitStandIn] = []
    for behavior in scene.behaviors {
      if let standIn = standIn(behavior) { out.append(standIn) }
    }
    let touchRules = scene.rules.indices.filter {
      if case .touch = scene.rules[$0].on { true } else { false }
    }
    if !touchRules.isEmpty {
      let numbers = touchRules.map { String($0 + 1) }.joined(separator: ", ")
      out.append(
        UIKitStandIn(
          what: "the touch rules (rule \(numbers)) and the recognizer",
          appCode:
            "touch handlers (touchBegan, touchMoved, touchEnded, called from the view's "
            + "touchesBegan/Moved/Ended) that stand for the app's gesture recognizers: FeelLab's "
            + "slop, hold time and release-velocity fit, each rule's removals and additions"))
    }
    for (r, rule) in scene.rules.enumerated() {
      guard let pick = rule.pick else { continue }
      out.append(
        UIKitStandIn(
          what: "rule \(r + 1)'s target picked at the release (snap \"\(pick.snap)\")",
          appCode:
            "the pan handler's pick: the snap's point set to the candidate nearest the "
            + "projected release (project, nearest)"))
    }
    return out
  }

  static func standIn(_ behavior: SceneBehavior) -> UIKitStandIn? {
    let what = "behavior \(QuotedString.quoted(behavior.id))"
    switch behavior.kind {
    case .drag(let spec):
      let code: String
      switch spec.mode {
      case .follow:
        code = "the pan handler setting the view's centre (the nested Drag, mode follow)"
      case .rotate:
        code = "the pan handler turning the view about its pivot (the nested Drag, mode rotate)"
      case .attachment:
        code =
          "the pan handler moving a UIAttachmentBehavior's anchorPoint to the finger (the "
          + "nested Drag, mode attachment)"
      }
      return UIKitStandIn(what: "\(what) (a drag)", appCode: code)
    case .inertia:
      return UIKitStandIn(
        what: "\(what) (an inertia)",
        appCode: "a coast a CADisplayLink ticks each display frame (the nested Inertia)")
    case .detent:
      return UIKitStandIn(
        what: "\(what) (a detent)",
        appCode: "a spring to rest angles a CADisplayLink ticks (the nested Detent)")
    case .scroll:
      return UIKitStandIn(
        what: "\(what) (a scroll)",
        appCode:
          "the springy layout's bounds-change handler (scrollBoundsChanged, the nested Scroll) "
          + "and the scroll view's deceleration rate")
    default:
      return nil
    }
  }
}

extension UIKitCode.Writer {
  /// The header's list of what the code writes as app code (none: a line saying so).
  func standInHeader() -> [String] {
    let standIns = UIKitCode.standIns(scene)
    guard !standIns.isEmpty else {
      return ["// Every behavior and rule is UIKit Dynamics' own: no app code stands in for one."]
    }
    var lines = [
      "// Not UIKit Dynamics (FeelLab's; `feel export --strict` refuses them), app code here:"
    ]
    for s in standIns { lines.append("// - \(s.what): \(s.appCode)") }
    return lines
  }

  /// A stand-in behavior's comment above its maker.
  func standInComment(_ behavior: SceneBehavior) -> [String] {
    guard let s = UIKitCode.standIn(behavior) else { return [] }
    return ["  // FeelLab's, not UIKit's: it stands for \(s.appCode)"]
  }
}
