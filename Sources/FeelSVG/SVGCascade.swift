import Foundation

/// A paint as declared: a colour, `none`, or `currentColor` (resolved where it is used).
enum SVGPaint: Sendable, Hashable {
  case none
  case color(SVGColor)
  case currentColor
}

/// The inherited properties at an element (their computed values), and the non-inherited
/// `opacity` and `display` of the element itself.
struct SVGCascade: Sendable {
  var fill: SVGPaint = .color(.black)
  var fillRule: SVGFillRule = .nonzero
  var fillOpacity = 1.0
  var stroke: SVGPaint = .none
  /// In the user units of the element that is painted.
  var strokeWidth = 1.0
  var lineCap: SVGLineCap = .butt
  var lineJoin: SVGLineJoin = .miter
  var miterLimit = 4.0
  var strokeOpacity = 1.0
  var color = SVGColor.black
  var visible = true
  /// Not inherited: reset for every child.
  var opacity = 1.0
  var displayed = true

  /// The declarations of one element: presentation attributes, then its `style` attribute
  /// (which wins), by property name.
  static func declarations(of node: XMLNode) -> [String: String] {
    var out: [String: String] = [:]
    for name in properties.union(unsupported.keys) {
      if let value = node.attributes[name] { out[name] = value }
    }
    if let style = node.attributes["style"] {
      var text = style
      // Drop CSS comments.
      while let open = text.range(of: "/*") {
        let close = text.range(of: "*/", range: open.upperBound..<text.endIndex)
        text.removeSubrange(open.lowerBound..<(close?.upperBound ?? text.endIndex))
      }
      for declaration in text.split(separator: ";") {
        guard let colon = declaration.firstIndex(of: ":") else { continue }
        let name = declaration[..<colon].trimmingCharacters(in: .whitespacesAndNewlines)
          .lowercased()
        var value = declaration[declaration.index(after: colon)...]
          .trimmingCharacters(in: .whitespacesAndNewlines)
        if value.lowercased().hasSuffix("!important") {
          value = String(value.dropLast("!important".count))
            .trimmingCharacters(in: .whitespaces)
        }
        out[name] = value
      }
    }
    return out
  }

  /// The properties FeelLab draws.
  static let properties: Set<String> = [
    "fill", "fill-rule", "fill-opacity", "stroke", "stroke-width", "stroke-linecap",
    "stroke-linejoin", "stroke-miterlimit", "stroke-opacity", "opacity", "color", "display",
    "visibility",
  ]

  /// Properties that change how a shape looks but are not drawn, with the value that means
  /// "nothing to do"; any other value gets a warning.
  static let unsupported: [String: Set<String>] = [
    "stroke-dasharray": ["none"], "clip-path": ["none"], "mask": ["none"],
    "filter": ["none"], "marker": ["none"], "marker-start": ["none"], "marker-mid": ["none"],
    "marker-end": ["none"],
    "paint-order": ["normal", "fill", "fill stroke", "fill stroke markers"],
    "vector-effect": ["none"], "mix-blend-mode": ["normal"],
  ]

  /// The cascade for a child with `declarations`, and a warning for each value that cannot
  /// be used (ignored, as CSS ignores an invalid declaration).
  func child(
    _ declarations: [String: String], percentReference: Double, warn: (String) -> Void
  ) -> SVGCascade {
    var next = self
    next.opacity = 1
    next.displayed = true
    for (name, rawValue) in declarations.sorted(by: { $0.key < $1.key }) {
      let value = rawValue.trimmingCharacters(in: .whitespacesAndNewlines)
      if let harmless = Self.unsupported[name] {
        if !harmless.contains(value.lowercased()) {
          warn("\(name) '\(value)' is not supported: drawn without it")
        }
        continue
      }
      guard Self.properties.contains(name) else { continue }
      if value.lowercased() == "inherit" {
        if name == "opacity" { next.opacity = opacity }
        continue
      }
      if !next.set(name, value, percentReference: percentReference, warn: warn) {
        warn("\(name) '\(value)' is not a valid value: ignored")
      }
    }
    return next
  }

  /// Sets one property; false if the value is invalid.
  private mutating func set(
    _ name: String, _ value: String, percentReference: Double, warn: (String) -> Void
  ) -> Bool {
    let lower = value.lowercased()
    switch name {
    case "fill", "stroke":
      guard let paint = Self.paint(value, warn: warn) else { return false }
      if name == "fill" { fill = paint } else { stroke = paint }
    case "fill-rule":
      guard let rule = SVGFillRule(rawValue: lower) else { return false }
      fillRule = rule
    case "stroke-linecap":
      guard let cap = SVGLineCap(rawValue: lower) else { return false }
      lineCap = cap
    case "stroke-linejoin":
      guard let join = SVGLineJoin(rawValue: lower) else { return false }
      lineJoin = join
    case "fill-opacity", "stroke-opacity", "opacity":
      guard let number = Self.fraction(value) else { return false }
      switch name {
      case "fill-opacity": fillOpacity = number
      case "stroke-opacity": strokeOpacity = number
      default: opacity = number
      }
    case "stroke-width":
      guard let width = try? SVGLength.parse(value, percentOf: percentReference), width >= 0
      else { return false }
      strokeWidth = width
    case "stroke-miterlimit":
      guard let limit = Double(value), limit.isFinite, limit >= 1 else { return false }
      miterLimit = limit
    case "color":
      if lower == "currentcolor" { return true }
      guard let parsed = SVGColor.parse(value) else { return false }
      color = parsed
    case "display":
      displayed = lower != "none"
    case "visibility":
      guard ["visible", "hidden", "collapse"].contains(lower) else { return false }
      visible = lower == "visible"
    default:
      break
    }
    return true
  }

  /// An opacity: a number or a percentage, clamped to 0...1.
  static func fraction(_ text: String) -> Double? {
    let percent = text.hasSuffix("%")
    guard let number = Double(percent ? String(text.dropLast()) : text), number.isFinite else {
      return nil
    }
    return min(max(percent ? number / 100 : number, 0), 1)
  }

  /// A paint: `none`, `currentColor`, a colour, or `url(#id) [fallback]` (not drawn: the
  /// fallback colour if there is one, else none, with a warning).
  static func paint(_ text: String, warn: (String) -> Void) -> SVGPaint? {
    let lower = text.lowercased()
    if lower == "none" { return SVGPaint.none }
    if lower == "currentcolor" { return .currentColor }
    if lower.hasPrefix("url(") {
      guard let close = text.firstIndex(of: ")") else { return nil }
      let fallback = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces)
      let fallbackPaint = fallback.isEmpty ? SVGPaint.none : paint(fallback, warn: warn)
      guard let fallbackPaint, fallbackPaint != .none || fallback.isEmpty || fallback == "none"
      else { return nil }
      let used: String
      switch fallbackPaint {
      case .none: used = "none"
      case .currentColor: used = "currentColor"
      case .color(let color): used = color.hex
      }
      warn(
        "paint '\(text)' (a gradient or pattern) is not supported: painted with \(used) instead")
      return fallbackPaint
    }
    guard let color = SVGColor.parse(text) else { return nil }
    return .color(color)
  }

  /// The paint as a colour, `currentColor` resolved; nil for none.
  func resolve(_ paint: SVGPaint) -> SVGColor? {
    switch paint {
    case .none: nil
    case .color(let color): color
    case .currentColor: color
    }
  }
}
