import FeelTestSupport
import Foundation
import Testing

/// The `feel run` header, as docs/scene-format.md fixes it.
private let header = "frame,t_s,item,x_pt,y_pt,angle_rad,vx_pt_s,vy_pt_s,omega_rad_s,running"
private let eventsHeader = "frame,t_s,event,detail"

/// One `feel run` row, split into its fields.
private struct Row {
  var fields: [Substring]
  var frame: Int? { Int(fields[0]) }
  func number(_ column: Int) -> Double? { Double(fields[column]) }
}

/// The rows of a `feel run` output after its header (ids here hold no commas or quotes).
private func rows(_ output: String) -> [Row] {
  output.split(separator: "\n").dropFirst().map {
    Row(fields: $0.split(separator: ",", omittingEmptySubsequences: false))
  }
}

/// The committed scenes, by path relative to the repository root.
private let committedScenes: [String] = {
  let folder = repositoryRoot.appendingPathComponent("experiments/scenes")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix(".toml") }.sorted().map { "experiments/scenes/\($0)" }
}()

@Suite("feel run: output contract")
struct RunOutputTests {
  @Test("Apple's snap scene: header, one row per frame 0…204, Apple's numbers")
  func appleSnap() throws {
    let result = try runFeel(["run", "experiments/scenes/apple-snap.toml"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.stderr.isEmpty, "\(result.errors)")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == Substring(header))
    #expect(result.output.hasSuffix("\n"))
    // duration 3.4 s at the default 60 Hz: round(3.4 × 60) = 204 frames after frame 0.
    let table = rows(result.output)
    #expect(table.count == 205)
    #expect(table.map(\.frame) == Array(0...204))
    for row in table {
      try #require(row.fields.count == 10, "\(row.fields)")
      #expect(row.fields[2] == "box")
      let frame = try #require(row.frame)
      let t = try #require(row.number(1))
      #expect(abs(t - Double(frame) / 60) <= 1e-9 * max(1, t), "frame \(frame): t_s \(t)")
      #expect(["0", "1"].contains(row.fields[9]))
      for column in 3...8 { #expect(row.number(column)?.isFinite == true, "\(row.fields)") }
    }
    // Frame 0 is the scene as written.
    #expect(table[0].fields[3...8].map { Double($0) } == [100, 100, 0, 0, 0, 0])
    // Apple's measured numbers (docs/uikit-dynamics-model.md), printed with enough digits.
    let measured: [(frame: Int, x: Double, y: Double, angle: Double?)] = [
      (1, 113.265648, 106.623589, 0.0361267589), (200, 299.999969, 199.999222, nil),
    ]
    for m in measured {
      let row = table[m.frame]
      let checks = [
        closeness(row.number(3) ?? .nan, m.x, .appleMeasuredPosition, "frame \(m.frame) x"),
        closeness(row.number(4) ?? .nan, m.y, .appleMeasuredPosition, "frame \(m.frame) y"),
      ]
      for check in checks { #expect(check.ok, "\(check.message)") }
      if let angle = m.angle {
        let check = closeness(
          row.number(5) ?? .nan, angle, .appleMeasuredAngle, "frame \(m.frame) angle")
        #expect(check.ok, "\(check.message)")
      }
    }
  }

  @Test("--events writes frame,t_s,event,detail to standard error and leaves the rows alone")
  func events() throws {
    let path = "experiments/scenes/castro-tap-hint-left.toml"
    let plain = try runFeel(["run", path])
    let result = try runFeel(["run", path, "--events"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.stdout == plain.stdout)
    #expect(plain.stderr.isEmpty)

    let lines = result.errorLines
    #expect(lines.first == Substring(eventsHeader))
    let events = lines.dropFirst().map { $0.split(separator: ",", maxSplits: 3) }
    for event in events {
      try #require(event.count == 4, "\(event)")
      #expect(Int(event[0]) != nil && Double(event[1]) != nil, "\(event)")
      #expect(
        ["contact-began", "contact-ended", "rule-fired", "pause"].contains(event[2]), "\(event)")
    }
    // The hint touches its wall; the scene's contact rule fires on that frame; the snap that
    // it adds starts from rest (the hint's body is removed with its last behavior).
    let contact = try #require(events.first { $0[2] == "contact-began" }, "\(result.errors)")
    #expect(contact[3].contains("wall"))
    #expect(events.contains { $0[0] == contact[0] && $0[2] == "rule-fired" })
    let table = rows(result.output)
    let contactRow = try #require(table.first { $0.frame == Int(contact[0]) })
    #expect(contactRow.number(6) == 0 && contactRow.number(7) == 0, "\(contactRow.fields)")

    // The pause event is on the first frame whose row says the animator is not running.
    let pause = try #require(events.first { $0[2] == "pause" }, "\(result.errors)")
    let firstStill = table.first { $0.fields.last == "0" }
    #expect(firstStill?.frame == Int(pause[0]))
  }

  /// UIKit delivers a frame's contacts after its step, every began before every ended
  /// (docs/uikit-dynamics-model.md, "Collision"): in this scene the box leaves the floor and
  /// touches it again within frame 41.
  @Test func beganBeforeEndedWithinAFrame() throws {
    let result = try runFeel([
      "run", "Tests/Contract/Reference/scenes/bounce-ends-and-begins.toml", "--events",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let events = result.errorLines.dropFirst().map { $0.split(separator: ",", maxSplits: 3) }
    let frame41 = events.filter { $0[0] == "41" }.map { String($0[2]) }
    #expect(frame41 == ["contact-began", "contact-ended"], "\(frame41)")
    for (a, b) in zip(events, events.dropFirst()) where a[0] == b[0] {
      #expect(!(a[2] == "contact-ended" && b[2] == "contact-began"), "frame \(a[0])")
    }
  }

  @Test("the committed scenes exist")
  func committedScenesExist() {
    #expect(committedScenes.contains("experiments/scenes/apple-snap.toml"))
    #expect(committedScenes.contains { $0.contains("castro-tap-hint") })
  }

  /// Two `feel` processes running at the same time, each with its own randomly seeded hashing
  /// (SWIFT_DETERMINISTIC_HASHING is taken out of their environment), so output that depended
  /// on the order of a Set or Dictionary would differ between them.
  @Test(
    "determinism: two processes running a committed scene print identical bytes",
    arguments: committedScenes)
  func determinism(_ path: String) throws {
    let scratch = try TemporaryFolder()
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_DETERMINISTIC_HASHING"] = nil
    let arguments = ["run", path, "--events"]
    let processes = try (0..<2).map { _ in
      try FeelProcess(arguments, scratch: scratch, environment: environment)
    }
    #expect(processes[0].process.processIdentifier != processes[1].process.processIdentifier)
    let first = try processes[0].finish()
    let second = try processes[1].finish()
    #expect(first.status == 0, "\(first.errors)")
    #expect(second.status == 0, "\(second.errors)")
    // Rows after the header, and the events header on standard error: bytes worth comparing.
    #expect(first.stdout.count > header.utf8.count + 1)
    #expect(first.errors.hasPrefix(eventsHeader + "\n"), "\(first.errors)")
    #expect(first.stdout == second.stdout)
    #expect(first.stderr == second.stderr)
  }
}
