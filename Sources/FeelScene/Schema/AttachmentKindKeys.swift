import FeelEngine

/// The keys of iOS 9's attachment kinds on an `attachment` behavior (docs/scene-format.md,
/// "Attachment kinds"): `kind`, and each kind's own settings. Defaults: UIKit's
/// (`AttachmentKindDefaults`). A key of another kind is an error, as is a sliding attachment
/// without an axis or a range whose minimum exceeds its maximum; `profile = "ios7"` refuses
/// every kind but `distance`.
enum AttachmentKindKeys {
  /// The kinds that each key belongs to.
  static let owners: [String: [AttachmentKind]] = [
    "point": [.fixed, .pin, .sliding],
    "axis": [.sliding],
    "range": [.pin, .sliding],
    "friction_torque": [.pin],
    "length": [.distance],
    "frequency": [.distance],
    "damping": [.distance],
    "offset": [.distance, .limit],
    "to_offset": [.distance, .limit],
    "anchor": [.distance, .sliding],
  ]

  /// The kinds (variants of the attachment table) that `key` belongs to, by name.
  static func only(_ key: String) -> [String] { owners[key]!.map(\.rawValue) }

  static let keys: [SchemaKey<AttachmentSpec>] = [
    .key(
      "kind", .name(among: AttachmentKind.allCases.map(\.rawValue)), \.kindName,
      default: .unsetReads(AttachmentKind.distance.rawValue), selectsVariant: true),
    .key(
      "point", .point("an attachment point", unit: "pt"), \.point_pt, default: .unset,
      only: only("point")),
    .key(
      "axis", .point("an axis of translation", "[dx, dy]"), \.axis, default: .unset,
      only: only("axis")),
    .key(
      "range", .point("a range", "[min, max]", unit: "rad for pin, pt for sliding"), \.rangePoint,
      default: .unset, only: only("range")),
    .key(
      "friction_torque", .number(.nonNegative, unit: "N·m"), \.pinFrictionTorque, default: .unset,
      only: only("friction_torque")),
  ]

  /// The rules between the keys of a kind.
  static func check(_ table: SceneTable, _ spec: AttachmentSpec, _ context: SchemaContext)
    throws(SceneError)
  {
    let kind = spec.kind
    if kind != .distance { try SceneSchema.checkProfile(table, "kind", context) }
    for (key, kinds) in owners.sorted(by: { $0.key < $1.key })
    where table.has(key) && !kinds.contains(kind) {
      throw table.error(
        key,
        expected: "no \(key) in a \(kind.rawValue) attachment (\(key) is for kind = "
          + kinds.map { "\"\($0.rawValue)\"" }.joined(separator: " or ") + ")",
        got: table.fields[key]?.shown)
    }
    guard kind != .distance else { return }
    let other = spec.toItem
    if let other, other == context.items.first {
      throw table.error(
        "to", expected: "another item's id (not the attached item itself)", got: "\"\(other)\"")
    }
    if table.has("anchor") && other != nil {
      throw table.error(
        "to", expected: "either anchor or to, not both", got: table.fields["to"]?.shown)
    }
    switch kind {
    case .distance:
      return
    case .fixed, .pin, .limit:
      if table.has("anchor") {
        throw table.error(
          "anchor",
          expected: "to = \"item-id\" (a \(kind.rawValue) attachment joins two items)",
          got: table.fields["anchor"]?.shown)
      }
      if other == nil {
        throw table.missing(
          "to", expected: "the other item's id (a \(kind.rawValue) attachment joins two items)")
      }
    case .sliding:
      if other == nil && !table.has("anchor") {
        throw table.missing(
          "to", expected: "the other item's id, or anchor = [x, y] (pt) for a sliding attachment")
      }
    }
    if kind == .fixed || kind == .pin || (kind == .sliding && other != nil) {
      guard table.has("point") else {
        throw table.missing(
          "point", expected: "the attachment point [x, y] (pt) of a \(kind.rawValue) attachment")
      }
    }
    if kind == .sliding && table.has("anchor") && table.has("point") {
      throw table.error(
        "point", expected: "no point with anchor (the anchor is the attachment point)",
        got: table.fields["point"]?.shown)
    }
    if kind == .sliding {
      guard let axis = spec.axis else {
        throw table.missing(
          "axis", expected: "the axis of translation [dx, dy] of a sliding attachment")
      }
      if axis.x == 0 && axis.y == 0 {
        throw table.error(
          "axis", expected: "an axis of translation [dx, dy] other than [0, 0]",
          got: table.fields["axis"]?.shown)
      }
    }
    if let range = spec.range, range.minimum > range.maximum {
      throw table.error(
        "range", expected: "a range [min, max] with min ≤ max", got: table.fields["range"]?.shown)
    }
  }
}

extension AttachmentSpec {
  /// `kind`: nil for the iOS 7 distance attachment, so that its scenes write no `kind`.
  var kindName: String? {
    get { kind == .distance ? nil : kind.rawValue }
    set { if let newValue, let parsed = AttachmentKind(rawValue: newValue) { kind = parsed } }
  }

  /// `range = [min, max]`.
  var rangePoint: Point? {
    get { range.map { Point($0.minimum, $0.maximum) } }
    set { if let newValue { range = AttachmentRange(minimum: newValue.x, maximum: newValue.y) } }
  }

  /// `friction_torque`: a pin's, there (its default 0) whenever the attachment is a pin.
  var pinFrictionTorque: Double? {
    get { kind == .pin ? frictionTorque : nil }
    set { if let newValue { frictionTorque = newValue } }
  }
}
