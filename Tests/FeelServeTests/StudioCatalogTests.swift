import FeelCommandSupport
import Foundation
import Testing

@testable import FeelServe

/// The studio's catalog (`GET /api/studio`, docs/studio.md): every scene of the scenes folder
/// is listed once, under the group whose constants it holds most of, a control's or an
/// experiment's axes. Expected values: the committed files (the bottom sheet's experiment
/// sweeps `behavior.sheet-drag.rubber_band`, which sheet-detents.toml holds and no control's
/// constant names).
@Suite(.serialized) struct StudioCatalogTests {
  static func catalog() throws -> ServeRoutes.StudioCatalog {
    try ServeHTTPTests.inRepository()
    let experiments = try FileManager.default.contentsOfDirectory(atPath: "experiments")
      .filter { $0.hasSuffix(".toml") }.sorted().map { "experiments/" + $0 }
    return ServeRoutes.catalog(ServeFiles(experiments: experiments))
  }

  @Test("a scene no control holds goes with the experiment whose axes it holds")
  func sheetDetentsUnderItsExperiment() throws {
    let catalog = try Self.catalog()
    let sheet = try #require(catalog.groups.first { $0.name == "sheet-rubber-band" })
    #expect(
      sheet.scenes.map(\.path) == [
        "experiments/scenes/sheet-pull-up.toml", "experiments/scenes/sheet-detents.toml",
      ])
    let others = catalog.groups.first { $0.name == "other-scenes" }?.scenes.map(\.path) ?? []
    #expect(!others.contains("experiments/scenes/sheet-detents.toml"))
  }

  @Test("every committed scene is listed, and in one group only")
  func everySceneOnce() throws {
    let catalog = try Self.catalog()
    let listed = catalog.groups.flatMap { g in g.scenes.map { g.name + " " + $0.path } }
    let scenes = Set(catalog.groups.flatMap { $0.scenes.map(\.path) })
    let files = try FileManager.default.contentsOfDirectory(atPath: "experiments/scenes")
      .filter { $0.hasSuffix(".toml") }.map { "experiments/scenes/" + $0 }
    #expect(Set(files).subtracting(scenes).isEmpty)
    // a scene shown by two groups is one each group takes as its own (a base scene or preset)
    for path in scenes {
      let groups = catalog.groups.filter { $0.scenes.contains { $0.path == path } }
      let asOther = groups.filter { g in g.scenes.contains { $0.path == path && $0.from == "scene" }
      }
      #expect(asOther.count <= 1, "\(path) in \(listed.filter { $0.hasSuffix(path) })")
    }
  }
}
