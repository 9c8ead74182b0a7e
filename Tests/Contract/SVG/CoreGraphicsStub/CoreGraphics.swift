// A stand-in for Apple's Core Graphics, for `feel svg`'s tests on Linux (test_emitters.py):
// the declarations the generated Swift uses, with Apple's names and argument labels, each
// call recorded so that the test can run the generated code and compare what it drew with
// `feel svg --to json`. Not Core Graphics: docs/svg.md says how to compile against the real
// one on macOS.
@_exported import Foundation

public final class CFDictionary {}

public enum CGPathFillRule { case winding, evenOdd }
public enum CGLineCap { case butt, round, square }
public enum CGLineJoin { case miter, round, bevel }

public struct CGAffineTransform {
  public static let identity = CGAffineTransform()
}

public class CGPath {
  /// "M x y", "L x y", "C x1 y1 x2 y2 x y", "Z".
  public var elements: [String] = []
  init() {}
}

public final class CGMutablePath: CGPath {
  public override init() {}
  public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
    elements.append("M \(point.x) \(point.y)")
  }
  public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
    elements.append("L \(point.x) \(point.y)")
  }
  public func addCurve(
    to end: CGPoint, control1: CGPoint, control2: CGPoint,
    transform: CGAffineTransform = .identity
  ) {
    elements.append(
      "C \(control1.x) \(control1.y) \(control2.x) \(control2.y) \(end.x) \(end.y)")
  }
  public func closeSubpath() { elements.append("Z") }
  public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
    elements += path.elements
  }
}

public final class CGContext {
  /// One JSON object per fill or stroke.
  public var log: [String] = []
  var path: [String] = []
  var alpha: CGFloat = 1
  var fill = "", stroke = ""
  var lineWidth: CGFloat = 1, miterLimit: CGFloat = 10
  var cap = "butt", join = "miter"
  var depth = 0
  public init() {}
  public func saveGState() { depth += 1 }
  public func restoreGState() { depth -= 1 }
  public func setAlpha(_ alpha: CGFloat) { self.alpha = alpha }
  public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {}
  public func endTransparencyLayer() {}
  static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat) -> String {
    "[\(r * 255), \(g * 255), \(b * 255), \(a)]"
  }
  public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    fill = Self.color(red, green, blue, alpha)
  }
  public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    stroke = Self.color(red, green, blue, alpha)
  }
  public func setLineWidth(_ width: CGFloat) { lineWidth = width }
  public func setLineCap(_ cap: CGLineCap) { self.cap = "\(cap)" }
  public func setLineJoin(_ join: CGLineJoin) { self.join = "\(join)" }
  public func setMiterLimit(_ limit: CGFloat) { miterLimit = limit }
  public func addPath(_ path: CGPath) { self.path += path.elements }
  func commands() -> String { "[" + path.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
  public func fillPath(using rule: CGPathFillRule = .winding) {
    log.append(
      "{\"op\": \"fill\", \"alpha\": \(alpha), \"color\": \(fill), \"rule\": \"\(rule)\", "
        + "\"path\": \(commands())}")
    path = []
  }
  public func strokePath() {
    log.append(
      "{\"op\": \"stroke\", \"alpha\": \(alpha), \"color\": \(stroke), \"width\": \(lineWidth), "
        + "\"cap\": \"\(cap)\", \"join\": \"\(join)\", \"miter\": \(miterLimit), "
        + "\"path\": \(commands())}")
    path = []
  }
}
