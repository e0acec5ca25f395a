import Foundation
import HummingbirdCore
import HummingbirdTLS
import NIOSSL

/// HTTPS for `ohk serve --tls-certificate PEM --tls-key PEM`: a certificate chain and its private key, read and checked
/// when the server is set up, so that a missing, unreadable or mismatched file is refused with its name before the
/// server listens rather than at the first connection.
///
/// Served with Hummingbird's TLS support (`HummingbirdTLS`, on swift-nio-ssl): TLS 1.2 and 1.3 only (swift-nio-ssl's
/// server default would also accept 1.0 and 1.1), swift-nio-ssl's default cipher suites, HTTP/1.1 inside.
public struct ServerTLS: Sendable {
    /// The PEM file of the certificate chain (the server's certificate first, then any intermediates).
    public let certificatePath: String
    /// The PEM file of the certificate's private key (unencrypted).
    public let keyPath: String
    /// The chain, the key and the protocol versions.
    let configuration: TLSConfiguration

    /// Reads and checks the certificate chain and key; throws `HealthServerError.tlsFile` naming the file at fault.
    public init(certificatePath: String, keyPath: String) throws(HealthServerError) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
        let certificateBytes = try Self.contents(of: certificatePath, what: "certificate")
        let keyBytes = try Self.contents(of: keyPath, what: "private key")
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMBytes(certificateBytes)
        } catch {
            throw .tlsFile(path: certificatePath, reason: "is not a PEM certificate (\(error))")
        }
        guard !chain.isEmpty else {
            throw .tlsFile(path: certificatePath, reason: "holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(bytes: keyBytes, format: .pem)
        } catch {
            throw .tlsFile(path: keyPath, reason: "is not an unencrypted PEM private key (\(error))")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        do {
            // BoringSSL checks here that the key belongs to the first certificate of the chain.
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .tlsFile(
                path: keyPath, reason: "is not the private key of the certificate in \(certificatePath) (\(error))")
        }
        self.configuration = configuration
    }

    /// The server's channels: `base` (HTTP/1.1 with its settings) inside TLS with this chain and key.
    func serverBuilder(over base: HTTPServerBuilder) throws(HealthServerError) -> HTTPServerBuilder {
        do {
            return try .tls(base, tlsConfiguration: configuration)
        } catch {
            throw .tlsFile(
                path: keyPath, reason: "cannot serve TLS with the certificate in \(certificatePath) (\(error))")
        }
    }

    /// The bytes of a file, or an error naming it (missing, a folder, unreadable, empty).
    private static func contents(of path: String, what: String) throws(HealthServerError) -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .tlsFile(path: path, reason: "does not exist (the \(what) PEM file)")
        }
        guard !isFolder.boolValue else { throw .tlsFile(path: path, reason: "is a folder, not the \(what) PEM file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .tlsFile(path: path, reason: "cannot be read (the \(what) PEM file; check its permissions)")
        }
        guard !data.isEmpty else { throw .tlsFile(path: path, reason: "is empty (the \(what) PEM file)") }
        return [UInt8](data)
    }
}
