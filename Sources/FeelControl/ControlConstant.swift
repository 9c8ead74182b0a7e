import FeelSweep

/// A tunable constant of a control: the designer's name and unit, where a scene holds its
/// value, and how the notebook's Swift and Objective-C export writes it.
public struct ControlConstant: Sendable, Equatable {
  /// How comps, the page's data and its test API name it (`damping`): letters, digits and `_`.
  public var name: String
  /// The designer's name (`snap damping`).
  public var label: String
  /// Its unit as the page prints it (`pt`; empty for a ratio or a UIKit magnitude).
  public var unit: String
  /// Where a scene holds the constant; the first source present in a scene gives its value.
  public var source: Source
  /// The export: the Swift name in `ControlFile.swiftType` (`snapDamping`), the Objective-C
  /// name (`kSnapDamping`) and their type (`CGFloat`); nil names: not declared, and `comment`
  /// (if any) is written instead.
  public var swift: String?
  public var objc: String?
  public var type: String
  /// The Swift declaration's documentation line.
  public var doc: String?
  /// A comment line the export writes with the value in place of `{value}` (`Tuned on a
  /// {value} pt wide bar.`).
  public var comment: String?
  /// A line of code the export writes after the declarations, the constant's qualified name
  /// in place of `{}` (`snapBehavior.damping = {}`).
  public var swiftUse: String?
  public var objcUse: String?
  /// The span the studio's slider takes (`range = [low, high]`, in the constant's unit),
  /// when the file gives one; nil: the page's documented span around the current value
  /// (docs/studio.md).
  public var range: ClosedRange<Double>?
  /// Where the constant's `name` is written, for messages.
  public var location: SourceLocation

  /// Where a scene holds the constant's value.
  public enum Source: Sendable, Equatable {
    /// Scene value paths, as experiment axes name them (`behavior.scrub-snap.damping`): the
    /// first that names a number of the scene gives the value.
    case paths([String])
    /// Boundary ids: the first boundary of the scene with one of these ids that is vertical or
    /// horizontal gives the distance (pt) from the measured item's edge at rest to it, beyond
    /// the edge (a wall 10 pt outside the bar's left or right edge: 10).
    case gap([String])
  }

  public init(
    name: String, label: String, unit: String = "", source: Source, swift: String? = nil,
    objc: String? = nil, type: String = ControlConstant.defaultType, doc: String? = nil,
    comment: String? = nil, swiftUse: String? = nil, objcUse: String? = nil,
    range: ClosedRange<Double>? = nil, location: SourceLocation
  ) {
    self.name = name
    self.label = label
    self.unit = unit
    self.source = source
    self.swift = swift
    self.objc = objc
    self.type = type
    self.doc = doc
    self.comment = comment
    self.swiftUse = swiftUse
    self.objcUse = objcUse
    self.range = range
    self.location = location
  }

  /// The export's type when the file names none.
  public static let defaultType = "CGFloat"
}
