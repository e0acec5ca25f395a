import ArgumentParser

/// A count on the command line: `10000`, `10_000`, `10,000`, `500k` or `10M` (0 or more).
struct Count: ExpressibleByArgument, Sendable {
    /// The count.
    let value: Int

    init?(argument: String) {
        var digits = argument.filter { $0 != "_" && $0 != "," }
        var multiplier = 1
        if let last = digits.last, last == "k" || last == "K" || last == "M" {
            multiplier = last == "M" ? 1_000_000 : 1_000
            digits.removeLast()
        }
        guard let number = Int(digits), number >= 0 else { return nil }
        let (product, overflow) = number.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { return nil }
        value = product
    }
}
