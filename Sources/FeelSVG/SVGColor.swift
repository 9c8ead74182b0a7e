import Foundation

/// An sRGB colour with alpha, as a CSS colour value gives it.
public struct SVGColor: Sendable, Hashable {
  /// Channels 0...255.
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  /// 0...1 (from rgba(), #rrggbbaa, `transparent`).
  public var alpha: Double = 1

  public static let black = SVGColor(red: 0, green: 0, blue: 0)

  /// "#rrggbb", lower case (alpha left out).
  public var hex: String {
    let digits = Array("0123456789abcdef")
    var out = "#"
    for channel in [red, green, blue] {
      out.append(digits[Int(channel >> 4)])
      out.append(digits[Int(channel & 15)])
    }
    return out
  }

  /// Parses a CSS colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() with numbers or
  /// percentages, hsl()/hsla(), the SVG/CSS colour keywords, `transparent`. Case-insensitive
  /// keywords; nil if it is none of these (`currentColor` is a paint, not a colour).
  public static func parse(_ text: String) -> SVGColor? {
    let value = text.trimmingCharacters(in: .whitespaces)
    if value.hasPrefix("#") { return hex(String(value.dropFirst())) }
    let lower = value.lowercased()
    if lower == "transparent" { return SVGColor(red: 0, green: 0, blue: 0, alpha: 0) }
    if let rgb = SVGColorKeywords.table[lower] {
      return SVGColor(red: UInt8(rgb >> 16), green: UInt8((rgb >> 8) & 255), blue: UInt8(rgb & 255))
    }
    for name in ["rgba", "rgb", "hsla", "hsl"] where lower.hasPrefix(name) {
      let rest = lower.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
      guard rest.hasPrefix("("), rest.hasSuffix(")") else { return nil }
      let inner = rest.dropFirst().dropLast()
      let parts = inner.split(
        whereSeparator: { $0 == "," || $0 == " " || $0 == "/" || $0 == "\t" }
      ).map(String.init)
      guard parts.count == 3 || parts.count == 4 else { return nil }
      return name.hasPrefix("rgb") ? rgbFunction(parts) : hslFunction(parts)
    }
    return nil
  }

  private static func hex(_ digits: String) -> SVGColor? {
    let values = digits.map { $0.hexDigitValue }
    guard values.allSatisfy({ $0 != nil }) else { return nil }
    let v = values.map { UInt8($0!) }
    switch v.count {
    case 3, 4:
      return SVGColor(
        red: v[0] * 17, green: v[1] * 17, blue: v[2] * 17,
        alpha: v.count == 4 ? Double(v[3] * 17) / 255 : 1)
    case 6, 8:
      return SVGColor(
        red: v[0] << 4 | v[1], green: v[2] << 4 | v[3], blue: v[4] << 4 | v[5],
        alpha: v.count == 8 ? Double(v[6] << 4 | v[7]) / 255 : 1)
    default: return nil
    }
  }

  /// A number, or a percentage of `full`.
  private static func component(_ text: String, full: Double) -> Double? {
    if text.hasSuffix("%") {
      guard let value = Double(text.dropLast()), value.isFinite else { return nil }
      return value / 100 * full
    }
    guard let value = Double(text), value.isFinite else { return nil }
    return value
  }

  private static func alphaComponent(_ parts: [String]) -> Double? {
    guard parts.count == 4 else { return 1 }
    guard let alpha = component(parts[3], full: 1) else { return nil }
    return min(max(alpha, 0), 1)
  }

  private static func channel(_ value: Double) -> UInt8 {
    UInt8(min(max(value, 0), 255).rounded())
  }

  private static func rgbFunction(_ parts: [String]) -> SVGColor? {
    guard let r = component(parts[0], full: 255), let g = component(parts[1], full: 255),
      let b = component(parts[2], full: 255), let alpha = alphaComponent(parts)
    else { return nil }
    return SVGColor(red: channel(r), green: channel(g), blue: channel(b), alpha: alpha)
  }

  private static func hslFunction(_ parts: [String]) -> SVGColor? {
    let hueText = parts[0].hasSuffix("deg") ? String(parts[0].dropLast(3)) : parts[0]
    guard let hue = Double(hueText), hue.isFinite, parts[1].hasSuffix("%"),
      parts[2].hasSuffix("%"), let s = component(parts[1], full: 1),
      let l = component(parts[2], full: 1), let alpha = alphaComponent(parts)
    else { return nil }
    // CSS Color 4's hsl-to-rgb.
    let saturation = min(max(s, 0), 1)
    let lightness = min(max(l, 0), 1)
    let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
    func f(_ n: Double) -> Double {
      let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
      let a = saturation * min(lightness, 1 - lightness)
      return lightness - a * max(-1, min(k - 3, 9 - k, 1))
    }
    return SVGColor(
      red: channel(f(0) * 255), green: channel(f(8) * 255), blue: channel(f(4) * 255),
      alpha: alpha)
  }
}
