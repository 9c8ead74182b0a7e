/// The Nelder–Mead simplex search in two dimensions (standard coefficients: reflection 1,
/// expansion 2, contraction ½, shrink ½), for smooth costs without derivatives.
enum NelderMead {
  /// A local minimum of `cost` near `start`, the first simplex spanning `step` along each
  /// axis. Stops when the simplex is smaller than `tolerance` on both axes or after
  /// `maxIterations`.
  static func minimize(
    _ cost: (SIMD2<Double>) -> Double, start: SIMD2<Double>, step: SIMD2<Double>,
    tolerance: Double, maxIterations: Int
  ) -> (point: SIMD2<Double>, value: Double) {
    var points = [start, start + SIMD2(step.x, 0), start + SIMD2(0, step.y)]
    var values = points.map(cost)
    for _ in 0..<maxIterations {
      let order = values.indices.sorted { values[$0] < values[$1] }
      points = order.map { points[$0] }
      values = order.map { values[$0] }
      let spread = SIMD2(
        max(abs(points[1].x - points[0].x), abs(points[2].x - points[0].x)),
        max(abs(points[1].y - points[0].y), abs(points[2].y - points[0].y)))
      if spread.x < tolerance && spread.y < tolerance { break }
      let centroid = (points[0] + points[1]) / 2
      let reflected = centroid + (centroid - points[2])
      let fr = cost(reflected)
      if fr < values[0] {
        let expanded = centroid + 2 * (centroid - points[2])
        let fe = cost(expanded)
        if fe < fr {
          points[2] = expanded
          values[2] = fe
        } else {
          points[2] = reflected
          values[2] = fr
        }
      } else if fr < values[1] {
        points[2] = reflected
        values[2] = fr
      } else {
        let outside = fr < values[2]
        let contracted =
          outside ? centroid + (reflected - centroid) / 2 : centroid + (points[2] - centroid) / 2
        let fc = cost(contracted)
        if fc < (outside ? fr : values[2]) {
          points[2] = contracted
          values[2] = fc
        } else {
          for i in 1...2 {
            points[i] = points[0] + (points[i] - points[0]) / 2
            values[i] = cost(points[i])
          }
        }
      }
    }
    let best = values.indices.min { values[$0] < values[$1] }!
    return (points[best], values[best])
  }
}
