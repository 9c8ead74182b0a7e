import FeelCore
import FeelSVG
import FeelTestSupport
import Foundation
import Testing

/// Reads an SVG document given as text.
func read(_ text: String, sizing: SVGSizing = .viewBox) throws(SVGReadError) -> SVGDocument {
  try SVGReader.read(Data(text.utf8), options: SVGReadOptions(sizing: sizing))
}

/// An SVG document with a 100 × 100 view box around `body`.
func svg(_ body: String, attributes: String = "") -> String {
  "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\"\(attributes)>\n\(body)\n</svg>"
}

/// Every on-curve and control point of `commands`, in order.
func points(_ commands: [PathCommand]) -> [Point] {
  commands.flatMap { c -> [Point] in
    let n = c.numbers
    return stride(from: 0, to: n.count, by: 2).map { Point(n[$0], n[$0 + 1]) }
  }
}

@Suite struct ShapeTests {
  @Test func rectWithoutCorners() throws {
    let doc = try read(svg("<rect x=\"10\" y=\"20\" width=\"30\" height=\"40\"/>"))
    expectCommands(
      doc.paths[0].commands,
      [("M", [10, 20]), ("L", [40, 20]), ("L", [40, 60]), ("L", [10, 60]), ("Z", [])], "rect")
  }

  /// rx alone sets ry too; each corner is a quarter ellipse between the straight sides.
  @Test func rectWithRx() throws {
    let doc = try read(svg("<rect x=\"0\" y=\"0\" width=\"40\" height=\"20\" rx=\"5\"/>"))
    let commands = doc.paths[0].commands
    #expect(commands.first == .move(Point(5, 0)))
    #expect(commands.contains(.line(Point(35, 0))))
    #expect(commands.contains(.line(Point(40, 15))))
    #expect(commands.contains(.line(Point(5, 20))))
    #expect(commands.contains(.line(Point(0, 5))))
    // Corner samples on the circle of radius 5 about (35, 5) etc.
    let corners = [Point(35, 5), Point(35, 15), Point(5, 15), Point(5, 5)]
    var current = Point.zero
    for command in commands {
      if case .curve(let c1, let c2, let p) = command {
        let centre = corners.min {
          $0.distance(to: p) + $0.distance(to: current) < $1.distance(to: p)
            + $1.distance(to: current)
        }!
        for i in 0...16 {
          let t = Double(i) / 16
          let m = 1 - t
          let b =
            (m * m * m) * current + (3 * m * m * t) * c1 + (3 * m * t * t) * c2 + (t * t * t) * p
          #expect(abs(b.distance(to: centre) - 5) <= 0.01)
        }
      }
      if let last = points([command]).last { current = last }
    }
  }

  /// rx larger than half the width is clamped; ry follows rx.
  @Test func rectRadiiClamped() throws {
    let doc = try read(svg("<rect width=\"10\" height=\"40\" rx=\"8\"/>"))
    #expect(doc.paths[0].commands.first == .move(Point(5, 0)))
    #expect(doc.paths[0].commands.contains(.line(Point(10, 32))))
  }

  @Test func circleIsFourQuarterArcsOnTheCircle() throws {
    let doc = try read(svg("<circle cx=\"50\" cy=\"40\" r=\"30\"/>"))
    let commands = doc.paths[0].commands
    #expect(commands.first == .move(Point(80, 40)))
    #expect(commands.last == .close)
    for p in points(commands) where commands.count > 0 {
      _ = p
    }
    // On-curve points on the circle.
    for case .curve(_, _, let p) in commands {
      expectClose(p.distance(to: Point(50, 40)), 30, .pathArithmetic, "on-curve radius")
    }
  }

  @Test func ellipseLinePolylinePolygon() throws {
    let doc = try read(
      svg(
        """
        <ellipse cx="50" cy="50" rx="40" ry="10"/>
        <line x1="1" y1="2" x2="3" y2="4"/>
        <polyline points="0,0 10,0 10,10"/>
        <polygon points="0 0, 10 0, 10 10"/>
        """))
    #expect(doc.paths.map(\.element) == ["ellipse", "line", "polyline", "polygon"])
    #expect(doc.paths[0].commands.first == .move(Point(90, 50)))
    expectCommands(doc.paths[1].commands, [("M", [1, 2]), ("L", [3, 4])], "line")
    expectCommands(
      doc.paths[2].commands, [("M", [0, 0]), ("L", [10, 0]), ("L", [10, 10])], "polyline")
    expectCommands(
      doc.paths[3].commands, [("M", [0, 0]), ("L", [10, 0]), ("L", [10, 10]), ("Z", [])],
      "polygon")
  }

  /// Zero sizes draw nothing, silently (as in a browser); negative ones draw nothing with a
  /// warning.
  @Test func degenerateShapes() throws {
    let doc = try read(
      svg(
        """
        <rect width="0" height="10"/>
        <circle r="0"/>
        <rect width="-5" height="10"/>
        <circle r="-1"/>
        """))
    #expect(doc.paths.isEmpty)
    #expect(doc.warnings.map(\.line) == [4, 5])
  }

  @Test func lengthUnits() throws {
    let doc = try read(svg("<rect x=\"1in\" y=\"3pt\" width=\"50%\" height=\"2.54cm\"/>"))
    expectCommands(
      doc.paths[0].commands,
      [("M", [96, 4]), ("L", [146, 4]), ("L", [146, 100]), ("L", [96, 100]), ("Z", [])],
      "units: 1in = 96, 3pt = 4, 50% of 100, 2.54cm = 96")
  }
}

@Suite struct TransformTests {
  /// Group and element transforms compose outer × inner; expected points by hand.
  @Test func nestedTransforms() throws {
    let doc = try read(
      svg(
        """
        <g transform="translate(10,20)">
          <g transform="scale(2)">
            <path transform="rotate(90 5 5)" d="M5 0 L10 5"/>
          </g>
        </g>
        """))
    // rotate(90 about (5,5)): (5,0) → (10,5); (10,5) → (5,10). Then ×2, then +(10,20).
    expectCommands(doc.paths[0].commands, [("M", [30, 30]), ("L", [20, 40])], "nested")
  }

  @Test func matrixSkewAndLists() throws {
    let doc = try read(
      svg(
        """
        <path transform="matrix(1 2 3 4 5 6)" d="M1 1"/>
        <path transform="skewX(45)" d="M0 10"/>
        <path transform="skewY(45)" d="M10 0"/>
        <path transform="translate(1) scale(2,3)" d="M1 1"/>
        <path transform=" translate( 1 , 1 ) , rotate(180)" d="M1 0"/>
        """))
    expectCommands(doc.paths[0].commands, [("M", [9, 12])], "matrix: (1+3+5, 2+4+6)")
    expectCommands(doc.paths[1].commands, [("M", [10, 10])], "skewX(45): x + y")
    expectCommands(doc.paths[2].commands, [("M", [10, 10])], "skewY(45): y + x")
    expectCommands(doc.paths[3].commands, [("M", [3, 3])], "translate(1) scale(2,3)")
    expectCommands(doc.paths[4].commands, [("M", [0, 1])], "translate then rotate(180)")
  }

  /// Output sizing: --scale moves the view box's origin to 0 and scales; --fit centres.
  @Test func viewBoxScaleAndFit() throws {
    let text =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"10 20 40 20\"><path d=\"M10 20L50 40\"/></svg>"
    let plain = try read(text)
    #expect(plain.viewBox == SVGRect(x: 10, y: 20, width: 40, height: 20))
    expectCommands(plain.paths[0].commands, [("M", [10, 20]), ("L", [50, 40])], "view box units")
    let scaled = try read(text, sizing: .scale(2))
    #expect(scaled.viewBox == SVGRect(x: 0, y: 0, width: 80, height: 40))
    expectCommands(scaled.paths[0].commands, [("M", [0, 0]), ("L", [80, 40])], "scale 2")
    let fitted = try read(text, sizing: .fit(width_pt: 100, height_pt: 100))
    // 40 × 20 into 100 × 100: ×2.5 → 100 × 50, centred: y offset 25.
    expectCommands(fitted.paths[0].commands, [("M", [0, 25]), ("L", [100, 75])], "fit 100,100")
  }

  /// The stroke width scales with a uniform transform; a non-uniform one gets a warning.
  @Test func strokeWidthUnderTransforms() throws {
    let doc = try read(
      svg(
        """
        <g stroke="#000" stroke-width="2" transform="scale(3)"><path d="M0 0L1 1"/></g>
        <path stroke="#000" transform="scale(2 1)" d="M0 0L1 1"/>
        """))
    #expect(doc.paths[0].style.strokeWidth_pt == 6)
    #expect(doc.warnings.count == 1)
    #expect(doc.warnings[0].line == 3 && doc.warnings[0].message.contains("non-uniform"))
  }
}

@Suite struct StyleTests {
  @Test func defaults() throws {
    let style = try read(svg("<path d=\"M0 0L1 1\"/>")).paths[0].style
    #expect(style == SVGPaintStyle())
    #expect(style.fill?.hex == "#000000" && style.stroke == nil)
  }

  /// Group attributes inherit; `style` beats attributes; `inherit`; currentColor from `color`.
  @Test func inheritanceAndStyleAttribute() throws {
    let doc = try read(
      svg(
        """
        <g fill="red" stroke="blue" stroke-width="3" stroke-linecap="round" stroke-linejoin="bevel"
           stroke-miterlimit="7" fill-rule="evenodd" color="#00ff00">
          <path d="M0 0L1 1"/>
          <path fill="green" style="fill: #123456; stroke:none" d="M0 0L1 1"/>
          <g fill="none"><path fill="inherit" d="M0 0L1 1"/></g>
          <path fill="currentColor" stroke="currentColor" d="M0 0L1 1"/>
        </g>
        """))
    let s = doc.paths.map(\.style)
    #expect(s[0].fill?.hex == "#ff0000" && s[0].stroke?.hex == "#0000ff")
    #expect(s[0].strokeWidth_pt == 3 && s[0].lineCap == .round && s[0].lineJoin == .bevel)
    #expect(s[0].miterLimit == 7 && s[0].fillRule == .evenodd)
    #expect(s[1].fill?.hex == "#123456" && s[1].stroke == nil)
    #expect(s[2].fill == nil)
    #expect(s[3].fill?.hex == "#00ff00" && s[3].stroke?.hex == "#00ff00")
    #expect(doc.warnings.isEmpty)
  }

  /// Opacity multiplies down groups (not inherited as a value); colour alpha folds into the
  /// fill and stroke opacities.
  @Test func opacities() throws {
    let doc = try read(
      svg(
        """
        <g opacity="0.5"><path opacity="0.5" fill="rgba(255,0,0,0.5)" fill-opacity="0.5" d="M0 0L1 1"/></g>
        <path stroke="#ff000080" stroke-opacity="50%" d="M0 0L1 1"/>
        """))
    let s = doc.paths.map(\.style)
    #expect(s[0].opacity == 0.25 && s[0].fillOpacity == 0.25)
    expectClose(s[1].strokeOpacity, 0.5 * 128 / 255, .pathArithmetic, "stroke opacity")
    #expect(s[1].opacity == 1)
    #expect(doc.warnings.isEmpty)
    // A group's or the root's opacity over two painted paths: applied to each, with a warning.
    let group = try read(
      svg("<path d=\"M0 0L1 1\"/><path d=\"M0 0L2 2\"/>", attributes: " opacity=\"0.5\""))
    #expect(group.paths.map(\.style.opacity) == [0.5, 0.5])
    #expect(group.warnings.map(\.line) == [1] && group.warnings[0].message.contains("separately"))
  }

  @Test(arguments: [
    ("#abc", "#aabbcc"), ("#A1B2C3", "#a1b2c3"), ("rgb(255, 0, 128)", "#ff0080"),
    ("rgb(100%,50%,0%)", "#ff8000"), ("hsl(120, 100%, 25%)", "#008000"),
    ("CornflowerBlue", "#6495ed"),
    ("rebeccapurple", "#663399"),
  ])
  func colours(_ text: String, _ hex: String) throws {
    #expect(SVGColor.parse(text)?.hex == hex)
  }

  /// Gradients and other unsupported paint are warned about, naming the element and line,
  /// and drawn with the fallback colour.
  @Test func unsupportedPaintAndProperties() throws {
    let doc = try read(
      svg(
        """
        <path fill="url(#g) #ff0000" d="M0 0L1 1"/>
        <path fill="url(#g)" d="M0 0L1 1"/>
        <path stroke="#000" stroke-dasharray="4 2" d="M0 0L1 1"/>
        <path fill="blurple" d="M0 0L1 1"/>
        """))
    #expect(doc.paths[0].style.fill?.hex == "#ff0000")
    #expect(doc.paths[1].style.fill == nil)
    #expect(doc.paths[3].style.fill?.hex == "#000000")
    #expect(doc.warnings.map(\.line) == [2, 3, 4, 5])
    #expect(doc.warnings[2].message.contains("stroke-dasharray"))
    #expect(doc.warnings[3].message.contains("blurple"))
  }

  @Test func displayAndVisibility() throws {
    let doc = try read(
      svg(
        """
        <g display="none"><path d="M0 0L1 1"/><text>x</text></g>
        <g style="visibility:hidden"><path d="M0 0L1 1"/><path visibility="visible" d="M0 0L2 2"/></g>
        """))
    #expect(doc.paths.count == 1)
    #expect(doc.paths[0].index == 3)
    #expect(doc.warnings.isEmpty)
  }
}

@Suite struct SkippedElementTests {
  /// Anything not drawn is skipped with a warning naming it and the line its start tag begins
  /// on; title/desc/metadata and other namespaces quietly.
  @Test func warningsNameElementAndLine() throws {
    let doc = try read(
      """
      <?xml version="1.0"?>
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:x="urn:example" viewBox="0 0 10 10">
        <title>t</title><desc>d</desc><metadata/>
        <x:thing/>
        <text
          x="1">hello</text>
        <defs><linearGradient id="g"/></defs>
        <image href="a.png"/><use href="#p"/>
        <path d="M0 0L1 1"/>
        <mask id="m"/><style>path { fill: red }</style><foo/>
      </svg>
      """)
    #expect(doc.paths.count == 1)
    #expect(
      doc.warnings.map(\.element) == ["text", "defs", "image", "use", "mask", "style", "foo"])
    #expect(doc.warnings.map(\.line) == [5, 7, 8, 8, 10, 10, 10])
    #expect(doc.warnings.allSatisfy { $0.message.hasPrefix("skipped") })
  }

  @Test func rootWithoutNamespace() throws {
    let doc = try read("<svg viewBox=\"0 0 1 1\"><path d=\"M0 0L1 1\"/></svg>")
    #expect(doc.paths.count == 1)
    #expect(doc.warnings.count == 1 && doc.warnings[0].message.contains("xmlns"))
  }

  @Test func noViewBox() throws {
    let sized = try read(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"48px\" height=\"0.5in\"/>")
    #expect(sized.viewBox == SVGRect(x: 0, y: 0, width: 48, height: 48))
    #expect(sized.warnings.isEmpty)
    let bare = try read("<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
    #expect(bare.viewBox == SVGRect(x: 0, y: 0, width: 300, height: 150))
    #expect(bare.warnings.count == 1)
  }
}

struct BadDocument: Sendable, CustomTestStringConvertible {
  var name: String
  var text: String
  var message: String
  var testDescription: String { name }
}

private let badDocuments: [BadDocument] = [
  BadDocument(
    name: "path numbering counts paths not drawn",
    text: svg("<defs><path d=\"M0 0\"/></defs>\n<path d=\"M60.482,613.46c0,x\"/>"),
    message: "path 2, offset 17: expected a number after 'c', got 'x'"),
  BadDocument(
    name: "malformed XML", text: "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g>\n</svg>",
    message: "line 3, column 7: malformed XML"),
  BadDocument(
    name: "empty file", text: "", message: "malformed XML"),
  BadDocument(
    name: "not SVG", text: "<html/>", message: "line 1: expected an <svg> root element, got <html>"),
  BadDocument(
    name: "bad viewBox", text: "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 0 10\"/>",
    message: "line 1: <svg> 'viewBox': expected a positive width and height, got '0 0 0 10'"),
  BadDocument(
    name: "viewBox with three numbers",
    text: "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10\"/>",
    message: "expected four numbers"),
  BadDocument(
    name: "bad transform", text: svg("<g transform=\"rotate(45, x)\"/>"),
    message: "line 2: <g> 'transform', offset 11: expected a number or ')' in 'rotate(…)', got 'x'"),
  BadDocument(
    name: "transform with a wrong count", text: svg("<g transform=\"rotate(1 2)\"/>"),
    message: "expected 1 or 3 numbers in 'rotate(…)', not 2"),
  BadDocument(
    name: "unknown transform", text: svg("<g transform=\"spin(4)\"/>"),
    message: "offset 0: expected a transform function"),
  BadDocument(
    name: "bad length", text: svg("<rect width=\"ten\" height=\"1\"/>"),
    message:
      "line 2: <rect> 'width', offset 0: expected a length (a number, unit optional), got 't'"),
  BadDocument(
    name: "font-relative unit", text: svg("<circle r=\"2em\"/>"),
    message: "<circle> 'r', offset 1: expected a unit of px"),
  BadDocument(
    name: "odd points", text: svg("<polygon points=\"1 2 3\"/>"),
    message:
      "polygon 1, offset 5: expected a y coordinate (the points are x y pairs), got the end of the data"
  ),
  BadDocument(
    name: "overflow after a transform",
    text: svg("<path transform=\"scale(1e300)\" d=\"M1e300 0\"/>"),
    message: "path 1 (line 2): its coordinates overflow"),
]

@Test(arguments: badDocuments)
func badDocument(_ c: BadDocument) {
  do {
    _ = try read(c.text)
    Issue.record("\(c.name): no error")
  } catch {
    #expect(error.description.contains(c.message), "\(c.name): \(error.description)")
  }
}
