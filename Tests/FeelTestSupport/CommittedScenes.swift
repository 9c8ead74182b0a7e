import Foundation

/// Every committed scene, as paths relative to the repository: the Castro, Apple and dial
/// scenes (experiments/scenes) and the reference engine's fixtures (Tests/Contract/Reference/scenes).
public let committedSceneFiles: [String] = {
  var files: [String] = []
  for folder in ["experiments/scenes", "Tests/Contract/Reference/scenes"] {
    let url = repositoryRoot.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    files += names.filter { $0.hasSuffix(".toml") }.sorted().map { "\(folder)/\($0)" }
  }
  return files
}()
