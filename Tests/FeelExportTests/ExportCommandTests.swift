import FeelTestSupport
import Foundation
import Testing

/// `feel export` as scripts use it: the JSON contract (only the requested targets, exactly
/// the keys plus the documented additions, nothing else on standard output), the
/// samples file, and bad input (exit 2, one message, nothing written).
@Suite struct ExportCommandTests {
  static let release = "experiments/scenes/castro-release-right-80.toml"

  /// The keys for each target, and FeelLab's additions as docs/export.md lists them.
  static let contract: [String: Set<String>] = [
    "swiftui": ["response", "dampingRatio", "duration", "bounce", "max_error_pt", "rms_error_pt"],
    "caspring": [
      "mass", "stiffness", "damping", "initialVelocity", "settlingDuration", "max_error_pt",
    ],
    "compose": ["dampingRatio", "stiffness", "max_error_pt"],
    "css": ["duration_s", "linear", "max_error_pt"],
    "uikit": ["code"],
  ]
  static let additions: [String: Set<String>] = [
    "swiftui": [
      "initialVelocity", "max_error_pct", "worst_t_s", "single_spring_matches", "velocity_fixed",
    ],
    "caspring": [
      "rms_error_pt", "max_error_pct", "worst_t_s", "single_spring_matches", "velocity_fixed",
    ],
    "compose": [
      "initialVelocity", "rms_error_pt", "max_error_pct", "worst_t_s", "single_spring_matches",
      "velocity_fixed",
    ],
    "css": ["rms_error_pt", "max_error_pct", "worst_t_s", "stops"],
    "uikit": [],
  ]

  func object(_ result: FeelResult) throws -> [String: Any] {
    let json = try JSONSerialization.jsonObject(with: result.stdout)
    return try #require(json as? [String: Any], "a JSON object: \(result.output)")
  }

  @Test(arguments: [
    ("swiftui", ["swiftui"]), ("caspring", ["caspring"]), ("compose", ["compose"]),
    ("css", ["css"]), ("uikit", ["uikit"]), ("swiftui,css", ["swiftui", "css"]),
    ("all", ["swiftui", "caspring", "compose", "css", "uikit"]),
  ])
  func jsonHasExactlyTheRequestedTargetsAndKeys(to: String, expected: [String]) throws {
    let result = try runFeel(["export", Self.release, "--to", to, "--json"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.isEmpty, "nothing on standard error: \(result.errors)")
    let json = try object(result)
    #expect(Set(json.keys) == Set(expected), "targets of --to \(to): \(json.keys.sorted())")
    for target in expected {
      let fields = try #require(json[target] as? [String: Any], "\(target) is an object")
      let keys = Set(fields.keys)
      let required = Self.contract[target]!
      #expect(required.isSubset(of: keys), "\(target) lacks \(required.subtracting(keys).sorted())")
      let extra = keys.subtracting(required)
      #expect(
        extra.isSubset(of: Self.additions[target]!),
        "\(target) has undocumented keys \(extra.subtracting(Self.additions[target]!).sorted())")
      for key in keys
      where !["linear", "code", "single_spring_matches", "velocity_fixed"].contains(key) {
        #expect(fields[key] is NSNumber, "\(target).\(key) is a number")
      }
    }
    if let css = json["css"] as? [String: Any] {
      let linear = try #require(css["linear"] as? String)
      #expect(linear.hasPrefix("linear(0, ") && linear.hasSuffix(", 1)"), "\(linear)")
    }
    if let uikit = json["uikit"] as? [String: Any] {
      let code = try #require(uikit["code"] as? String)
      #expect(code.contains("UISnapBehavior(item: bar, snapTo: CGPoint(x: 160.0, y: 25.0))"))
    }
  }

  /// `--strict`: a scene whose drag, touch rules (and recognizer) are app code exits 2 naming
  /// each and the app code written for it, with nothing on standard output; a scene UIKit
  /// Dynamics says whole passes and prints the same code as without it; `--strict` without
  /// the uikit target is a usage error.
  @Test func strictRefusesWhatOnlyAppCodeCanSay() throws {
    let drag = try runFeel(
      ["export", "experiments/scenes/castro-drag-right-80.toml", "--to", "uikit", "--strict"])
    #expect(drag.status == 2)
    #expect(drag.stdout.isEmpty, "nothing written: \(drag.output)")
    #expect(
      drag.errors.contains(
        "experiments/scenes/castro-drag-right-80.toml: --strict: expected a scene UIKit Dynamics "
          + "says whole"), "\(drag.errors)")
    #expect(
      drag.errors.contains(
        "behavior \"scrub-drag\" (a drag), written as the pan handler setting the view's centre"),
      "\(drag.errors)")
    #expect(
      drag.errors.contains("the touch rules (rule 1, 2) and the recognizer"), "\(drag.errors)")
    let pin = "experiments/scenes/pin-pendulum.toml"
    let strict = try runFeel(["export", pin, "--to", "uikit", "--strict"])
    let plain = try runFeel(["export", pin, "--to", "uikit"])
    #expect(strict.status == 0 && strict.stdout == plain.stdout, "\(strict.errors)")
    let code = String(decoding: plain.stdout, as: UTF8.self)
    #expect(code.contains("no app code stands in for one"))
    // Without --strict the drag's code says what it stands for.
    let dragCode = String(
      decoding: try runFeel(
        ["export", "experiments/scenes/castro-drag-right-80.toml", "--to", "uikit"]
      ).stdout, as: UTF8.self)
    #expect(
      dragCode.contains("// Not UIKit Dynamics (FeelLab's; `feel export --strict` refuses them)"))
    #expect(dragCode.contains("  // FeelLab's, not UIKit's: it stands for the pan handler"))
    let usage = try runFeel(["export", pin, "--to", "swiftui", "--strict"])
    #expect(usage.status == 2)
    #expect(usage.errors.contains("--strict: expected --to with uikit"), "\(usage.errors)")
  }

  /// The Castro release at damping 0.35 is the four-joint snap on a long move: one spring
  /// misses it by more than 2 % of the travel, and the JSON says so.
  @Test func castroReleaseSaysOneSpringCannotMatch() throws {
    let result = try runFeel(["export", Self.release, "--to", "swiftui", "--json"])
    let swiftui = try #require(try object(result)["swiftui"] as? [String: Any])
    #expect(swiftui["single_spring_matches"] as? Bool == false)
    let pct = try #require(swiftui["max_error_pct"] as? Double)
    #expect(pct > 2, "max error \(pct) % of the travel")
    let text = try runFeel(["export", Self.release, "--to", "swiftui"])
    #expect(text.output.contains("A SINGLE SPRING CANNOT MATCH"), "\(text.output)")
  }

  @Test func samplesFileHoldsTheOverlay() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("out/export.csv")
    let result = try runFeel(["export", Self.release, "--to", "all", "--json", "--samples", path])
    #expect(result.status == 0, "\(result.errors)")
    _ = try object(result)  // standard output is still only the JSON
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines[0].hasPrefix("# feel export: "))
    #expect(
      lines[1] == "t_s,scene_t_s,uikit_pt,uikit_across_pt,swiftui_pt,caspring_pt,compose_pt,css_pt")
    // Frame 0 to the end of the 3 s scene at 60 Hz, every row complete.
    #expect(lines.count == 2 + 181, "\(lines.count) lines")
    #expect(lines.dropFirst(2).allSatisfy { $0.split(separator: ",").count == 8 })
    #expect(lines[2].hasPrefix("0,0,80,0,80,80,80,80"), "\(lines[2])")
  }

  @Test(arguments: [
    (["export", "experiments/scenes/no-such-scene.toml"], "no such file"),
    (["export", release, "--to", "swiftiu"], "did you mean 'swiftui'"),
    (["export", release, "--to", "swiftui,"], "--to: expected"),
    (["export", release, "--item", "baz"], "did you mean 'bar'"),
    (
      ["export", "experiments/scenes/apple-push.toml", "--to", "swiftui"],
      "no motion towards a target"
    ),
    (["export", release, "--bogus"], "bogus"),
  ])
  func badInputExitsWithStatus2(arguments: [String], message: String) throws {
    let folder = try TemporaryFolder()
    let samples = folder.path("samples.csv")
    let result = try runFeel(arguments + ["--samples", samples])
    #expect(result.status == 2, "\(arguments): status \(result.status), \(result.errors)")
    #expect(result.output.isEmpty, "nothing on standard output: \(result.output)")
    #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
    #expect(!FileManager.default.fileExists(atPath: samples), "no samples written")
  }

  /// A detent's approach is an angle: the contract's keys, every one, with their names; each
  /// `_pt` error is the error along the rim, degrees × π/180 × the rim radius (half the 240 pt
  /// disc), and has a `_deg` twin; `rim_radius_pt` says the radius. The samples keep their
  /// `_pt` columns (along the rim) and add the same in degrees.
  @Test func aDetentKeepsTheContractAndAddsDegrees() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("detent.csv")
    let result = try runFeel([
      "export", "experiments/scenes/dial-detent-release.toml", "--to", "all", "--json",
      "--samples", path,
    ])
    #expect(result.status == 0, "\(result.errors)")
    let json = try object(result)
    #expect(Set(json.keys) == Set(Self.contract.keys))
    let rim = 240.0 / 2
    for (target, contract) in Self.contract where target != "uikit" {
      let fields = try #require(json[target] as? [String: Any], "\(target) is an object")
      let keys = Set(fields.keys)
      let points = (contract.union(Self.additions[target]!)).filter { $0.hasSuffix("_pt") }
      let twins = Set(points.map { String($0.dropLast(3)) + "_deg" })
      #expect(contract.isSubset(of: keys), "\(target): \(keys.sorted())")
      #expect(
        keys.subtracting(contract) == Self.additions[target]!.union(twins).union(["rim_radius_pt"]),
        "\(target): \(keys.sorted())")
      #expect(fields["rim_radius_pt"] as? Double == rim)
      for key in points {
        let pt = try #require(fields[key] as? Double, "\(target).\(key)")
        let deg = try #require(fields[String(key.dropLast(3)) + "_deg"] as? Double)
        expectClose(pt, deg * Double.pi / 180 * rim, .rimConversion, "\(target).\(key)")
      }
    }
    let css = try #require(json["css"] as? [String: Any])
    #expect(try #require(css["max_error_pt"] as? Double) <= 0.5, "CSS within 0.5 pt at the rim")
    let code = try #require((json["uikit"] as? [String: Any])?["code"] as? String)
    #expect(code.contains("final class Detent"))
    #expect(code.contains("CADisplayLink(target: self, selector: #selector(tick(_:)))"))
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(
      lines[1] == "t_s,scene_t_s,uikit_pt,uikit_across_pt,swiftui_pt,caspring_pt,compose_pt,css_pt,"
        + "uikit_deg,uikit_across_deg,swiftui_deg,caspring_deg,compose_deg,css_deg")
    // The first row: the travel along the rim, then in degrees.
    let first = lines[2].split(separator: ",").compactMap { Double($0) }
    expectClose(first[2], first[8] * Double.pi / 180 * rim, .csvDigits, "travel along the rim")
  }

  /// A scene without a motion towards a target still exports as UIKit code.
  @Test func uikitNeedsNoTarget() throws {
    let result = try runFeel(["export", "experiments/scenes/apple-push.toml", "--to", "uikit"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("UIPushBehavior("))
  }

  /// A 2-D approach (the picture-in-picture tile's flick) keeps every contract key and adds
  /// only the documented 2-D ones: each spring's initial velocity per axis, the CSS keyframes
  /// (its `linear` is then the keyframes' timing, `linear`).
  @Test func aPlanarApproachAddsItsDocumentedKeys() throws {
    let result = try runFeel([
      "export", "experiments/scenes/pip-flick.toml", "--to", "all", "--json",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let json = try object(result)
    let planar: [String: Set<String>] = [
      "swiftui": ["initialVelocity_x", "initialVelocity_y"],
      "caspring": ["initialVelocity_x", "initialVelocity_y"],
      "compose": ["initialVelocity_x", "initialVelocity_y"],
      "css": ["keyframes"], "uikit": [],
    ]
    for (target, contract) in Self.contract {
      let fields = try #require(json[target] as? [String: Any], "\(target) is an object")
      let keys = Set(fields.keys)
      #expect(contract.isSubset(of: keys), "\(target): \(keys.sorted())")
      #expect(
        keys.subtracting(contract) == Self.additions[target]!.union(planar[target]!),
        "\(target): \(keys.sorted())")
    }
    let css = try #require(json["css"] as? [String: Any])
    #expect(css["linear"] as? String == "linear")
    #expect((css["keyframes"] as? String)?.hasPrefix("@keyframes tile-approach {") == true)
    #expect(try #require(css["max_error_pt"] as? Double) <= 0.5)
  }
}
