/// The OpenAPI 3.1 description of every endpoint, served at `/openapi.yaml`.
///
/// Written and reviewed as YAML in `Sources/HealthServer/OpenAPI/openapi.yaml`, and embedded in the binary when it is
/// built (the `EmbedText` build-tool plugin generates a Swift source holding the file's text), rather than shipped as a
/// SwiftPM resource: `Bundle.module` stops the process when an installed `ohk` cannot find its resource folder, and a
/// server should not depend on where its binary was copied. `OpenAPIDocumentTests` checks that it is the file byte for
/// byte, that it lists exactly the router's routes, each route's query parameters and request bodies, and that its
/// request examples are accepted.
public enum OpenAPIDocument {
    /// The document: the text of `openapi.yaml`.
    public static let yaml: String = EmbeddedText.openapi
}
