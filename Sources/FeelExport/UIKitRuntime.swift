import FeelScene
import Foundation

/// The fixed runtime `feel export --to uikit` copies into its output: real Swift files under
/// UIKitRuntime/ (UIKitRuntimeTests compiles them against the UIKit stand-in), embedded in the
/// binary and cut into sections at their `// section: NAME` lines, which the generator places
/// among the lines the scene decides. A placeholder name in a file stands for a value the
/// scene or the engine decides.
enum UIKitRuntime {
  /// Section `name` of UIKitRuntime/Kinematics.swift (inertia and detent), one string a line.
  static func kinematics(_ name: String) -> [String] {
    guard let lines = kinematicsSections[name] else {
      preconditionFailure("UIKitRuntime/Kinematics.swift has no section \(name)")
    }
    return lines
  }

  /// Section `name` of UIKitRuntime/Touches.swift (the recognizer, the pan handling, the
  /// drags, the pick helpers), one string a line, `defaultTouch` (quoted) for its placeholder,
  /// each hook's lines replaced by `hooks[NAME]` where the scene gives some.
  static func touches(
    _ name: String, defaultTouch: String? = nil, hooks: [String: [String]] = [:]
  ) -> [String] {
    guard let section = touchesSections[name] else {
      preconditionFailure("UIKitRuntime/Touches.swift has no section \(name)")
    }
    let lines = filled(section, hooks: hooks)
    guard let defaultTouch else { return lines }
    return lines.map { $0.replacingOccurrences(of: "defaultTouchName", with: defaultTouch) }
  }

  /// `lines` with each hook (a `// hook: NAME` line, the runtime's own lines for it, a
  /// `// hook end` line) replaced by `hooks[NAME]`, else by the runtime's lines.
  static func filled(_ lines: [String], hooks: [String: [String]]) -> [String] {
    var out: [String] = []
    var hook: String?
    for line in lines {
      if line.hasPrefix("// hook: ") {
        hook = String(line.dropFirst("// hook: ".count))
        if let given = hooks[hook!] { out += given }
      } else if line == "// hook end" {
        hook = nil
      } else if hook.map({ hooks[$0] == nil }) ?? true {
        out.append(line)
      }
    }
    return out
  }

  static let touchesSections = sections(
    of: String(decoding: PackageResources.Touches_swift, as: UTF8.self))

  /// The sections of UIKitRuntime/Kinematics.swift, its one placeholder filled in.
  static let kinematicsSections = sections(
    of: String(decoding: PackageResources.Kinematics_swift, as: UTF8.self)
      .replacingOccurrences(
        of: "landingAmplitude_rad", with: "\(DetentSpec.landingAmplitude_rad)"))

  /// Each section's lines: from its `// section: NAME` line to the next such line.
  static func sections(of text: String) -> [String: [String]] {
    var sections: [String: [String]] = [:]
    var name: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("// section: ") {
        name = String(line.dropFirst("// section: ".count))
      } else if let name {
        sections[name, default: []].append(String(line))
      }
    }
    return sections
  }
}
