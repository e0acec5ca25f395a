import ArgumentParser
import Foundation
import HealthServer

/// `ohk serve`'s request budget: one option per `ServerLimits` member, each defaulting to the library's default (shown
/// in `--help`); going over any of them is a 4xx JSON error naming the limit.
struct LimitOptions: ParsableArguments {
    private static let defaults = ServerLimits()

    @Option(name: .customLong("max-body-bytes"), help: "The largest JSON request body, in bytes (more: 413).")
    var maximumBodyBytes = LimitOptions.defaults.maximumBodyBytes
    @Option(
        name: .customLong("max-upload-bytes"),
        help: "The largest export upload (POST /import), streamed to disk, in bytes (more: 413).")
    var maximumUploadBytes = LimitOptions.defaults.maximumUploadBytes
    @Option(name: .customLong("max-batch"), help: "The most samples one save request may hold (more: 413).")
    var maximumBatchSamples = LimitOptions.defaults.maximumBatchSamples
    @Option(name: .customLong("max-page-size"), help: "The largest page (limit) of /samples and /changes (more: 400).")
    var maximumPageSize = LimitOptions.defaults.maximumPageSize
    @Option(name: .customLong("max-buckets"), help: "The most buckets one statistics collection may have (more: 400).")
    var maximumBuckets = LimitOptions.defaults.maximumBuckets
    @Option(name: .customLong("max-wait"), help: "The longest wait of a /changes long-poll, in seconds (more: 400).")
    var maximumWaitSeconds = LimitOptions.defaults.maximumWaitSeconds
    @Option(
        name: .customLong("body-timeout"),
        help: "The longest a request body may take to arrive, in seconds (slower: 408).")
    var bodyTimeoutSeconds = LimitOptions.defaults.bodyTimeoutSeconds
    @Option(
        name: .customLong("idle-timeout"),
        help: "How long a connection may stay silent (awaiting a request or its body), in seconds, before it is closed."
    )
    var idleTimeoutSeconds = LimitOptions.defaults.idleTimeoutSeconds
    @Option(
        name: .customLong("max-long-polls-per-client"),
        help: "The most /changes long-polls one token may have open at once (more: 429).")
    var maximumLongPollsPerClient = LimitOptions.defaults.maximumLongPollsPerClient
    @Option(
        name: .customLong("max-streams-per-client"),
        help: "The most /observe streams one token may have open at once (more: 429).")
    var maximumStreamsPerClient = LimitOptions.defaults.maximumStreamsPerClient
    @Option(
        name: .customLong("max-imports-per-person"),
        help: "The most imports (POST /import) running at once for one person (more: 429).")
    var maximumImportsPerPerson = LimitOptions.defaults.maximumImportsPerPerson
    @Option(name: .customLong("max-imports"), help: "The most imports running at once on the server (more: 429).")
    var maximumImports = LimitOptions.defaults.maximumImports
    @Option(
        name: .customLong("rate"),
        help: "Requests per second one token may make on average (more: 429 with Retry-After).")
    var requestsPerSecond = LimitOptions.defaults.requestsPerSecond
    @Option(name: .customLong("burst"), help: "Requests one token may make at once after a quiet spell.")
    var requestBurst = LimitOptions.defaults.requestBurst
    @Option(
        name: .customLong("buckets-per-request"),
        help: "Statistics buckets that cost as much as one request of the rate.")
    var bucketsPerRequestCost = LimitOptions.defaults.bucketsPerRequestCost
    @Option(
        name: .customLong("anonymous-rate"),
        help: "Requests per second one address may make without a token (more: 429).")
    var anonymousRequestsPerSecond = LimitOptions.defaults.anonymousRequestsPerSecond
    @Option(name: .customLong("anonymous-burst"), help: "Requests without a token one address may make at once.")
    var anonymousBurst = LimitOptions.defaults.anonymousBurst
    @Option(
        name: .customLong("sign-in-rate"),
        help: "Sign-in attempts and refused tokens per minute per address (more: 429).")
    var signInAttemptsPerMinute = LimitOptions.defaults.signInAttemptsPerMinute
    @Option(name: .customLong("sign-in-burst"), help: "Sign-in attempts one address may make at once.")
    var signInBurst = LimitOptions.defaults.signInBurst

    func validate() throws {
        let counts: [(String, Int)] = [
            ("--max-body-bytes", maximumBodyBytes), ("--max-upload-bytes", maximumUploadBytes),
            ("--max-batch", maximumBatchSamples),
            ("--max-page-size", maximumPageSize), ("--max-buckets", maximumBuckets),
            ("--body-timeout", bodyTimeoutSeconds),
            ("--idle-timeout", idleTimeoutSeconds), ("--max-long-polls-per-client", maximumLongPollsPerClient),
            ("--max-streams-per-client", maximumStreamsPerClient),
            ("--max-imports-per-person", maximumImportsPerPerson),
            ("--max-imports", maximumImports), ("--burst", requestBurst),
            ("--buckets-per-request", bucketsPerRequestCost),
            ("--anonymous-burst", anonymousBurst), ("--sign-in-burst", signInBurst),
        ]
        for (flag, value) in counts where value <= 0 {
            throw ValidationError("\(flag) must be above zero (got \(value))")
        }
        guard maximumWaitSeconds >= 0 else {
            throw ValidationError("--max-wait must not be negative (got \(maximumWaitSeconds))")
        }
        for (flag, value) in [
            ("--rate", requestsPerSecond), ("--anonymous-rate", anonymousRequestsPerSecond),
            ("--sign-in-rate", signInAttemptsPerMinute),
        ]
        where !(value > 0 && value.isFinite) {
            throw ValidationError("\(flag) must be a number above zero (got \(value))")
        }
    }

    /// The limits given.
    var limits: ServerLimits {
        var limits = ServerLimits()
        limits.maximumBodyBytes = maximumBodyBytes
        limits.maximumUploadBytes = maximumUploadBytes
        limits.maximumBatchSamples = maximumBatchSamples
        limits.maximumPageSize = maximumPageSize
        limits.defaultPageSize = min(limits.defaultPageSize, maximumPageSize)
        limits.maximumBuckets = maximumBuckets
        limits.maximumWaitSeconds = maximumWaitSeconds
        limits.bodyTimeoutSeconds = bodyTimeoutSeconds
        limits.idleTimeoutSeconds = idleTimeoutSeconds
        limits.maximumLongPollsPerClient = maximumLongPollsPerClient
        limits.maximumStreamsPerClient = maximumStreamsPerClient
        limits.maximumImportsPerPerson = maximumImportsPerPerson
        limits.maximumImports = maximumImports
        limits.requestsPerSecond = requestsPerSecond
        limits.requestBurst = requestBurst
        limits.bucketsPerRequestCost = bucketsPerRequestCost
        limits.anonymousRequestsPerSecond = anonymousRequestsPerSecond
        limits.anonymousBurst = anonymousBurst
        limits.signInAttemptsPerMinute = signInAttemptsPerMinute
        limits.signInBurst = signInBurst
        return limits
    }
}
