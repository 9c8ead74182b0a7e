import FeelCommandSupport
import FeelScene
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a text file line by line, a megabyte at a time, so that memory stays flat however
/// large the file (`feel sweep --merge` reads its parts this way). Opening refuses, naming the
/// file, what `InputFile.text` refuses before reading: a missing file, a folder, an unreadable
/// or empty file. The bytes of each line are decoded as UTF-8 (an invalid byte becomes U+FFFD,
/// which no line the reader's callers expect contains).
final class LineReader {
  let path: String
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  /// Where the next line starts in `buffer`.
  private var start = 0
  private var ended = false
  /// The number of the last line returned (1-based; 0 before the first).
  private(set) var lineNumber = 0

  /// How much is read at a time.
  private static let blockSize = 1 << 20

  /// Opens the file at `path`, a `kind` file (named so in messages).
  init(_ path: String, _ kind: TextFile.Kind) throws(FeelError) {
    func failure(_ reason: String) -> FeelError {
      FeelError(TextFileError(file: path, kind: kind, reason: reason))
    }
    self.path = path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw failure("no such file")
    }
    if isDirectory.boolValue { throw failure("it is a directory") }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw failure("it cannot be opened (permissions?)")
    }
    self.handle = handle
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?
      .intValue
    if size == 0 { throw failure("it is empty") }
  }

  deinit {
    try? handle.close()
  }

  /// The next line's bytes without its line break, and whether a line break ended it (false
  /// only for a last line cut short); nil after the last line. The bytes are valid until the
  /// next call.
  func nextBytes() throws(FeelError) -> (bytes: ArraySlice<UInt8>, terminated: Bool)? {
    while true {
      let newline = buffer.withUnsafeBufferPointer { all -> Int? in
        guard start < all.count,
          let found = memchr(all.baseAddress! + start, Int32(UInt8(ascii: "\n")), all.count - start)
        else { return nil }
        return all.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
      if let newline {
        let bytes = buffer[start..<newline]
        start = newline + 1
        lineNumber += 1
        return (bytes, true)
      }
      if ended {
        guard start < buffer.count else { return nil }
        let bytes = buffer[start...]
        start = buffer.count
        lineNumber += 1
        return (bytes, false)
      }
      buffer.removeSubrange(..<start)
      start = 0
      let block: Data?
      do {
        block = try handle.read(upToCount: Self.blockSize)
      } catch {
        throw FeelError("\(path): cannot read it (\(error.localizedDescription))")
      }
      if let block, !block.isEmpty {
        buffer.append(contentsOf: block)
      } else {
        ended = true
      }
    }
  }

  /// The next line as text (see `nextBytes()`).
  func next() throws(FeelError) -> (text: String, terminated: Bool)? {
    try nextBytes().map { (String(decoding: $0.bytes, as: UTF8.self), $0.terminated) }
  }
}
