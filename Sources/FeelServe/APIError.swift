import FeelCommandSupport
import FeelScene
import Hummingbird

/// Why a request gets no answer but an error (docs/http-api.md): every error is JSON
/// `{"error": "…"}` with the text `feel` prints after `feel: error: ` where there is one.
enum APIError: Error {
  /// 400: bad input, with the command line's message.
  case badRequest(String)
  /// 403: the same answer for every refusal; the reason goes to the log only.
  case forbidden(reason: String)
  /// 404: no such path (for a request that passed the access checks).
  case notFound
  /// 405: the path takes another method.
  case methodNotAllowed(allowed: String)
  /// 413: the request's body or the answer would pass a limit (`ServeLimits`); the message
  /// names it.
  case tooLarge(String)

  /// A `FeelError` from the shared loaders: 403 for a path outside the root, else 400 with its
  /// messages as `feel` prints them (each on one line).
  init(_ error: FeelError) {
    if error.isOutsideRoot {
      self = .forbidden(reason: error.description)
    } else {
      self = .badRequest(error.messages.map(MessageText.oneLine).joined(separator: "\n"))
    }
  }

  var status: HTTPResponse.Status {
    switch self {
    case .badRequest: .badRequest
    case .forbidden: .forbidden
    case .notFound: .notFound
    case .methodNotAllowed: .methodNotAllowed
    case .tooLarge: .contentTooLarge
    }
  }

  /// The body's message. Every 403 says the same, whatever the path or the reason.
  var message: String {
    switch self {
    case .badRequest(let text), .tooLarge(let text): text
    case .forbidden: APIError.forbiddenText
    case .notFound: "no such path on this server"
    case .methodNotAllowed(let allowed): "expected \(allowed) for this path"
    }
  }

  static let forbiddenText =
    "forbidden: this server answers requests with its token, from its own page (docs/studio.md)"

  /// The JSON response.
  var response: Response {
    var fields = ServeResponses.commonHeaders
    fields[.contentType] = "application/json; charset=utf-8"
    if case .methodNotAllowed(let allowed) = self { fields[.allow] = allowed }
    return Response(
      status: status, headers: fields,
      body: ResponseBody(
        byteBuffer: ByteBuffer(string: ServeResponses.writer.line(Body(error: message)))))
  }

  /// The body of every error answer.
  struct Body: Encodable {
    let error: String
  }
}
