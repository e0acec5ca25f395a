import HealthWire
import Hummingbird

/// JSON responses: a wire type (`HealthWire`) written by `WireEncoder`, which keeps the documented key order (the same
/// writer as `ohk … --format json`).
enum JSONResponse {
    /// A response with a JSON body.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        var text = WireEncoder().text(value)
        text += "\n"
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
