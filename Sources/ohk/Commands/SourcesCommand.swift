import ArgumentParser
import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore

/// `ohk sources`: sources in priority order; `--order` sets a type's order.
struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List a type's sources in priority order, or set that order.",
        discussion: """
            Statistics merge overlapping sources: where they overlap the higher-ranked source counts. Without --order \
            the default is hand-entered data, then Apple Watch, then iPhone, then other apps; \
            within each, the source with the latest sample first.

            Examples:
              ohk sources stepCount
              ohk sources stepCount --order "Alex’s iPhone" "Alex’s Apple Watch"
              ohk sources stepCount --reset
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The type (default: every source of every type in the store).")
    var type: String?

    @Option(parsing: .upToNextOption, help: "Source names (or bundle identifiers), highest priority first.")
    var order: [String] = []

    @Flag(help: "Go back to the default order.") var reset = false

    func validate() throws {
        if !order.isEmpty || reset, type == nil { throw ValidationError("--order and --reset need a TYPE") }
        if !order.isEmpty, reset { throw ValidationError("give --order or --reset, not both") }
    }

    func run() throws {
        let store = try storeOptions.openStore(as: clientOptions)
        guard let typeText = type else {
            var seen = Set<Source>()
            var all: [Source] = []
            for summary in try store.samples.typeSummaries() {
                for source in try store.sourcesInPriorityOrder(for: summary.type) where seen.insert(source).inserted {
                    all.append(source)
                }
            }
            output.write(SourceListing.table(all.sorted()).rendered(as: output.resolvedFormat))
            return
        }
        let type = try TypeArgument.parse(typeText)
        if reset {
            try store.setSourceOrder(nil, for: type)
        } else if !order.isEmpty {
            let known = try store.sourcesInPriorityOrder(for: type)
            let bundles = try order.map { name -> String in
                if let source = known.first(where: { $0.name == name || $0.bundleIdentifier == name }) {
                    return source.bundleIdentifier
                }
                throw ValidationError(
                    "--order: \"\(name)\" is not a source of \(type.identifier) (known: \(known.map(\.name).joined(separator: ", ")))"
                )
            }
            try store.setSourceOrder(bundles, for: type)
        }
        output.write(
            SourceListing.table(try store.sourcesInPriorityOrder(for: type)).rendered(as: output.resolvedFormat))
    }
}
