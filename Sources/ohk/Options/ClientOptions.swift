import ArgumentParser
import Foundation
import HealthModel
import HealthReports
import HealthStore

/// `--client BUNDLE`: read the store as one app sees it.
struct ClientOptions: ParsableArguments {
    @Option(
        name: .customLong("client"),
        help: ArgumentHelp(
            "Read as this app (bundle identifier) sees the store: the command line keeps no app's permissions, so the app sees only what it saved itself.",
            valueName: "bundle-id"))
    var client: String?
}
