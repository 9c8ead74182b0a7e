/// Arrays whose storage is kept for reuse: the engine's scratch in its step, and a sweep's
/// simulations between grid points (`SceneSimulation.restart`), allocate nothing once they have
/// the room they need.
extension Array {
  /// Empties the array and keeps its storage; does nothing (not even a uniqueness check)
  /// when it is already empty, which is the common case on the step's hot path. One element
  /// (an island of one body) goes by `removeLast`, a few instructions where
  /// `removeAll(keepingCapacity:)` takes about 80. Inlined: the call cost as much as the check.
  @inlinable @inline(__always) package mutating func clear() {
    if count == 1 {
      removeLast()
    } else if !isEmpty {
      removeAll(keepingCapacity: true)
    }
  }

  /// The array's elements replaced by `count` copies of `value`, in its storage when it has
  /// room, else in one allocation (not one per doubling; `reserveCapacity` is asked only then:
  /// a sweep refills its arrays at every grid point, and the call costs where nothing grows).
  @inlinable package mutating func refill(repeating value: Element, count: Int) {
    clear()
    if capacity < count { reserveCapacity(count) }
    for _ in 0..<count { append(value) }
  }

  /// The elements, moved out (the array is left empty): a copy would retain the storage, and
  /// release it when the copy or the array is next changed.
  @inlinable @inline(__always) package mutating func take() -> [Element] {
    var moved: [Element] = []
    swap(&moved, &self)
    return moved
  }

  /// `withUnsafeMutableBufferPointer`, without its uniqueness check (which makes a new buffer
  /// for the shared empty one) when the array is empty: the step's lists of kind joints and
  /// contacts, empty in most scenes, in every island of every sub-step.
  @inlinable package mutating func withMutableElements<R>(
    _ body: (UnsafeMutableBufferPointer<Element>) -> R
  ) -> R {
    isEmpty
      ? body(UnsafeMutableBufferPointer(start: nil, count: 0))
      : withUnsafeMutableBufferPointer { body($0) }
  }

  /// `body` on element `i` where it lies (inout, though it only reads): Array's getter hands back
  /// a copy, retaining what the element holds (a shape's parts, a behavior's settings).
  @inlinable package mutating func inPlace<R>(_ i: Int, _ body: (inout Element) -> R) -> R {
    withUnsafeMutableBufferPointer { body(&$0[i]) }
  }

  /// `body(i, address of element i)` for each element in order, to read its fields where it
  /// lies: `for x in array` and the getter copy each element, retaining what it holds.
  @inlinable package func forEachAddress(_ body: (Int, UnsafePointer<Element>) -> Void) {
    withUnsafeBufferPointer { b in for i in b.indices { body(i, b.baseAddress! + i) } }
  }
}
