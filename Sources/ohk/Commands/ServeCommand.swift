import ArgumentParser
import Foundation
import HealthServer
import Logging

/// `ohk serve`: the HTTP server over a server directory.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the people's stores over HTTP (JSON API, bearer tokens from `ohk clients add`).",
        discussion: """
            Each person's data is a separate store in the server directory, or, with --postgres (or OHK_POSTGRES), in \
            one PostgreSQL database that any number of servers share (people, clients and revocations included; a \
            commit through one server wakes /observe streams and /changes long-polls on the others). Each request acts \
            as the client its token names, with that client's grants. SIGINT or SIGTERM stop the server gracefully: requests in flight finish, \
            then the stores are closed. Logs go to standard error, one line per request with its request id.

            Examples:
              ohk serve --store /var/lib/ohk --port 8080
              ohk serve --port 8443 --tls-certificate cert.pem --tls-key key.pem
              ohk serve --postgres postgres://ohk:secret@db.internal:5432/ohk --port 8080
              OHK_POSTGRES=postgres://ohk@127.0.0.1/ohk ohk people add alice
              ohk people add alice && ohk clients add alice com.example.steps --share stepCount --read stepCount
            """)

    @OptionGroup var serverOptions: ServerOptions
    @OptionGroup(title: "HTTPS") var tlsOptions: TLSOptions
    @OptionGroup(title: "Limits (each request's budget; over one: a 4xx JSON error naming it)") var limitOptions:
        LimitOptions

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on (0: any free port).") var port = 8080
    @Option(
        name: .customLong("tz"), help: "The web page's time zone when a request names none (default: this machine's).")
    var tz: String?
    /// `--time-zone`, the option's former name, still read (hidden).
    @Option(name: .customLong("time-zone"), help: .hidden) var timeZoneAlias: String?
    /// The time zone given with `--tz` (or `--time-zone`).
    var timeZone: String? { tz ?? timeZoneAlias }
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"
    @Option(
        name: .customLong("metrics-token-file"),
        help: ArgumentHelp(
            "Serve /metrics to requests bearing the token in this file (else OHK_METRICS_TOKEN; neither: /metrics is off). It counts every person's activity, so it is not a client's.",
            valueName: "file"))
    var metricsTokenFile: String?
    @Option(
        name: .customLong("mcp-allowed-host"),
        help: ArgumentHelp(
            "A Host value /mcp answers, as name:port or name:* (repeat for several; default: localhost's and --host's with --port).",
            valueName: "host"))
    var mcpAllowedHosts: [String] = []
    @Option(
        name: .customLong("mcp-allowed-origin"),
        help: ArgumentHelp(
            "An Origin value /mcp answers, as https://name:port (repeat for several; default: those of the allowed hosts). Requests without an Origin pass.",
            valueName: "origin"))
    var mcpAllowedOrigins: [String] = []
    @Option(
        name: .customLong("transaction-pause-ms"),
        help: ArgumentHelp(
            "Tests only: pause each PostgreSQL store transaction a random time up to this many milliseconds.",
            visibility: .hidden))
    var transactionPauseMilliseconds = 0

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port) is not a port (0–65535)") }
        guard (0...10_000).contains(transactionPauseMilliseconds) else {
            throw ValidationError("--transaction-pause-ms must be 0–10000")
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError(
                "\(tz == nil ? "--time-zone" : "--tz") \"\(timeZone)\" is not a known time zone identifier (e.g. America/Los_Angeles)"
            )
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level \(logLevel) is not a log level")
        }
    }

    func run() async throws {
        let directory = try serverOptions.directory()
        let tls = try tlsOptions.serverTLS()
        var configuration = ServerConfiguration(
            host: host, port: port, limits: limitOptions.limits,
            timeZone: timeZone.flatMap(TimeZone.init(identifier:)) ?? .current, now: { Date() },
            clock: ContinuousClock())
        configuration.metricsAccess = MetricsAccess(token: try metricsToken())
        if !mcpAllowedHosts.isEmpty { configuration.assistantHosts = mcpAllowedHosts }
        if !mcpAllowedOrigins.isEmpty { configuration.assistantOrigins = mcpAllowedOrigins }
        let postgres = try serverOptions.postgresClient(
            maximumTransactionPause: .milliseconds(transactionPauseMilliseconds))
        defer { postgres?.shutdown() }
        let server = try HealthServer(directory: directory, configuration: configuration, postgres: postgres, tls: tls)
        var logger = Logger(label: "ohk.serve")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        var metadata: Logger.Metadata = ["directory": .string(directory.path), "address": .string("\(host):\(port)")]
        if let postgres { metadata["postgres"] = .string(postgres.location) }
        if let tls { metadata["tls"] = .string(tls.certificatePath) }
        logger.info("serving", metadata: metadata)
        let host = self.host
        try await server.application(logger: logger) { port in
            // Whatever the log level: scripts starting `ohk serve --port 0` read the port from this line.
            FileHandle.standardError.write(
                Data("ohk serve: listening on \(host):\(port)\(tls == nil ? "" : " (HTTPS)")\n".utf8))
        }.runService()
        logger.info("stopped; stores closed")
    }

    /// The metrics token: the file's first line, else `OHK_METRICS_TOKEN`, else none.
    private func metricsToken() throws -> String? {
        guard let metricsTokenFile else { return ProcessInfo.processInfo.environment["OHK_METRICS_TOKEN"] }
        guard let text = try? String(contentsOfFile: metricsTokenFile, encoding: .utf8) else {
            throw ValidationError("--metrics-token-file \(metricsTokenFile) cannot be read")
        }
        let token = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard token.count >= 16 else {
            throw ValidationError("--metrics-token-file \(metricsTokenFile): the token must be at least 16 characters")
        }
        return token
    }
}
