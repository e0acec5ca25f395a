import HTTPTypes
import HealthModel
import Hummingbird

/// The outermost middleware: gives every request an id of 128 random bits, in every log line of the request (as
/// `hb.request.id`, which is also `context.id` and the error body's `requestId`) and in the response's `X-Request-Id`.
///
/// Hummingbird's own request id is a counter shared by the process: two of one client's ids would tell it how many
/// requests everybody else made in between (issue 17).
struct RequestIDMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.logger[metadataKey: "hb.request.id"] = .string(Self.randomIdentifier())
        var response = try await next(request, context)
        response.headers[Self.header] = context.id
        return response
    }

    private static let header = HTTPField.Name("X-Request-Id")!

    /// A request id: 32 hex digits of a random version 4 UUID (no counter, no clock).
    static func randomIdentifier() -> String {
        withUnsafeBytes(of: RandomUUID.makeVersion4().uuid) { bytes in
            var text = ""
            text.reserveCapacity(32)
            for byte in bytes {
                text.append(Self.hexDigits[Int(byte >> 4)])
                text.append(Self.hexDigits[Int(byte & 0x0F)])
            }
            return text
        }
    }

    private static let hexDigits: [Character] = Array("0123456789abcdef")
}
