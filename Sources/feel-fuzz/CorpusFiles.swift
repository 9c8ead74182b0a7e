import Foundation

/// Reads the seed (or context) files of a fuzz target: every `*.EXT` file directly in each
/// folder, sorted by path, so that a seeded run sees the same seeds in the same order.
enum CorpusFiles {
  struct File {
    /// The path relative to the root, as the target names its folders: `experiments/scenes/a.toml`.
    var path: String
    var bytes: [UInt8]
  }

  static func read(_ folders: [String], root: String, extension ext: String) throws -> [File] {
    var files: [File] = []
    for folder in folders {
      let url = URL(fileURLWithPath: root).appendingPathComponent(folder)
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
        throw FuzzError("\(url.path): cannot list the folder of seed files")
      }
      for name in names.sorted() where name.hasSuffix("." + ext) {
        let file = url.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory),
          !isDirectory.boolValue
        else { continue }
        guard let data = FileManager.default.contents(atPath: file.path) else {
          throw FuzzError("\(file.path): cannot read the seed file")
        }
        files.append(File(path: "\(folder)/\(name)", bytes: [UInt8](data)))
      }
    }
    return files
  }
}
