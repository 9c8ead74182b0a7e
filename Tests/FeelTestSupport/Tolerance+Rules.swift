extension Tolerance {
  /// Where a snapped item rests once the animator pauses, from its snap point: Box2D puts a
  /// body to sleep once it has moved slower than its linear sleep tolerance (0.01 m/s =
  /// 1 pt/s) for 0.5 s, so the snap's spring may stop short of its point by up to that speed
  /// over its angular frequency, a fraction of a point (0.5 pt bounds it).
  public static let snapRest = Tolerance("a snapped item's rest from its point, pt", 0.5, .absolute)
}
