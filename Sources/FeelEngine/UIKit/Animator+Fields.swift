extension Animator {
  /// Registers a field behavior with the world, as UIKit's animator does when the behavior is
  /// added: it acts on its own entities from the next sub-step. UIKit holds at most 32 fields;
  /// a 33rd is not registered and acts on nothing (UIKit raises; the scene reader refuses such
  /// a scene before it runs, docs/fields.md).
  mutating func addField(_ b: Int, entities: [Int], _ spec: FieldSpec) {
    guard world.fields.count < FieldDefaults.maximumFields else { return }
    world.addField(WorldField(spec, owner: b), bodies: entities)
  }

  /// The fields registered now, in the order added: their behaviors' indices.
  public var registeredFields: [Int] { world.fields.map(\.owner) }
}
