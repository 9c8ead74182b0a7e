import FeelEngine
import FeelSVG

// A boundary from a path (docs/scene-format.md, "Boundaries from a path"): `path_data` (SVG
// path data, what a UIBezierPath draws) or `points` (a polyline), flattened when read.

extension KeyCodec where Value == BoundaryPath {
  /// `path_data = "M … "`: one subpath of SVG path data (pt), its curves and arcs flattened.
  static var pathData: KeyCodec {
    let form = "SVG path data (pt) of one subpath, as \"M 0 400 Q 187.5 700 375 400\""
    return KeyCodec(
      form: .string, unit: "pt", expected: { _ in form },
      read: { table, key, _ throws(SceneError) in
        guard let text = try table.string(key) else { return nil }
        let shown = table.fields[key]?.shown
        let segments: [PathSegment]
        do throws(SVGSyntaxError) {
          segments = try PathDataParser.parse(text)
        } catch {
          let found = error.got.map { "'\($0)'" } ?? "the end of the data"
          throw table.error(
            key, expected: "\(form); at character \(error.offset + 1), \(error.expected)",
            got: "\(found) in \(shown ?? "")")
        }
        var budget = BoundaryPathLimits.commands
        let commands: [PathCommand]
        do throws(CommandBudgetExceeded) {
          commands = try segments.commands(
            transform: .identity, tolerance_pt: BoundaryPathLimits.arcTolerance_pt, budget: &budget)
        } catch {
          throw table.error(
            key, expected: "\(form), of at most \(BoundaryPathLimits.commands) commands",
            got: shown)
        }
        let moves = commands.filter { if case .move = $0 { true } else { false } }.count
        if moves > 1 {
          throw table.error(
            key,
            expected: "\(form) (UIKit's boundary takes the first subpath only: write another "
              + "boundary for each other)", got: "\(moves) subpaths")
        }
        let vertices = BoundaryPath.flatten(commands.map(\.piece))
        if BoundaryPath(source: .pathData(text), vertices_pt: vertices).segments_pt.isEmpty {
          throw table.error(key, expected: "\(form), at least one segment long", got: shown)
        }
        return BoundaryPath(source: .pathData(text), vertices_pt: vertices)
      },
      write: { path in
        if case .pathData(let text) = path.source { .string(text) } else { .string("") }
      })
  }

  /// `points = [[x, y], …]`: a polyline (pt), closed when the last point is the first.
  static var polyline: KeyCodec {
    let points = KeyCodec<[Point]>.points("points", unit: "pt")
    let form = "points [[x, y], …] (pt): a polyline of at least two points"
    return KeyCodec(
      form: .points, unit: "pt", expected: { _ in form },
      read: { table, key, context throws(SceneError) in
        guard let given = try points.read(table, key, context) else { return nil }
        let pieces = [BoundaryPath.Piece.move(given[0])] + given.dropFirst().map { .line($0) }
        let path = BoundaryPath(
          source: .points(given), vertices_pt: BoundaryPath.flatten(pieces))
        if given.count < 2 || path.segments_pt.isEmpty {
          throw table.error(key, expected: form, got: table.fields[key]?.shown)
        }
        return path
      },
      write: { path in
        if case .points(let given) = path.source {
          .array(given.map(WrittenValue.point))
        } else {
          .array([])
        }
      })
  }
}

/// How far a path boundary's arcs may stray from the true arc before flattening (pt), and how
/// many commands its data may make.
enum BoundaryPathLimits {
  static let arcTolerance_pt = 0.01
  static let commands = 10_000
}

extension PathCommand {
  /// The command as the engine's path piece.
  fileprivate var piece: BoundaryPath.Piece {
    switch self {
    case .move(let q): return .move(q)
    case .line(let q): return .line(q)
    case .curve(let c1, let c2, let q): return .cubic(c1, c2, q)
    case .close: return .close
    }
  }
}

extension SceneBoundary {
  /// A segment's end points: nil for a path boundary.
  var segmentFrom_pt: Point? {
    get { path == nil ? from_pt : nil }
    set { if let newValue { from_pt = newValue } }
  }

  var segmentTo_pt: Point? {
    get { path == nil ? to_pt : nil }
    set { if let newValue { to_pt = newValue } }
  }

  /// The path when it was written as SVG path data.
  var pathDataPath: BoundaryPath? {
    get { if case .pathData = path?.source { path } else { nil } }
    set { if let newValue { path = newValue } }
  }

  /// The path when it was written as points.
  var pointsPath: BoundaryPath? {
    get { if case .points = path?.source { path } else { nil } }
    set { if let newValue { path = newValue } }
  }
}
