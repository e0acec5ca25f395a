import HealthReports
import Hummingbird

/// JSON responses from the ordered `JSONValue` of HealthReports (the same writer as `ohk … --format json`).
enum JSONResponse {
    /// A response with a JSON body.
    static func make(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        var text = value.text
        text += "\n"
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
