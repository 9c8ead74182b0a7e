/// A CSV text's rows as cells (RFC 4180: a cell in double quotes may hold commas, line breaks
/// and doubled quotes), the header row included: how the tests read `feel`'s CSV outputs.
public func csvRows(_ text: String) -> [[String]] {
  var rows: [[String]] = []
  var row: [String] = []
  var cell = ""
  var quoted = false
  var characters = text.makeIterator()
  var pending: Character? = nil
  while let c = pending ?? characters.next() {
    pending = nil
    if quoted {
      if c == "\"" {
        let next = characters.next()
        if next == "\"" {
          cell.append("\"")
        } else {
          quoted = false
          pending = next
        }
      } else {
        cell.append(c)
      }
      continue
    }
    switch c {
    case "\"": quoted = true
    case ",":
      row.append(cell)
      cell = ""
    case "\n":
      row.append(cell)
      rows.append(row)
      row = []
      cell = ""
    default: cell.append(c)
    }
  }
  if !cell.isEmpty || !row.isEmpty { rows.append(row + [cell]) }
  return rows
}

/// A scene file's text without its `[[touch]]` sections (each up to the next table): a scene
/// whose drags and touch rules wait for live fingers.
public func withoutTouchSections(_ text: String) -> String {
  var kept: [Substring] = []
  var inTouch = false
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("[") { inTouch = line.hasPrefix("[[touch]]") }
    if !inTouch { kept.append(line) }
  }
  return kept.joined(separator: "\n")
}
