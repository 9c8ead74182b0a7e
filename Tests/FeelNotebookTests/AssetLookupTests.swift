import FeelNotebook
import FeelTestSupport
import Foundation
import Testing

/// Where an executable finds the notebook's page files (docs/install.md, "Where `feel` finds
/// its page files"): beside itself, then ../share/feel (`make install`'s layout), after
/// resolving symbolic links; else SwiftPM's bundle in the build folder.
@Suite struct AssetLookupTests {
  #if canImport(Darwin)
    static let bundle = "FeelLab_FeelNotebook.bundle"
  #else
    static let bundle = "FeelLab_FeelNotebook.resources"
  #endif

  /// A temporary folder (its real path), removed when `body` returns.
  func withFolder(_ body: (URL) throws -> Void) throws {
    let folder = try TemporaryFolder()
    try body(folder.url.resolvingSymlinksInPath())
  }

  /// An empty file standing for the executable, and a bundle folder with a page file.
  func makeFile(_ url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: url.path, contents: Data("x".utf8)))
  }

  func makeBundle(_ bundle: URL) throws -> URL {
    let resources = bundle.appendingPathComponent("Resources")
    try makeFile(resources.appendingPathComponent("notebook.css"))
    return resources
  }

  @Test func bundleNameIsSwiftPMs() {
    #expect(NotebookAssets.bundleName == Self.bundle)
  }

  @Test("beside the executable, then PREFIX/share/feel")
  func candidates() {
    let found = NotebookAssets.bundleCandidates(
      besideExecutable: URL(fileURLWithPath: "/opt/tools/bin/feel"))
    #expect(
      found.map(\.path) == [
        "/opt/tools/bin/\(Self.bundle)", "/opt/tools/share/feel/\(Self.bundle)",
      ])
  }

  @Test("an installed feel, linked from another folder, finds PREFIX/share/feel")
  func installedThroughALink() throws {
    try withFolder { folder in
      let prefix = folder.appendingPathComponent("prefix")
      try makeFile(prefix.appendingPathComponent("bin/feel"))
      let resources = try makeBundle(prefix.appendingPathComponent("share/feel/\(Self.bundle)"))
      let links = folder.appendingPathComponent("links")
      try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: links.appendingPathComponent("feel").path,
        withDestinationPath: "../prefix/bin/feel")
      let direct = NotebookAssets.directory(
        forExecutable: prefix.appendingPathComponent("bin/feel"))
      let linked = NotebookAssets.directory(forExecutable: links.appendingPathComponent("feel"))
      #expect(direct?.resolvingSymlinksInPath().path == resources.path)
      #expect(linked?.resolvingSymlinksInPath().path == resources.path)
    }
  }

  @Test("a bundle beside the executable comes first")
  func besideFirst() throws {
    try withFolder { folder in
      try makeFile(folder.appendingPathComponent("bin/feel"))
      let beside = try makeBundle(folder.appendingPathComponent("bin/\(Self.bundle)"))
      _ = try makeBundle(folder.appendingPathComponent("share/feel/\(Self.bundle)"))
      let found = NotebookAssets.directory(forExecutable: folder.appendingPathComponent("bin/feel"))
      #expect(found?.resolvingSymlinksInPath().path == beside.path)
    }
  }

  @Test("with neither, the bundle SwiftPM built, which holds the page files")
  func fallsBackToTheBuild() throws {
    try withFolder { folder in
      try makeFile(folder.appendingPathComponent("bin/feel"))
      let found = try #require(
        NotebookAssets.directory(forExecutable: folder.appendingPathComponent("bin/feel")))
      #expect(!found.path.hasPrefix(folder.path))
      #expect(found == NotebookAssets.directory(forExecutable: nil))
      for name in NotebookAssets.files(skins: []) {
        #expect(FileManager.default.fileExists(atPath: found.appendingPathComponent(name).path))
      }
    }
  }
}
