import Foundation
import HTTPTypes
import HealthServer
import Hummingbird
import Logging
import NIOEmbedded
import Synchronization

/// Asks the router's routes what they accept, as a client would learn it (black box): the query parameters a route
/// knows, from its refusal of an unknown one (`QueryParameters` lists the known names), and whether it reads a request
/// body, from a body that records being read. Requests go to the router's responder (middlewares included) without a
/// socket; an answer's body is read only when it is an error, so a stream (`/observe`) is never waited for.
///
/// The one place the tests learn a route's parameters: when requests come to own their option names, point
/// `acceptedQueryParameters` at those declarations instead.
struct RouteProbe {
    /// The unknown parameter sent to learn the known ones.
    static let unknownParameter = "ohkUnknownProbe"

    let responder: RouterResponder<ServerRequestContext>
    /// The bearer token for a route (the API's full-access client, the metrics token for `/metrics`).
    let token: @Sendable (_ path: String) -> String

    init(router: Router<ServerRequestContext>, token: @escaping @Sendable (_ path: String) -> String) {
        self.responder = router.buildResponder()
        self.token = token
    }

    /// An answer: its status and, for an error, its body's text; and whether the route read the request's body.
    struct Answer {
        let status: HTTPResponse.Status
        let errorText: String
        let readBody: Bool
    }

    /// The names a route lists when refusing `unknownParameter`; nil when it does not refuse it (it ignores unknown
    /// parameters, or fails before looking at them). `body` is sent with the request (a route that reads its body
    /// before its parameters needs a valid one).
    func acceptedQueryParameters(
        _ method: HTTPRequest.Method, _ path: String, body: (contentType: String, text: String)?
    ) async throws -> Set<String>? {
        let answer = try await ask(method, path + "?\(Self.unknownParameter)=1", body: body)
        guard answer.status == .badRequest, answer.errorText.contains(Self.unknownParameter),
            let list = answer.errorText.firstMatch(of: /known: ([^)]*)\)/)?.1
        else { return nil }
        return Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    /// Whether the route reads a request body when asked with `query` (which should get it past its parameter checks).
    func readsBody(
        _ method: HTTPRequest.Method, _ path: String, query: String, contentType: String
    ) async throws -> Bool {
        try await ask(method, path + query, body: (contentType, "{}")).readBody
    }

    /// One request through the router.
    func ask(
        _ method: HTTPRequest.Method, _ pathAndQuery: String, body: (contentType: String, text: String)?
    ) async throws -> Answer {
        var fields: HTTPFields = [.authorization: "Bearer \(token(String(pathAndQuery.prefix { $0 != "?" })))"]
        let recording = RecordingBody(bytes: Array((body?.text ?? "").utf8))
        if let body {
            fields[.contentType] = body.contentType
            fields[.contentLength] = String(body.text.utf8.count)
        }
        let request = Request(
            head: HTTPRequest(
                method: method, scheme: "http", authority: "localhost", path: pathAndQuery, headerFields: fields),
            body: RequestBody(asyncSequence: recording))
        var logger = Logger(label: "ohk.test.probe")
        logger.logLevel = .critical
        let context = ServerRequestContext(source: .init(channel: NIOAsyncTestingChannel(), logger: logger))
        let response = try await responder.respond(to: request, context: context)
        var errorText = ""
        if response.status.code >= 400 {
            let collector = BodyCollector()
            try await response.body.write(collector.writer)
            errorText = collector.text
        }
        return Answer(status: response.status, errorText: errorText, readBody: recording.wasRead)
    }
}

/// A request body that notes whether anyone began reading it.
private struct RecordingBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let bytes: [UInt8]
    private let read = ReadFlag()

    init(bytes: [UInt8]) { self.bytes = bytes }

    var wasRead: Bool { read.value.withLock { $0 } }

    func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes, read: read) }

    struct Iterator: AsyncIteratorProtocol {
        var bytes: [UInt8]?
        let read: ReadFlag

        init(bytes: [UInt8], read: ReadFlag) {
            self.bytes = bytes
            self.read = read
        }

        mutating func next() async throws -> ByteBuffer? {
            read.value.withLock { $0 = true }
            defer { bytes = nil }
            return bytes.map { ByteBuffer(bytes: $0) }
        }
    }

    final class ReadFlag: Sendable {
        let value = Mutex(false)
    }
}

/// Collects a response body's bytes.
private struct BodyCollector {
    private let buffer = Buffer()

    var writer: Writer { Writer(buffer: buffer) }
    var text: String { buffer.bytes.withLock { String(decoding: $0, as: UTF8.self) } }

    final class Buffer: Sendable {
        let bytes = Mutex<[UInt8]>([])
    }

    struct Writer: ResponseBodyWriter {
        let buffer: Buffer

        mutating func write(_ part: ByteBuffer) async throws {
            buffer.bytes.withLock { $0 += part.readableBytesView }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
