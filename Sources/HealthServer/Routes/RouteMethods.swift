import HTTPTypes
import Hummingbird
import Synchronization

/// The methods each path of the router answers, so that a request with another method at a known path is answered
/// 405 Method Not Allowed with an `Allow` header (RFC 9110, 15.5.6), not 404 as for a path that does not exist.
///
/// Filled once, when `HealthServer.router()` has registered every route (`ErrorMiddleware`, which turns errors into
/// answers, is added before the routes and reads it per request).
final class RouteMethods: Sendable {
    private let table = Mutex<[String: [HTTPRequest.Method]]>([:])

    /// Records the router's routes.
    func record(_ routes: [Router<ServerRequestContext>.RouteDescription]) {
        let grouped = Dictionary(grouping: routes, by: { $0.path.description }).mapValues { $0.map(\.method) }
        table.withLock { $0 = grouped }
    }

    /// The methods answered at `path` (empty: no route has this path).
    func methods(at path: String) -> [HTTPRequest.Method] {
        table.withLock { $0[path] ?? [] }
    }
}
