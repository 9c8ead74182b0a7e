import Foundation
import Synchronization

/// The one folder a process may read its inputs from, when it has one: `feel-serve --root DIR`
/// confines every read of this library (scene, experiment, trace, corpus and control files) to
/// that folder; the `feel` command line never confines, and reads any path it is given.
///
/// A path is inside the root when the real path of the file (symlinks resolved, `..` removed)
/// is the root or below it. A path that does not exist is judged by its nearest existing
/// folder, so that a missing file inside the root is still reported as missing (status 400 from
/// the server) and a missing file outside it is not (403, without saying whether it exists).
/// Each loader checks before it looks at the file: nothing outside the root is opened, listed or
/// even tested for existence.
///
/// The root is set once, before the server accepts requests, and read by every request: it is a
/// property of the process, like its working folder (which feel-serve also sets to the root, so
/// that paths in requests and in messages are relative to it).
public enum ReadRoot {
  /// The real path of the root; nil while reads are not confined.
  private static let root = Mutex<String?>(nil)

  /// Confines every later read to `folder` (which must exist). Returns its real path.
  @discardableResult
  public static func confine(to folder: String) throws(FeelError) -> String {
    guard let real = realPath(folder) else {
      throw FeelError("--root: expected an existing folder, got \"\(folder)\"")
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw FeelError("--root: expected a folder, got \"\(folder)\" (not a folder)")
    }
    root.withLock { $0 = real }
    return real
  }

  /// The real path of the root, or nil when reads are not confined.
  public static var current: String? { root.withLock { $0 } }

  /// Throws the `outsideRoot` error when reads are confined and `path` (relative to the working
  /// folder, or absolute) resolves outside the root.
  public static func check(_ path: String) throws(FeelError) {
    guard let root = current else { return }
    if !contains(path, root: root) { throw FeelError(outsideRoot: path) }
  }

  /// Whether `path` is inside `root` (a real path), with its symlinks resolved; a missing path is
  /// judged by its nearest existing ancestor, its missing part by its names (a `..` in it leaves).
  static func contains(_ path: String, root: String) -> Bool {
    guard !path.isEmpty, !path.contains("\0") else { return false }
    let absolute =
      path.hasPrefix("/")
      ? path : FileManager.default.currentDirectoryPath + "/" + path
    var existing = absolute
    var missing: [String] = []
    var real = realPath(existing)
    while real == nil {
      let parent = (existing as NSString).deletingLastPathComponent
      if parent == existing || parent.isEmpty { return false }
      missing.insert((existing as NSString).lastPathComponent, at: 0)
      existing = parent
      real = realPath(existing)
    }
    guard let real, real == root || real.hasPrefix(root == "/" ? "/" : root + "/") else {
      return false
    }
    // What does not exist yet cannot be a symlink; it may still climb out with `..`.
    var depth = 0
    for name in missing {
      if name == ".." {
        depth -= 1
        if depth < 0 { return false }
      } else if name != "." && !name.isEmpty {
        depth += 1
      }
    }
    return true
  }

  /// `realpath(3)`: the canonical absolute path, or nil if the path does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
