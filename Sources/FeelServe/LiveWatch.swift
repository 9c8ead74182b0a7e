import FeelCommandSupport
import Foundation
import Synchronization

/// Watches the files a live session uses (its scene file, the trace files it names, and the
/// experiment it explores with its control file, when `open` names one) and
/// sends `{"type": "changed", "path": …}` when one changes on disk (docs/live-protocol.md). It
/// polls: every `interval` it compares each file's modification time, size and a hash of its bytes
/// with what it saw, and reports a change once the file has stayed the same for one more poll (an
/// editor's save in several writes is reported once, complete). A poll works the same on every
/// system and every file system (inotify, kqueue and FSEvents differ, miss network folders and lose
/// track of files that editors replace by renaming), and a session watches a handful of small
/// files. When the scene no longer reads (an edit that breaks it), the message also carries
/// `"error"`: the scene's error with file and line.
final class LiveWatch: Sendable {
  static let interval = Duration.milliseconds(100)
  /// Files larger than this are compared by time and size only (bytes).
  static let maxHashedBytes = 8 << 20

  struct Signature: Equatable {
    var modified_ns: Int64
    var size: Int64
    var hash: UInt64
  }

  private struct State {
    var input: SceneInput?
    var experiment: String?
    /// The scene's files (the scene, its traces), then the experiment's (it, its control).
    var sceneFiles: [String] = []
    var files: [String] = []
    /// What each file was when last reported (or first seen).
    var seen: [String: Signature?] = [:]
    /// A change seen but not yet stable.
    var pending: [String: Signature?] = [:]
    var stopped = false
  }

  private let state = Mutex(State())

  /// Watches `session`'s files from now on, and `experimentFiles` (the experiment
  /// `experiment` and its control file); what they are now is the baseline.
  func watch(_ session: LiveSession, experiment: String?, experimentFiles: [String]) {
    let sceneFiles = session.files
    var files = sceneFiles
    for file in experimentFiles where !files.contains(file) { files.append(file) }
    var seen: [String: Signature?] = [:]
    for file in files { seen[file] = Self.signature(file) }
    state.withLock { state in
      state.experiment = experiment
      state.sceneFiles = sceneFiles
      state.files = files
      state.seen = seen
      state.pending = [:]
    }
    settings(of: session)
  }

  /// The scene and values the session runs now (a changed file is checked with them).
  func settings(of session: LiveSession) {
    var input = session.input
    input.settings = session.settings.keys.sorted().map { session.settings[$0]! }
    state.withLock { $0.input = input }
  }

  /// An experiment's file and its control file's (when it names a control), read as the
  /// notebook reads them: an error in either refuses the `open`.
  static func experimentFiles(_ path: String) throws(FeelError) -> [String] {
    let loaded = try InputFile.experimentFiles(path)
    guard let control = try InputFile.control(of: loaded.experiment) else { return [path] }
    return [path, control.file]
  }

  /// The error a changed file leaves, if any: the scene's (read with the session's values)
  /// for a scene or trace file, the experiment's or its control file's for those.
  private static func problem(
    after changed: [String], input: SceneInput?, experiment: String?, sceneFiles: [String]
  ) -> String? {
    if let input, changed.contains(where: sceneFiles.contains) {
      do {
        _ = try input.load(touchesMayWait: true)
      } catch {
        return error.liveMessage
      }
    }
    if let experiment, changed.contains(where: { !sceneFiles.contains($0) }) {
      do {
        _ = try experimentFiles(experiment)
      } catch {
        return error.liveMessage
      }
    }
    return nil
  }

  func stop() { state.withLock { $0.stopped = true } }

  /// Polls until cancelled or stopped, handing each message to `send`.
  func run(send: @Sendable (String) async -> Void) async {
    while !Task.isCancelled {
      try? await Task.sleep(for: Self.interval)
      let (files, stopped) = state.withLock { ($0.files, $0.stopped) }
      if stopped { return }
      var changed: [String] = []
      for file in files {
        let now = Self.signature(file)
        let report = state.withLock { state -> Bool in
          guard state.files.contains(file), let seen = state.seen[file] else { return false }
          if now == seen {
            state.pending[file] = nil
            return false
          }
          if let pending = state.pending[file], pending == now {
            state.seen[file] = now
            state.pending[file] = nil
            return true
          }
          state.pending[file] = .some(now)
          return false
        }
        if report { changed.append(file) }
      }
      guard !changed.isEmpty else { continue }
      let (input, experiment, sceneFiles) = state.withLock {
        ($0.input, $0.experiment, $0.sceneFiles)
      }
      let problem = Self.problem(
        after: changed, input: input, experiment: experiment, sceneFiles: sceneFiles)
      for file in changed { await send(LiveAnswer.changed(file, error: problem)) }
    }
  }

  /// The file's modification time, size and FNV-1a hash; nil when it cannot be read (gone).
  static func signature(_ path: String) -> Signature? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = (attributes[.size] as? NSNumber)?.int64Value,
      let modified = attributes[.modificationDate] as? Date
    else { return nil }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    if size <= maxHashedBytes, let data = FileManager.default.contents(atPath: path) {
      for byte in data {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
      }
    }
    return Signature(
      modified_ns: Int64((modified.timeIntervalSince1970 * 1e9).rounded()), size: size, hash: hash)
  }
}
