import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// One element of a parsed XML document, with the line its start tag begins on.
struct XMLNode: Sendable {
  /// The local name (`path`), without a prefix.
  var name: String
  /// The namespace URI; "" for none.
  var namespace: String
  /// Attributes by qualified name (`fill`, `xlink:href`).
  var attributes: [String: String]
  /// 1-based line of the start tag's `<`.
  var line: Int
  var children: [XMLNode] = []
}

/// Foundation's XMLParser (libxml2 underneath; FoundationXML on Linux) reading a whole
/// document into `XMLNode`s. No external entities are loaded.
enum XMLTree {
  /// The root element, or where and why the XML is malformed.
  static func parse(_ data: Data) -> Result<XMLNode, XMLFailure> {
    let parser = XMLParser(data: data)
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    let builder = Builder(data: data)
    parser.delegate = builder
    let ok = parser.parse()
    // XMLParser may return true after an error at the end of the document: check both.
    if !ok || parser.parserError != nil || builder.depthExceeded {
      let code = (parser.parserError as NSError?)?.code ?? 0
      if builder.depthExceeded {
        return .failure(
          XMLFailure(
            line: builder.depthLine, column: nil,
            reason: "nesting deeper than \(Builder.maximumDepth) elements"))
      }
      return .failure(
        XMLFailure(line: parser.lineNumber, column: parser.columnNumber, reason: reason(code)))
    }
    guard let root = builder.root else {
      return .failure(
        XMLFailure(line: nil, column: nil, reason: "malformed XML: the document has no element"))
    }
    return .success(root)
  }

  /// libxml2's error numbers (XMLParser.ErrorCode's raw values) in words.
  static func reason(_ code: Int) -> String {
    let words: [Int: String] = [
      4: "the document is empty", 5: "the document ends before its elements are closed",
      9: "a character XML does not allow", 26: "an undeclared entity",
      38: "'<' inside an attribute value", 39: "an attribute value without quotes",
      40: "an attribute value that is not closed", 41: "an attribute without a value",
      42: "an attribute given twice", 64: "a malformed XML declaration",
      65: "a missing space", 73: "a missing '>'",
      76: "an end tag that does not match its start tag",
      85: "extra content after the root element", 89: "entities that expand too far",
    ]
    return "malformed XML: " + (words[code] ?? "libxml2 error \(code)")
  }

  private final class Builder: NSObject, XMLParserDelegate {
    static let maximumDepth = 256
    let lineStarts: [Int]
    let bytes: [UInt8]
    var stack: [XMLNode] = []
    var root: XMLNode?
    var depthExceeded = false
    var depthLine: Int?

    init(data: Data) {
      bytes = Array(data)
      var starts = [0]
      for (i, byte) in bytes.enumerated() where byte == 0x0A { starts.append(i + 1) }
      lineStarts = starts
    }

    /// The line of the `<` that starts the tag ending at (line, column): XMLParser reports
    /// where the start tag ends; attribute values cannot hold '<', so the nearest one before
    /// is this tag's.
    func startLine(endLine: Int, endColumn: Int) -> Int {
      guard endLine >= 1, endLine <= lineStarts.count else { return max(endLine, 1) }
      // Walk to the column (1-based, in characters): the next character to read.
      var offset = lineStarts[endLine - 1]
      var remaining = endColumn - 1
      while remaining > 0, offset < bytes.count, bytes[offset] != 0x0A {
        offset += 1
        while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
        remaining -= 1
      }
      // Back from the last character read to the tag's '<'.
      var i = min(offset - 1, bytes.count - 1)
      while i > 0, bytes[i] != UInt8(ascii: "<") { i -= 1 }
      var line = endLine
      while line > 1, lineStarts[line - 1] > i { line -= 1 }
      return line
    }

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
      if stack.count >= Self.maximumDepth {
        if !depthExceeded { depthLine = parser.lineNumber }
        depthExceeded = true
        parser.abortParsing()
        return
      }
      let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
      stack.append(
        XMLNode(
          name: local, namespace: namespaceURI ?? "", attributes: attributeDict,
          line: startLine(endLine: parser.lineNumber, endColumn: parser.columnNumber)))
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?
    ) {
      guard let node = stack.popLast() else { return }
      if stack.isEmpty {
        root = node
      } else {
        stack[stack.count - 1].children.append(node)
      }
    }
  }
}

/// Where and why an SVG file is not well-formed XML.
struct XMLFailure: Error, Sendable {
  var line: Int?
  var column: Int?
  var reason: String
}
