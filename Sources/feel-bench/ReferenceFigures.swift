import Foundation

/// The reference engine's figures, as Tests/Contract/Reference/bench_reference.py writes them:
/// CSV with a header naming at least `scene` and `ns_per_substep`.
enum ReferenceFigures {
  /// pybox2d ns per sub-step by scene name.
  static func read(_ path: String) throws -> [String: Double] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw BenchError("\(path): cannot read the reference figures")
    }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    guard let header = lines.first?.split(separator: ","),
      let sceneColumn = header.firstIndex(of: "scene"),
      let nsColumn = header.firstIndex(of: "ns_per_substep")
    else { throw BenchError("\(path): expected a CSV header with scene and ns_per_substep") }
    var figures: [String: Double] = [:]
    for line in lines.dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      guard fields.count == header.count, let ns = Double(fields[nsColumn]) else {
        throw BenchError("\(path): bad line \(line)")
      }
      figures[String(fields[sceneColumn])] = ns
    }
    return figures
  }
}
