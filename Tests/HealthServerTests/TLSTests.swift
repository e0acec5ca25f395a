import Foundation
import HTTPTypes
import HealthServer
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOSSL
import Testing

/// A self-signed certificate for the name `localhost` (no IP address, so that the client's name check is what
/// accepts it) with its key, made by `openssl` in a fresh temporary folder
/// (generated, not committed: nothing in the repository looks like a private key, and nothing expires).
struct TestCertificate {
    let folder: String
    let certificatePath: String
    let keyPath: String

    init(folder: String? = nil, name: String = "server") throws {
        let folder =
            folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("ohk-tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        self.folder = folder
        certificatePath = folder + "/\(name)-certificate.pem"
        keyPath = folder + "/\(name)-key.pem"
        try Self.openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost", "-keyout", keyPath, "-out", certificatePath,
        ])
    }

    /// Runs `openssl` from the PATH; its failure (or absence) fails the test with what it printed.
    static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestCertificateError(
                message: "openssl \(arguments.first ?? "") failed: \(String(decoding: printed, as: UTF8.self))")
        }
    }

    /// A client configuration that trusts this certificate alone and checks the host name.
    func trustingClient() throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificatePath))
        configuration.certificateVerification = .fullVerification
        return configuration
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

struct TestCertificateError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

@Suite("TLS")
struct TLSTests {
    @Test(
        "Under TLS a client that trusts the certificate is answered over HTTPS and gets a Secure cookie; others, and TLS before 1.2, get nothing"
    )
    func servesHTTPS() async throws {
        let certificate = try TestCertificate()
        defer { certificate.remove() }
        let tls = try ServerTLS(certificatePath: certificate.certificatePath, keyPath: certificate.keyPath)
        let fixture = try ServerFixture(tls: tls)
        defer { try? FileManager.default.removeItem(atPath: fixture.directory.path) }
        let token = fixture.token("alice", "com.example.steps")
        var logger = Logger(label: "ohk.test")
        logger.logLevel = .critical
        let (ports, listening) = AsyncStream<Int>.makeStream()
        let application = fixture.server.application(logger: logger) { port in listening.yield(port) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await application.runService() }
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            let trusting = TestClient.Configuration(
                tlsConfiguration: try certificate.trustingClient(), timeout: .seconds(10), serverName: "localhost")
            try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: trusting) { client in
                let health = try await client.get("/health")
                #expect(health.status == .ok)
                #expect(health.body.map { String(buffer: $0) }?.hasPrefix(#"{"status":"ok"}"#) == true)
                let samples = try await client.get(
                    "/samples?type=stepCount", headers: [.authorization: "Bearer \(token)"])
                #expect(samples.status == .ok)
                let signIn = try await client.post(
                    "/session", headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "token=\(token)"))
                #expect(signIn.status == .seeOther)
                let cookie = try #require(signIn.headers[.setCookie])
                #expect(
                    cookie.hasPrefix("ohk_token=\(token);") && cookie.contains("Secure") && cookie.contains("HttpOnly")
                        && cookie.contains("SameSite=Strict"))
                let signOut = try await client.post(
                    "/session/delete", headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer())
                #expect(signOut.headers[.setCookie]?.contains("Secure") == true)
            }
            // A client that trusts only the system's roots refuses the self-signed certificate: the check is real.
            let systemRoots = TestClient.Configuration(
                tlsConfiguration: .makeClientConfiguration(), timeout: .seconds(10), serverName: "localhost")
            await #expect(throws: (any Error).self) {
                try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: systemRoots) {
                    try await $0.get("/health")
                }
            }
            // The certificate presented for another name is refused as well.
            let otherName = TestClient.Configuration(
                tlsConfiguration: try certificate.trustingClient(), timeout: .seconds(10), serverName: "example.org")
            await #expect(throws: (any Error).self) {
                try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: otherName) {
                    try await $0.get("/health")
                }
            }
            // TLS 1.1 and older are refused.
            var old = try certificate.trustingClient()
            old.minimumTLSVersion = .tlsv1
            old.maximumTLSVersion = .tlsv11
            let oldVersion = TestClient.Configuration(
                tlsConfiguration: old, timeout: .seconds(10), serverName: "localhost")
            await #expect(throws: (any Error).self) {
                try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: oldVersion) {
                    try await $0.get("/health")
                }
            }
            // Plain HTTP on the TLS port gets no HTTP answer.
            await #expect(throws: (any Error).self) {
                try await TestClient.withClient(
                    host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(10))
                ) { try await $0.get("/health") }
            }
        }
    }

    @Test(
        "Without TLS the sign-in cookie is not Secure (a plain loopback address), with TLS it is, also without a proxy header"
    )
    func cookieSecureOnlyUnderTLS() async throws {
        let certificate = try TestCertificate()
        defer { certificate.remove() }
        for tls in [nil, try ServerTLS(certificatePath: certificate.certificatePath, keyPath: certificate.keyPath)] {
            let fixture = try ServerFixture(tls: tls)
            let token = fixture.token("alice", "com.example.steps")
            try await fixture.withRouter { client in
                let reply = try await client.call(
                    .post, "/session", token: nil, body: "token=\(token)",
                    headers: [.contentType: "application/x-www-form-urlencoded"])
                let cookie = try #require(reply.headers[.setCookie])
                #expect(cookie.contains("; Secure") == (tls != nil), "\(cookie)")
            }
        }
    }

    @Test(
        "A missing, unreadable, non-PEM or mismatched certificate or key is refused naming the file",
        arguments: [
            "missing certificate", "missing key", "folder", "empty certificate", "not PEM", "key as certificate",
            "certificate as key", "mismatched key",
        ])
    func refusesBadFiles(_ fault: String) throws {
        let certificate = try TestCertificate()
        defer { certificate.remove() }
        let other = try TestCertificate(folder: certificate.folder, name: "other")
        let garbage = certificate.folder + "/garbage.pem"
        try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: garbage))
        let empty = certificate.folder + "/empty.pem"
        try Data().write(to: URL(fileURLWithPath: empty))
        let missing = certificate.folder + "/missing.pem"
        let (certificatePath, keyPath, blamed): (String, String, String) =
            switch fault {
            case "missing certificate": (missing, certificate.keyPath, missing)
            case "missing key": (certificate.certificatePath, missing, missing)
            case "folder": (certificate.folder, certificate.keyPath, certificate.folder)
            case "empty certificate": (empty, certificate.keyPath, empty)
            case "not PEM": (garbage, certificate.keyPath, garbage)
            case "key as certificate": (certificate.keyPath, certificate.keyPath, certificate.keyPath)
            case "certificate as key":
                (certificate.certificatePath, certificate.certificatePath, certificate.certificatePath)
            default: (certificate.certificatePath, other.keyPath, other.keyPath)
            }
        let error = try #require(throws: HealthServerError.self) {
            try ServerTLS(certificatePath: certificatePath, keyPath: keyPath)
        }
        guard case let .tlsFile(path, _) = error else {
            Issue.record("not a TLS file error: \(error)")
            return
        }
        #expect(path == blamed)
        #expect(error.description.hasPrefix(blamed + " "), "\(error.description)")
    }
}
