/// A springy list's scene text (docs/springy-list.md) for the tests of the scroll and the list
/// metrics: `count` cells "c0"… of 300 × 44 pt with 8 pt gaps from y = 100, alternately at
/// x = 170 and 205, each on a length-0 spring "s0"… to its layout position, and a scroll "list"
/// over them (`scroll`: more of its keys as written), on a 375 × 812 pt screen; then `touches`
/// as written.
public func springyListText(
  count: Int, duration: Double, damping: Double, frequency: Double, scroll: String = "",
  touches: String
) -> String {
  var text = "duration = \(duration)\nreference_size = [375, 812]\n"
  for i in 0..<count {
    let x = i % 2 == 0 ? 170.0 : 205.0
    let y = 100.0 + 52 * Double(i)
    text += """
      [[item]]
      id = "c\(i)"
      size = [300, 44]
      center = [\(x), \(y)]

      [[behavior]]
      id = "s\(i)"
      type = "attachment"
      items = ["c\(i)"]
      anchor = [\(x), \(y)]
      length = 0
      damping = \(damping)
      frequency = \(frequency)

      """
  }
  let ids = (0..<count).map { "\"c\($0)\"" }.joined(separator: ", ")
  return text + """
    [[behavior]]
    id = "list"
    type = "scroll"
    items = [\(ids)]
    \(scroll)

    \(touches)

    """
}
