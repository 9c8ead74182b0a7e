import FeelCore
import Foundation

/// Reads an SVG file (SVG 1.1 / SVG 2 static shapes) into normalised paths with their paint.
///
/// Drawn: `path`, `rect` (rx/ry), `circle`, `ellipse`, `line`, `polyline`, `polygon`, inside
/// `g` and `a` groups; `transform` on every element; the root's `viewBox`; the presentation
/// attributes and `style` declarations of fill, fill-rule, fill-opacity, stroke, stroke-width,
/// stroke-linecap, stroke-linejoin, stroke-miterlimit, stroke-opacity, opacity, color,
/// display and visibility, inherited through groups. Anything else is skipped with a warning
/// naming the element and its line (`title`, `desc`, `metadata` and elements of other
/// namespaces, which never draw, are skipped quietly). Malformed XML or values stop the
/// reading with an `SVGReadError`. docs/svg.md has the details.
public enum SVGReader {
  /// The SVG namespace.
  public static let namespace = "http://www.w3.org/2000/svg"

  public static func read(_ data: Data, options: SVGReadOptions = SVGReadOptions())
    throws(SVGReadError) -> SVGDocument
  {
    let root: XMLNode
    switch XMLTree.parse(data) {
    case .success(let node): root = node
    case .failure(let failure):
      var place = "the file"
      if let line = failure.line {
        place = "line \(line)"
        if let column = failure.column { place += ", column \(column)" }
      }
      throw SVGReadError(place: place, message: failure.reason)
    }
    var walker = SVGWalker(options: options)
    return try walker.document(root)
  }
}

/// The elements that become paths.
private let shapeNames: Set<String> = [
  "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
]

/// Why each kind of element is skipped.
private let skipReasons: [String: String] = [
  "text": "text is not supported (convert it to outlines)",
  "image": "images are not supported",
  "use": "<use> is not supported: what it references is not drawn",
  "defs": "definitions are drawn only through references (<use>, url(#…)), not supported",
  "symbol": "symbols are drawn only through <use>, not supported",
  "linearGradient": "gradients are not supported", "radialGradient": "gradients are not supported",
  "pattern": "patterns are not supported", "clipPath": "clipping paths are not supported",
  "mask": "masks are not supported", "filter": "filters are not supported",
  "marker": "markers are not supported",
  "style": "style sheets are not supported: class and id selectors are ignored",
  "svg": "nested <svg> viewports are not supported",
  "switch": "<switch> is not supported", "foreignObject": "foreign objects are not supported",
  "script": "scripts are not run",
]

private struct SVGWalker {
  let options: SVGReadOptions
  var warnings: [SVGWarning] = []
  var paths: [SVGDrawnPath] = []
  var budget: Int
  /// From the root's user units to output units (`--scale`, `--fit`).
  var output = FeelCore.AffineTransform.identity
  var viewBox = SVGRect(x: 0, y: 0, width: 300, height: 150)
  var svgNamespace = SVGReader.namespace
  /// How many elements of each shape name were met so far, in document order.
  var counters: [String: Int] = [:]

  init(options: SVGReadOptions) {
    self.options = options
    budget = options.maximumCommands
  }

  var normalisedDiagonal: Double {
    ((viewBox.width * viewBox.width + viewBox.height * viewBox.height) / 2).squareRoot()
  }

  mutating func warn(_ node: XMLNode, _ message: String) {
    warnings.append(SVGWarning(line: node.line, element: node.name, message: message))
  }

  mutating func document(_ root: XMLNode) throws(SVGReadError) -> SVGDocument {
    guard root.name == "svg", root.namespace == SVGReader.namespace || root.namespace.isEmpty
    else {
      throw SVGReadError(
        place: "line \(root.line)", message: "expected an <svg> root element, got <\(root.name)>")
    }
    if root.namespace.isEmpty {
      svgNamespace = ""
      warn(
        root,
        "has no xmlns=\"\(SVGReader.namespace)\": read as SVG, but a browser shows such a file as "
          + "plain XML")
    }
    try readViewBox(root)
    let frame: SVGRect
    switch options.sizing {
    case .viewBox:
      frame = viewBox
    case .scale(let factor):
      guard factor > 0, factor.isFinite else {
        throw SVGReadError(place: "--scale", message: "expected a positive scale, got \(factor)")
      }
      output = FeelCore.AffineTransform(translationX: -viewBox.x, y: -viewBox.y)
        .concatenating(FeelCore.AffineTransform(scaleX: factor, y: factor))
      frame = SVGRect(x: 0, y: 0, width: factor * viewBox.width, height: factor * viewBox.height)
    case .fit(let width, let height):
      guard width > 0, height > 0, width.isFinite, height.isFinite else {
        throw SVGReadError(
          place: "--fit", message: "expected a positive width and height, got \(width),\(height)")
      }
      let factor = min(width / viewBox.width, height / viewBox.height)
      let centring = FeelCore.AffineTransform(
        translationX: (width - factor * viewBox.width) / 2,
        y: (height - factor * viewBox.height) / 2)
      output = FeelCore.AffineTransform(translationX: -viewBox.x, y: -viewBox.y)
        .concatenating(FeelCore.AffineTransform(scaleX: factor, y: factor).concatenating(centring))
      frame = SVGRect(x: 0, y: 0, width: width, height: height)
    }
    let cascade = cascadeFor(root, parent: SVGCascade())
    if cascade.displayed {
      let transform = try transformOf(root)
      for child in root.children {
        try element(child, parent: cascade, ctm: transform, opacity: cascade.opacity)
      }
      warnGroupOpacity(root, cascade.opacity, painted: paintedCount)
    }
    return SVGDocument(viewBox: frame, paths: paths, warnings: warnings)
  }

  /// The root's viewBox; else (0, 0, width, height); else 300 × 150 with a warning.
  mutating func readViewBox(_ root: XMLNode) throws(SVGReadError) {
    if let text = root.attributes["viewBox"] {
      let place = "line \(root.line): <svg> 'viewBox'"
      let numbers: [Double]
      do {
        numbers = try SVGLength.numbers(text, what: "the view box")
      } catch {
        throw SVGReadError(place: place, syntax: error)
      }
      guard numbers.count == 4 else {
        throw SVGReadError(
          place: place, message: "expected four numbers (x y width height), got \(numbers.count)")
      }
      guard numbers[2] > 0, numbers[3] > 0 else {
        throw SVGReadError(
          place: place, message: "expected a positive width and height, got '\(text)'")
      }
      viewBox = SVGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
      return
    }
    var size: [Double] = []
    for name in ["width", "height"] {
      guard let text = root.attributes[name], !text.hasSuffix("%"),
        let value = try? SVGLength.parse(text, percentOf: 0), value > 0
      else { break }
      size.append(value)
    }
    if size.count == 2 {
      viewBox = SVGRect(x: 0, y: 0, width: size[0], height: size[1])
    } else {
      warn(root, "has no viewBox and no absolute width and height: the view box is 0 0 300 150")
    }
  }

  /// The element's cascade; its invalid declarations are warned about.
  mutating func cascadeFor(_ node: XMLNode, parent: SVGCascade) -> SVGCascade {
    var messages: [String] = []
    let cascade = parent.child(
      SVGCascade.declarations(of: node), percentReference: normalisedDiagonal,
      warn: { messages.append($0) })
    for message in messages { warn(node, message) }
    return cascade
  }

  func transformOf(_ node: XMLNode) throws(SVGReadError) -> FeelCore.AffineTransform {
    guard let text = node.attributes["transform"] else { return .identity }
    do {
      return try SVGTransformListParser.parse(text)
    } catch {
      throw SVGReadError(place: "line \(node.line): <\(node.name)> 'transform'", syntax: error)
    }
  }

  /// Counts the shapes of a subtree that is not drawn, so that "path 3" stays the file's
  /// third <path>.
  mutating func count(_ node: XMLNode) {
    if shapeNames.contains(node.name) { counters[node.name, default: 0] += 1 }
    for child in node.children { count(child) }
  }

  var paintedCount: Int { paths.count { $0.style.isPainted } }

  /// A group's (or the root's) opacity is applied to each path: say so when that can differ
  /// from a browser's (two or more painted paths may overlap).
  mutating func warnGroupOpacity(_ node: XMLNode, _ opacity: Double, painted: Int) {
    if opacity < 1 && painted >= 2 {
      warn(
        node,
        "opacity \(opacity) is applied to each of its \(painted) paths separately: "
          + "where they overlap, a browser blends the group as one")
    }
  }

  mutating func element(
    _ node: XMLNode, parent: SVGCascade, ctm parentCTM: FeelCore.AffineTransform, opacity: Double
  ) throws(SVGReadError) {
    let isSVG = node.namespace == svgNamespace
    guard isSVG, !["title", "desc", "metadata"].contains(node.name) else {
      count(node)
      return
    }
    let isContainer = node.name == "g" || node.name == "a"
    guard isContainer || shapeNames.contains(node.name) else {
      count(node)
      let declarations = SVGCascade.declarations(of: node)
      if declarations["display"]?.lowercased() == "none" { return }
      warn(node, "skipped: " + (skipReasons[node.name] ?? "<\(node.name)> is not supported"))
      return
    }
    let cascade = cascadeFor(node, parent: parent)
    guard cascade.displayed else {
      count(node)
      return
    }
    let ctm = (try transformOf(node)).concatenating(parentCTM)
    let elementOpacity = opacity * cascade.opacity
    if isContainer {
      let before = paintedCount
      for child in node.children {
        try element(child, parent: cascade, ctm: ctm, opacity: elementOpacity)
      }
      warnGroupOpacity(node, cascade.opacity, painted: paintedCount - before)
      return
    }
    counters[node.name, default: 0] += 1
    let index = counters[node.name]!
    for child in node.children { count(child) }
    guard let segments = try geometry(node, index: index), !segments.isEmpty else { return }
    guard cascade.visible else { return }
    let transform = ctm.concatenating(output)
    let commands: [PathCommand]
    do {
      commands = try segments.commands(
        transform: transform, tolerance_pt: options.arcTolerance_pt, budget: &budget)
    } catch {
      throw SVGReadError(
        place: "\(node.name) \(index) (line \(node.line))",
        message:
          "the file needs more than \(options.maximumCommands) path commands (an arc of "
          + "astronomical radius?)")
    }
    guard commands.allSatisfy({ $0.numbers.allSatisfy(\.isFinite) }) else {
      throw SVGReadError(
        place: "\(node.name) \(index) (line \(node.line))",
        message: "its coordinates overflow (beyond ±1.8e308) once transformed")
    }
    let style = resolve(cascade, transform: transform, opacity: elementOpacity, node: node)
    paths.append(
      SVGDrawnPath(
        element: node.name, index: index, line: node.line, id: node.attributes["id"],
        style: style, commands: commands))
  }

  mutating func resolve(
    _ cascade: SVGCascade, transform: FeelCore.AffineTransform, opacity: Double, node: XMLNode
  ) -> SVGPaintStyle {
    var style = SVGPaintStyle()
    if let fill = cascade.resolve(cascade.fill) {
      style.fill = SVGColor(red: fill.red, green: fill.green, blue: fill.blue)
      style.fillOpacity = cascade.fillOpacity * fill.alpha
    } else {
      style.fill = nil
    }
    style.fillRule = cascade.fillRule
    style.strokeWidth_pt = cascade.strokeWidth * transform.lengthScale
    if let stroke = cascade.resolve(cascade.stroke), style.strokeWidth_pt > 0 {
      style.stroke = SVGColor(red: stroke.red, green: stroke.green, blue: stroke.blue)
      style.strokeOpacity = cascade.strokeOpacity * stroke.alpha
      if !transform.isSimilarity {
        warn(
          node,
          "stroke under a non-uniform transform: drawn with one width, \(style.strokeWidth_pt) "
            + "(a browser's varies with direction)")
      }
    } else {
      style.stroke = nil
    }
    style.lineCap = cascade.lineCap
    style.lineJoin = cascade.lineJoin
    style.miterLimit = cascade.miterLimit
    style.opacity = opacity
    return style
  }

  /// A length attribute in user units; `missing` if absent.
  func length(_ node: XMLNode, _ name: String, percentOf reference: Double, missing: Double?)
    throws(SVGReadError) -> Double?
  {
    guard let text = node.attributes[name] else { return missing }
    if text.trimmingCharacters(in: .whitespaces) == "auto" { return nil }
    do {
      return try SVGLength.parse(text, percentOf: reference)
    } catch {
      throw SVGReadError(place: "line \(node.line): <\(node.name)> '\(name)'", syntax: error)
    }
  }

  /// The element's geometry as segments (user units); nil if the element draws nothing.
  mutating func geometry(_ node: XMLNode, index: Int) throws(SVGReadError) -> [PathSegment]? {
    let w = viewBox.width
    let h = viewBox.height
    let diagonal = normalisedDiagonal
    switch node.name {
    case "path":
      guard let d = node.attributes["d"] else {
        warn(node, "has no 'd' attribute: nothing drawn")
        return nil
      }
      do {
        let segments = try PathDataParser.parse(d)
        if segments.isEmpty { warn(node, "has empty path data: nothing drawn") }
        return segments
      } catch {
        throw SVGReadError(place: "path \(index)", syntax: error)
      }
    case "rect":
      let x = try length(node, "x", percentOf: w, missing: 0) ?? 0
      let y = try length(node, "y", percentOf: h, missing: 0) ?? 0
      let width = try length(node, "width", percentOf: w, missing: nil) ?? 0
      let height = try length(node, "height", percentOf: h, missing: nil) ?? 0
      guard width > 0, height > 0 else {
        if width < 0 || height < 0 {
          warn(node, "has a negative width or height: nothing drawn (as in a browser)")
        }
        return nil
      }
      var rx = try length(node, "rx", percentOf: w, missing: nil)
      var ry = try length(node, "ry", percentOf: h, missing: nil)
      if let value = rx, value < 0 {
        warn(node, "has a negative rx: ignored")
        rx = nil
      }
      if let value = ry, value < 0 {
        warn(node, "has a negative ry: ignored")
        ry = nil
      }
      let cornerX = min(rx ?? ry ?? 0, width / 2)
      let cornerY = min(ry ?? rx ?? 0, height / 2)
      return SVGShapes.rect(x: x, y: y, width: width, height: height, rx: cornerX, ry: cornerY)
    case "circle", "ellipse":
      let cx = try length(node, "cx", percentOf: w, missing: 0) ?? 0
      let cy = try length(node, "cy", percentOf: h, missing: 0) ?? 0
      var rx: Double
      var ry: Double
      if node.name == "circle" {
        rx = try length(node, "r", percentOf: diagonal, missing: 0) ?? 0
        ry = rx
      } else {
        let x = try length(node, "rx", percentOf: w, missing: nil)
        let y = try length(node, "ry", percentOf: h, missing: nil)
        rx = x ?? y ?? 0
        ry = y ?? x ?? 0
      }
      guard rx > 0, ry > 0 else {
        if rx < 0 || ry < 0 { warn(node, "has a negative radius: nothing drawn (as in a browser)") }
        return nil
      }
      return SVGShapes.ellipse(cx: cx, cy: cy, rx: rx, ry: ry)
    case "line":
      let x1 = try length(node, "x1", percentOf: w, missing: 0) ?? 0
      let y1 = try length(node, "y1", percentOf: h, missing: 0) ?? 0
      let x2 = try length(node, "x2", percentOf: w, missing: 0) ?? 0
      let y2 = try length(node, "y2", percentOf: h, missing: 0) ?? 0
      return [.move(Point(x1, y1)), .line(Point(x2, y2))]
    default:  // polyline, polygon
      guard let text = node.attributes["points"] else { return nil }
      let numbers: [Double]
      do {
        numbers = try SVGLength.numbers(text, what: "the points")
      } catch {
        throw SVGReadError(place: "\(node.name) \(index)", syntax: error)
      }
      if numbers.count % 2 == 1 {
        let characters = text.unicodeScalars.count
        throw SVGReadError(
          place: "\(node.name) \(index)",
          syntax: SVGSyntaxError(
            offset: characters, expected: "a y coordinate (the points are x y pairs)", got: nil,
            text: text))
      }
      return SVGShapes.poly(numbers, closed: node.name == "polygon")
    }
  }
}
