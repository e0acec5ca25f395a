import ArgumentParser
import HealthServer

/// `--tls-certificate PEM --tls-key PEM` for `ohk serve`: HTTPS instead of HTTP (both or neither).
struct TLSOptions: ParsableArguments {
    @Option(
        name: .customLong("tls-certificate"),
        help: ArgumentHelp(
            "Serve HTTPS with this PEM certificate chain (server certificate first); needs --tls-key.", valueName: "pem"
        ))
    var certificate: String?

    @Option(
        name: .customLong("tls-key"),
        help: ArgumentHelp("The unencrypted PEM private key of --tls-certificate.", valueName: "pem"))
    var key: String?

    func validate() throws {
        switch (certificate, key) {
        case (.some, nil): throw ValidationError("--tls-certificate needs --tls-key (the certificate's private key)")
        case (nil, .some): throw ValidationError("--tls-key needs --tls-certificate (the key's certificate chain)")
        default: break
        }
    }

    /// The certificate and key read and checked, or nil for plain HTTP; a bad file is a usage error naming it.
    func serverTLS() throws -> ServerTLS? {
        guard let certificate, let key else { return nil }
        do {
            return try ServerTLS(certificatePath: certificate, keyPath: key)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
