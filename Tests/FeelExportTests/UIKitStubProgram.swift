import FeelExport
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// Generated UIKit code compiled with the stand-in UIKit (Tests/UIKitStub/UIKit.swift) and a
/// driver, and run: what UIKitRunTests and UIKitGraphTests share.
enum UIKitStubProgram {
  /// The generated code made runnable on Linux: no Objective-C runtime, so `@objc` and
  /// `#selector` go (a driver calls the tick itself), and no main actor for a plain driver.
  static func runnable(_ code: String) -> String {
    code
      .replacingOccurrences(of: "import UIKit\n", with: "")
      .replacingOccurrences(of: "@MainActor\n", with: "")
      .replacingOccurrences(of: "@objc private func tick", with: "func tick")
      .replacingOccurrences(of: "#selector(tick(_:))", with: "\"tick\"")
  }

  /// The generated class's name and its initializer's item parameters (name, type), the type
  /// qualified by the class for a nested view subclass.
  static func signature(_ code: String) throws -> (type: String, items: [(String, String)]) {
    let type = try #require(code.firstMatch(of: /final class (\w+): NSObject/).map { String($0.1) })
    let parameters = try #require(
      code.firstMatch(of: /init\(referenceView: UIView((?:, \w+: \w+)*)\)/).map { String($0.1) })
    let items = parameters.split(separator: ",").map { part -> (String, String) in
      let halves = part.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
      return (halves[0], halves[1] == "UIView" ? "UIView" : "\(type).\(halves[1])")
    }
    return (type, items)
  }

  /// Compiles the stand-in, `sources` (file name → text) and `main` into one program, runs it
  /// and returns its standard output. The compiler's output is the failure message.
  static func run(sources: [String: String], main: String) throws -> String {
    let folder = try TemporaryFolder()
    let stub = repositoryRoot.appendingPathComponent("Tests/UIKitStub/UIKit.swift")
    var files = [stub.path]
    for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
      files.append(try folder.write(text, to: name).path)
    }
    files.append(try folder.write(main, to: "main.swift").path)
    let binary = folder.path("run")
    let compile = try execute(["swiftc", "-Onone", "-o", binary] + files)
    try #require(
      compile.status == 0, "the generated code compiles with the stand-in:\n\(compile.output)")
    let result = try execute([binary])
    try #require(result.status == 0, "\(result.output)")
    return result.output
  }

  static func execute(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
