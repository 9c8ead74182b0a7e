import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that appears at its path only when complete: the text goes to a hidden temporary
/// file in the same folder (so the final rename is atomic), renamed over the path by
/// `commit()`. Interrupted by SIGINT, SIGTERM or SIGHUP, the temporary file is removed; killed
/// outright (SIGKILL), it stays behind as `.NAME.PID.tmp` and the path is untouched, until
/// the next write of the same path removes it (once no process PID is running).
public final class AtomicFile {
  public let path: String
  public let temporaryPath: String
  private var descriptor: Int32

  /// Creates the folder if needed and opens the temporary file; `what` names the file in
  /// messages (`the CSV`).
  public init(_ path: String, what: String) throws(FeelError) {
    self.path = path
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw FeelError("\(path): cannot write \(what) there: it is a directory")
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw FeelError("\(path): cannot create its folder (\(error.localizedDescription))")
    }
    Self.removeAbandonedTemporaries(folder: folder, name: url.lastPathComponent)
    temporaryPath =
      folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
    descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
      throw FeelError("\(path): cannot write in its folder (\(String(cString: strerror(errno))))")
    }
    SignalCleanup.remove(onSignal: temporaryPath)
  }

  /// Removes `.NAME.PID.tmp` files in `folder` whose process is gone: what a killed writer of
  /// the same path left behind. A file of a live process (another writer) is left alone.
  public static func removeAbandonedTemporaries(folder: URL, name: String) {
    let prefix = ".\(name)."
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return
    }
    for file in names where file.hasPrefix(prefix) && file.hasSuffix(".tmp") {
      let middle = file.dropFirst(prefix.count).dropLast(".tmp".count)
      guard let pid = pid_t(middle), pid > 0, pid != getpid() else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH {
        unlink(folder.appendingPathComponent(file).path)
      }
    }
  }

  /// Appends `text`.
  public func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(
          descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        offset += written
      }
    }
  }

  /// Closes the temporary file and renames it to the path.
  public func commit() throws {
    let closed = close(descriptor)
    descriptor = -1
    guard closed == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    guard rename(temporaryPath, path) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    SignalCleanup.remove(onSignal: nil)
  }

  /// Closes and deletes the temporary file; the path is left as it was.
  public func discard() {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    unlink(temporaryPath)
    SignalCleanup.remove(onSignal: nil)
  }
}

/// Removes one temporary file when the process is interrupted, then exits with 128 + signal.
public enum SignalCleanup {
  /// Sets the file to remove on SIGINT, SIGTERM or SIGHUP (nil: none), installing the handlers.
  public static func remove(onSignal path: String?) {
    let old = pendingPath
    pendingPath = path.map { strdup($0) }
    free(old)
    if !installed {
      installed = true
      // A parent may start us with these signals blocked (the mask is inherited): unblock
      // them, before any worker thread exists, so that an interrupt always cleans up.
      var set = sigset_t()
      sigemptyset(&set)
      for s in [SIGINT, SIGTERM, SIGHUP] {
        signal(s, cleanUpAndExit)
        sigaddset(&set, s)
      }
      pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
  }
}

/// The temporary file to remove on a signal (read by the handler, which may not allocate).
nonisolated(unsafe) private var pendingPath: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var installed = false

private func cleanUpAndExit(_ signal: Int32) {
  if let pendingPath { unlink(pendingPath) }
  _exit(128 + signal)
}
