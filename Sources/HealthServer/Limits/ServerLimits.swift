import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore

/// The budget of every request `ohk serve` accepts: sizes, counts, durations, requests open at once and request rates.
/// The defaults, here and nowhere else, suit one household's server on a small machine; each is an `ohk serve` flag
/// (`ServerLimit.flag`). Going over any of them is a 4xx JSON error naming the limit (`HealthServerError.limitExceeded`):
/// `{"error": {"status", "code": "limitExceeded", "limit", "maximum", "field"?, "message", "requestId"}}`, with
/// `Retry-After` on the 429s of the rates.
///
/// Why no separate "window length for fine intervals": a statistics collection's work, memory and answer grow with its
/// bucket count (the window divided by the interval) and with the samples in its window; the window alone costs
/// nothing with a coarse interval (ten years of days is 3,653 buckets), and the samples in any window are at most what
/// the person stored. So the window's length is limited exactly where it costs, through `maximumBuckets`; a second rule
/// on the window would only refuse cheap requests.
public struct ServerLimits: Sendable, Equatable {
    // MARK: Sizes

    /// The largest JSON request body, in bytes (larger: 413). Protects memory: a body is held whole while parsed, and
    /// its parsed form is several times larger.
    public var maximumBodyBytes = 8 * 1024 * 1024
    /// The largest export upload (`POST /import`), in bytes (larger: 413). Protects the disk: uploads are streamed to a
    /// file under the server directory, never held in memory.
    public var maximumUploadBytes = 4 * 1024 * 1024 * 1024
    /// The most samples one save may hold (`POST /samples`, `POST /ingest/health-auto-export`; more: 413). Protects
    /// the store's writer: one batch is one transaction that every other write of the person waits for.
    public var maximumBatchSamples = 10_000
    /// The most samples or changes one page may hold (`limit` of `/samples` and `/changes`; more: 400). Protects
    /// memory and answer time: a page is built whole before it is sent.
    public var maximumPageSize = 10_000
    /// The page size when a request gives no `limit`.
    public var defaultPageSize = 1_000
    /// The most buckets one statistics collection may have (`/statistics/collection`; more: 400). Protects memory and
    /// CPU: a collection costs about a kilobyte of memory and a hundred bytes of answer per bucket, so `interval=1s`
    /// over 40 days (3.5 million buckets) took 2.7 GB. 20,000 covers two years of hours or two weeks of minutes.
    public var maximumBuckets = 20_000

    // MARK: Durations

    /// The longest `wait` of a change feed long-poll (`/changes?wait=`), in seconds (longer: 400). Protects the count
    /// of requests held open: with `maximumLongPollsPerClient`, it bounds what one client keeps waiting.
    public var maximumWaitSeconds = 60
    /// The longest a JSON body or sign-in form may take to arrive, in seconds, counted from the request's head (slower:
    /// 408). Protects against a client trickling a body byte by byte (slowloris) to hold a request open.
    public var bodyTimeoutSeconds = 60
    /// How long a connection may stay silent, in seconds, while its request head or body is awaited or between
    /// requests (Hummingbird's idle timeout; the connection is then closed). Protects connections and file
    /// descriptors from clients that open a connection and send nothing, or stop half way.
    public var idleTimeoutSeconds = 30

    // MARK: Requests open at once

    /// The most change feed long-polls (`/changes` with `wait` above 0) one client (token) may have open at once (more:
    /// 429). Protects the server's tasks and store observers from one client.
    public var maximumLongPollsPerClient = 4
    /// The most `/observe` event streams one client (token) may have open at once (more: 429). Protects the server's
    /// tasks and store observers from one client.
    public var maximumStreamsPerClient = 4
    /// The most export imports (`POST /import`) running at once for one person (more: 429). Protects a person's store:
    /// an import holds its writer in long transactions.
    public var maximumImportsPerPerson = 1
    /// The most export imports running at once on the whole server (more: 429). Protects the disk (each upload is a
    /// file of up to `maximumUploadBytes`) and the CPU (an import keeps a core busy for minutes).
    public var maximumImports = 2

    // MARK: Rates

    /// The requests per second one client (token) may make on average (a token bucket; over it: 429 with
    /// `Retry-After`). Protects everyone else's share of the CPU and the store threads. A request costs 1, plus 1 per
    /// started mebibyte of body and 1 per `bucketsPerRequestCost` buckets of a statistics collection; the web page
    /// costs 5 (it runs several statistics).
    public var requestsPerSecond = 20.0
    /// How many requests (cost units) a client may make at once after being idle: the size of its token bucket.
    public var requestBurst = 40
    /// How many buckets of a statistics collection cost as much as one request.
    public var bucketsPerRequestCost = 1_000
    /// The requests per second one address may make without credentials (`/health`, `/metrics`, `/openapi.yaml`, the
    /// sign-in page; over it: 429 with `Retry-After`). Protects the server from anonymous floods, which no token
    /// bucket of a client sees.
    public var anonymousRequestsPerSecond = 10.0
    /// The burst of anonymous requests per address.
    public var anonymousBurst = 20
    /// The sign-in attempts per minute one address may make: every `POST /session` and `/?token=`, and every request
    /// whose token is refused (401); over it, every request with credentials from that address gets 429 with
    /// `Retry-After` before its token is checked. Protects tokens from guessing and the registry from floods of
    /// forged tokens.
    public var signInAttemptsPerMinute = 10.0
    /// The burst of sign-in attempts per address.
    public var signInBurst = 10

    /// The defaults.
    public init() {}

    /// Fails with 413 naming `maximumBatchSamples` when a save holds more samples.
    func checkBatch(_ count: Int) throws(HealthServerError) {
        guard count <= maximumBatchSamples else {
            throw .limitExceeded(.maximumBatchSamples, maximum: Double(maximumBatchSamples), requested: Double(count))
        }
    }

    /// The HTTP/1 settings these limits imply (the idle timeout), for Hummingbird's server.
    public var http1: HTTP1Channel.Configuration {
        HTTP1Channel.Configuration(idleTimeout: .seconds(Int64(idleTimeoutSeconds)))
    }
}

/// The name of one of the `ServerLimits`, as errors name it (`"limit": "maximumBuckets"`).
public enum ServerLimit: String, Sendable, CaseIterable {
    case maximumBodyBytes, maximumUploadBytes, maximumBatchSamples, maximumPageSize, maximumBuckets
    case maximumWaitSeconds, bodyTimeoutSeconds
    case maximumLongPollsPerClient, maximumStreamsPerClient, maximumImportsPerPerson, maximumImports
    case requestsPerSecond, anonymousRequestsPerSecond, signInAttemptsPerMinute

    /// The `ohk serve` option that sets it.
    public var flag: String {
        switch self {
        case .maximumBodyBytes: return "--max-body-bytes"
        case .maximumUploadBytes: return "--max-upload-bytes"
        case .maximumBatchSamples: return "--max-batch"
        case .maximumPageSize: return "--max-page-size"
        case .maximumBuckets: return "--max-buckets"
        case .maximumWaitSeconds: return "--max-wait"
        case .bodyTimeoutSeconds: return "--body-timeout"
        case .maximumLongPollsPerClient: return "--max-long-polls-per-client"
        case .maximumStreamsPerClient: return "--max-streams-per-client"
        case .maximumImportsPerPerson: return "--max-imports-per-person"
        case .maximumImports: return "--max-imports"
        case .requestsPerSecond: return "--rate"
        case .anonymousRequestsPerSecond: return "--anonymous-rate"
        case .signInAttemptsPerMinute: return "--sign-in-rate"
        }
    }

    /// The status of a request over the limit: 413 for bodies, 400 for what a query asks, 408 for a slow body, 429
    /// for requests open at once and rates.
    var status: HTTPResponse.Status {
        switch self {
        case .maximumBodyBytes, .maximumUploadBytes, .maximumBatchSamples: return .contentTooLarge
        case .maximumPageSize, .maximumBuckets, .maximumWaitSeconds: return .badRequest
        case .bodyTimeoutSeconds: return .requestTimeout
        case .maximumLongPollsPerClient, .maximumStreamsPerClient, .maximumImportsPerPerson, .maximumImports,
            .requestsPerSecond,
            .anonymousRequestsPerSecond, .signInAttemptsPerMinute:
            return .tooManyRequests
        }
    }

    /// What went over, and what to do instead.
    var explanation: String {
        switch self {
        case .maximumBodyBytes: return "the body is larger than the server accepts"
        case .maximumUploadBytes: return "the upload is larger than the server accepts"
        case .maximumBatchSamples: return "split the batch"
        case .maximumPageSize: return "ask for a smaller page and follow nextCursor"
        case .maximumBuckets: return "use a longer interval or a shorter window"
        case .maximumWaitSeconds: return "wait less and ask again"
        case .bodyTimeoutSeconds: return "the body arrived too slowly"
        case .maximumLongPollsPerClient: return "this client already has that many long-polls open"
        case .maximumStreamsPerClient: return "this client already has that many /observe streams open"
        case .maximumImportsPerPerson: return "an import for this person is already running"
        case .maximumImports: return "the server is already running that many imports"
        case .requestsPerSecond: return "this client sends requests faster than the server allows"
        case .anonymousRequestsPerSecond:
            return "this address sends requests without a token faster than the server allows"
        case .signInAttemptsPerMinute: return "too many sign-in attempts or refused tokens from this address"
        }
    }

    /// The request part at fault, when one is.
    var field: String? {
        switch self {
        case .maximumBodyBytes, .maximumUploadBytes, .bodyTimeoutSeconds: return "body"
        case .maximumBatchSamples: return "samples"
        case .maximumPageSize: return "limit"
        case .maximumBuckets: return "interval"
        case .maximumWaitSeconds: return "wait"
        case .signInAttemptsPerMinute: return "Authorization"
        default: return nil
        }
    }
}
