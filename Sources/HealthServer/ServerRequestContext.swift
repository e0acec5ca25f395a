import HealthRegistry
import Hummingbird
import NIOCore
import Synchronization

/// A request's context: Hummingbird's core (logger with the request id, parameters), the connection's peer and the
/// client its token named.
public struct ServerRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's part.
    public var coreContext: CoreRequestContextStorage
    /// Shared by every copy of the context made for this request, so that the log middleware (outside) learns the
    /// client that `TokenAuthenticator` found and the error code `ErrorMiddleware` answered with (both further in).
    private let identity = RequestIdentity()

    /// The connection's peer (nil when the request did not come over a socket); the rate limits of requests without a
    /// token count per address.
    public let remoteAddress: SocketAddress?
    /// The connection, to stop reading a refused request's body.
    private let channel: any Channel

    /// A context for a new request.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }

    /// Stops reading the connection: what is left of the request's body is not read (nor drained, as it would be to
    /// keep the connection for another request), and the connection closes once the answer is written. For refusals
    /// of requests whose body the server will not read: an endless or trickled body then holds nothing. The answer
    /// says `Connection: close` (`ErrorMiddleware` adds it), so that the client does not send its next request on a
    /// connection whose unread body bytes the server would take for a malformed request and answer with a bare 400
    /// (seen under load: the next request of schemathesis got that 400 instead of its own answer).
    func stopReading() {
        identity.stoppedReading.withLock { $0 = true }
        channel.close(mode: .input, promise: nil)
    }

    /// Whether `stopReading()` was called for this request: its answer must close the connection.
    var stoppedReading: Bool { identity.stoppedReading.withLock { $0 } }

    /// The authenticated client, set by `TokenAuthenticator`.
    public var client: RegisteredClient? {
        get { identity.client.withLock { $0 } }
        nonmutating set { identity.client.withLock { $0 = newValue } }
    }

    /// The code of the error the request was answered with, set by `ErrorMiddleware`.
    var errorCode: String? {
        get { identity.errorCode.withLock { $0 } }
        nonmutating set { identity.errorCode.withLock { $0 = newValue } }
    }

    /// The authenticated client; fails when the route was reached without one.
    func requireClient() throws(HealthServerError) -> RegisteredClient {
        guard let client else { throw .unauthorized("a bearer token is required") }
        return client
    }
}

/// The client of one request, the code of its error and whether its body was left unread, shared by the copies of its
/// context.
final class RequestIdentity: Sendable {
    let client = Mutex<RegisteredClient?>(nil)
    let errorCode = Mutex<String?>(nil)
    let stoppedReading = Mutex(false)
}
