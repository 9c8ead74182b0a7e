/// Many similar texts written compactly: each text is cut at its numbers into fixed pieces
/// and number tokens. Texts whose pieces are the same share one *shape* (a table entry), and
/// a number that is the same in every text of a shape is folded into the shape's pieces. A
/// text is then its shape's index and its remaining numbers, joined by spaces; the page
/// rebuilds it as pieces[0] + n[0] + pieces[1] + … + pieces[last] (exactly the text: the cut
/// loses nothing).
public struct TextTemplateCodec: Sendable, Equatable {
  /// Each shape's pieces: one more than its numbers.
  public var shapes: [[String]]
  /// Each text as (shape index, its numbers joined by single spaces; "" when none).
  public var encoded: [(shape: Int, numbers: String)]

  public static func == (a: Self, b: Self) -> Bool {
    a.shapes == b.shapes && a.encoded.map(\.shape) == b.encoded.map(\.shape)
      && a.encoded.map(\.numbers) == b.encoded.map(\.numbers)
  }

  /// Encodes `texts` (in order).
  public init(_ texts: [String]) {
    let cut = texts.map(Self.cut)
    // Shapes by their pieces before folding, in order of first use.
    var shapeOf: [[String]: Int] = [:]
    var rawShapes: [[String]] = []
    var members: [[Int]] = []
    for (t, c) in cut.enumerated() {
      if let s = shapeOf[c.pieces] {
        members[s].append(t)
      } else {
        shapeOf[c.pieces] = rawShapes.count
        rawShapes.append(c.pieces)
        members.append([t])
      }
    }
    var shapes: [[String]] = []
    var encoded = Array(repeating: (shape: 0, numbers: ""), count: texts.count)
    for (s, pieces) in rawShapes.enumerated() {
      let first = cut[members[s][0]].numbers
      let varying = first.indices.filter { n in
        members[s].contains { cut[$0].numbers[n] != first[n] }
      }
      var folded: [String] = []
      var text = pieces[0]
      for n in first.indices {
        if varying.contains(n) {
          folded.append(text)
          text = ""
        } else {
          text += first[n]
        }
        text += pieces[n + 1]
      }
      folded.append(text)
      shapes.append(folded)
      for t in members[s] {
        encoded[t] = (s, varying.map { cut[t].numbers[$0] }.joined(separator: " "))
      }
    }
    self.shapes = shapes
    self.encoded = encoded
  }

  /// Text `index` rebuilt from its shape and numbers.
  public func text(_ index: Int) -> String {
    let pieces = shapes[encoded[index].shape]
    let numbers = encoded[index].numbers.split(separator: " ").map(String.init)
    var out = pieces[0]
    for (n, number) in numbers.enumerated() { out += number + pieces[n + 1] }
    return out
  }

  /// `text` cut into pieces and the numbers between them (pieces.count = numbers.count + 1).
  /// A number: an optional minus sign (not after a letter or digit), digits, an optional
  /// fraction and an optional exponent.
  static func cut(_ text: String) -> (pieces: [String], numbers: [String]) {
    let chars = Array(text.unicodeScalars)
    func isDigit(_ i: Int) -> Bool { i < chars.count && ("0"..."9").contains(chars[i]) }
    func isWordy(_ i: Int) -> Bool {
      i >= 0 && (chars[i].properties.isAlphabetic || isDigit(i) || chars[i] == "_")
    }
    var pieces: [String] = []
    var numbers: [String] = []
    var piece = String.UnicodeScalarView()
    var i = 0
    while i < chars.count {
      let signed = chars[i] == "-" && isDigit(i + 1) && !isWordy(i - 1)
      guard (isDigit(i) && !isWordy(i - 1)) || signed else {
        piece.append(chars[i])
        i += 1
        continue
      }
      var j = signed ? i + 1 : i
      while isDigit(j) { j += 1 }
      if j < chars.count, chars[j] == ".", isDigit(j + 1) {
        j += 1
        while isDigit(j) { j += 1 }
      }
      if j < chars.count, chars[j] == "e" || chars[j] == "E" {
        var k = j + 1
        if k < chars.count, chars[k] == "+" || chars[k] == "-" { k += 1 }
        if isDigit(k) {
          j = k
          while isDigit(j) { j += 1 }
        }
      }
      pieces.append(String(piece))
      piece = String.UnicodeScalarView()
      numbers.append(String(String.UnicodeScalarView(chars[i..<j])))
      i = j
    }
    pieces.append(String(piece))
    return (pieces, numbers)
  }
}
