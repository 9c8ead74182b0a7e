/// Arrays whose storage is kept for reuse: the engine's scratch in its step, and a sweep's
/// simulations between grid points (`SceneSimulation.restart`), allocate nothing once they have
/// the room they need.
extension Array {
  /// Empties the array and keeps its storage; does nothing (not even a uniqueness check)
  /// when it is already empty, which is the common case on the step's hot path.
  @inlinable package mutating func clear() {
    if !isEmpty { removeAll(keepingCapacity: true) }
  }

  /// The array's elements replaced by `count` copies of `value`, in its storage when it has
  /// room.
  @inlinable package mutating func refill(repeating value: Element, count: Int) {
    clear()
    append(contentsOf: repeatElement(value, count: count))
  }

  /// The array's storage, emptied, for a new value to reuse; the array is left empty.
  @inlinable package mutating func recycled() -> [Element] {
    var storage: [Element] = []
    swap(&storage, &self)
    storage.clear()
    return storage
  }
}

extension Array where Element == [Int] {
  /// `recycled()` for a list of lists: the lists kept (their storage too), each emptied.
  @inlinable package mutating func recycledLists() -> [[Int]] {
    var lists: [[Int]] = []
    swap(&lists, &self)
    for i in lists.indices { lists[i].clear() }
    return lists
  }
}
