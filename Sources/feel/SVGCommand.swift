import ArgumentParser
import FeelCommandSupport
import FeelSVG
import FeelScene
import Foundation

/// `feel svg FILE.svg`: an SVG file's shapes as Core Graphics code (Swift, Objective-C), JSON
/// for other tools, or the canvas data the notebook draws (docs/svg.md). Reads the file, calls
/// FeelSVG, prints or writes the result; warnings go to standard error.
struct SVGCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "svg",
    abstract: "Convert an SVG file's shapes to Core Graphics code, JSON or canvas data.",
    discussion: """
      Paths, rects, circles, ellipses, lines, polylines and polygons become absolute move, line, \
      cubic curve and close commands with every transform applied (arcs within 0.01 pt), in the \
      view box's units; fill, stroke and opacity come along. Anything else (text, gradients, \
      masks, images) is skipped with a warning. docs/svg.md has the formats.
      """
  )

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case swift, objc, json, canvas
  }

  @Argument(help: "The SVG file.")
  var file: String

  @Option(name: .customLong("to"), help: "Output: swift (default), objc, json or canvas.")
  var format: Format = .swift

  @Option(help: "The generated functions' name (default: from the file name, lowerCamelCase).")
  var name: String?

  @Option(help: "Scale the view box by S (coordinates from 0, 0).")
  var scale: Double?

  @Option(help: ArgumentHelp("Fit the view box into W,H points, centred.", valueName: "W,H"))
  var fit: String?

  @Option(help: "Write to this file (atomically) instead of standard output.")
  var output: String?

  func run() throws {
    var options = SVGReadOptions()
    switch (scale, fit) {
    case (.some, .some): throw FeelError("--scale and --fit: expected one of them, got both")
    case (.some(let factor), nil):
      guard factor > 0, factor.isFinite else {
        throw FeelError("--scale: expected a positive number, got \(factor)")
      }
      options.sizing = .scale(factor)
    case (nil, .some(let text)):
      let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
        width > 0, height > 0, width.isFinite, height.isFinite
      else { throw FeelError("--fit: expected W,H (two positive numbers, pt), got '\(text)'") }
      options.sizing = .fit(width_pt: width, height_pt: height)
    case (nil, nil): break
    }
    let glyphName = name ?? SVGGlyphName.from(fileName: file)
    guard SVGGlyphName.isValid(glyphName) else {
      throw FeelError(
        "--name: expected an identifier (ASCII letters, digits, _; not a keyword), got '\(glyphName)'"
      )
    }
    let text = try InputFile.text(file, .svg)
    let document: SVGDocument
    do {
      document = try SVGReader.read(Data(text.utf8), options: options)
    } catch {
      throw FeelError("\(file): \(error.description)", detail: error.context)
    }
    for warning in document.warnings {
      FileHandle.standardError.write(Data("feel: warning: \(file): \(warning)\n".utf8))
    }
    let origin = (["feel svg"] + CommandLine.arguments.dropFirst(2)).joined(separator: " ")
    let input = SVGEmitInput(document: document, name: glyphName, origin: origin)
    let result: String
    switch format {
    case .swift: result = SwiftEmitter.emit(input)
    case .objc: result = ObjectiveCEmitter.emit(input)
    case .json: result = SVGJSON(input).text
    case .canvas: result = CanvasEmitter.emit(input)
    }
    try OutputText.write(result, to: output ?? "-", what: "the output")
  }
}
