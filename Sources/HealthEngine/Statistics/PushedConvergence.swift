import Foundation
import HealthModel

/// The step before the merge that keeps pushed copies from counting twice (decisions/pushed-data.md).
///
/// A pushed sample P (one with `MetadataKey.pushedFrom`) of value V over [s, e) names the device or app D it was read
/// from (a composite `A|B` names each part). It is set against D's own samples of the same type among those counted
/// (samples without `pushedFrom` whose source name or device name is D, compared ignoring case and the ' vs ’
/// apostrophe) that overlap it:
/// - a cumulative P counts only its residual max(0, V − O), O being D's own total inside [s, e) (prorated), spread
///   over the part of [s, e) outside the hull of those own samples, and nothing when that hull covers it;
/// - a discrete P gives way wholly when any own sample of D lies inside it;
/// - a P with no own sample of D inside it counts as it is.
///
/// Whatever remains then goes through the priority merge and proration as any sample. Samples that carry no
/// `pushedFrom` cost one flag test each; storages send pushed rows to the sample path (`Sample.countsBySample`), so
/// the column path never sees them.
struct PushedConvergence {
    /// A part of a pushed sample that still counts, in seconds since the reference date and the canonical unit.
    struct Piece: Equatable {
        let start: Double
        let end: Double
        let value: Double
    }

    /// The share of a span shorter than this left outside the own samples' hull counts as covered (as a bucket edge's
    /// tolerance, SEMANTICS §5.2).
    static let tolerance = 0.010

    /// What each pushed sample still counts, by its index in `samples` (an empty list: nothing); samples not listed
    /// count as they are. Nil when no sample is pushed (the common case).
    static func pieces(
        of samples: [StoredSample], style: AggregationStyle, values: inout CanonicalValues
    ) throws -> [Int: [Piece]]? {
        var pushed: [Int] = []
        for (index, stored) in samples.enumerated() where stored.sample.pushedFrom != nil { pushed.append(index) }
        guard !pushed.isEmpty else { return nil }
        let own = OwnSamples(samples)
        var result: [Int: [Piece]] = [:]
        for index in pushed {
            let sample = samples[index].sample
            guard let names = sample.pushedFrom.map(Self.names(in:)), let content = sample.quantityContent else {
                continue
            }
            let start = sample.startDate.timeIntervalSinceReferenceDate
            let end = sample.endDate.timeIntervalSinceReferenceDate
            let overlapping = own.overlapping(start: start, end: end, names: names)
            guard !overlapping.isEmpty else { continue }
            // A discrete copy, or a copy of an instant its device's own data covers, gives way wholly.
            guard style.isCumulative, end > start else {
                result[index] = []
                continue
            }
            var ownTotal = 0.0
            var hullStart = Double.infinity
            var hullEnd = -Double.infinity
            for ownIndex in overlapping {
                let ownSample = samples[ownIndex].sample
                guard let ownContent = ownSample.quantityContent else { continue }
                let ownStart = ownSample.startDate.timeIntervalSinceReferenceDate
                let ownEnd = ownSample.endDate.timeIntervalSinceReferenceDate
                let value = try values.value(of: ownContent.quantity)
                ownTotal +=
                    ownEnd > ownStart ? value * (min(ownEnd, end) - max(ownStart, start)) / (ownEnd - ownStart) : value
                hullStart = min(hullStart, ownStart)
                hullEnd = max(hullEnd, ownEnd)
            }
            let left = max(0, min(hullStart, end) - start)
            let right = max(0, end - max(hullEnd, start))
            let residual = try values.value(of: content.quantity) - ownTotal
            guard left + right > tolerance, residual > 0 else {
                result[index] = []
                continue
            }
            var pieces: [Piece] = []
            if left > 0 {
                pieces.append(Piece(start: start, end: start + left, value: residual * left / (left + right)))
            }
            if right > 0 {
                pieces.append(Piece(start: end - right, end: end, value: residual * right / (left + right)))
            }
            result[index] = pieces
        }
        return result
    }

    /// The names a `pushedFrom` value gives (each part of a composite `A|B`), normalized.
    static func names(in pushedFrom: String) -> Set<String> {
        Set(pushedFrom.split(separator: "|").map { normalized(String($0)) }.filter { !$0.isEmpty })
    }

    /// A name as compared: trimmed, lowercased, the typographic apostrophe ’ as '.
    static func normalized(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
    }

    /// The samples that are no pushed copy, by the normalized names of their source and device, in start order.
    private struct OwnSamples {
        /// Per name: sample indexes and starts in start order, and the longest span among them.
        private var byName: [String: (indexes: [Int], starts: [Double], longest: Double)] = [:]
        private let samples: [StoredSample]

        init(_ samples: [StoredSample]) {
            self.samples = samples
            var lists: [String: [Int]] = [:]
            var lastSource: String?
            var lastSourceName = ""
            for (index, stored) in samples.enumerated() where stored.sample.pushedFrom == nil {
                let sample = stored.sample
                var names: [String] = []
                if let source = sample.sourceRevision?.source.name {
                    if source != lastSource {
                        lastSource = source
                        lastSourceName = PushedConvergence.normalized(source)
                    }
                    names.append(lastSourceName)
                }
                if let device = sample.device?.name {
                    let name = PushedConvergence.normalized(device)
                    if name != names.first { names.append(name) }
                }
                for name in names { lists[name, default: []].append(index) }
            }
            for (name, list) in lists {
                let sorted = list.sorted {
                    samples[$0].sample.startDate < samples[$1].sample.startDate
                }
                let starts = sorted.map { samples[$0].sample.startDate.timeIntervalSinceReferenceDate }
                let longest = sorted.map { samples[$0].sample.duration }.max() ?? 0
                byName[name] = (sorted, starts, longest)
            }
        }

        /// The own samples under any of `names` that overlap [start, end) (an instant: that contain it), each once.
        func overlapping(start: Double, end: Double, names: Set<String>) -> [Int] {
            var found = Set<Int>()
            for name in names {
                guard let list = byName[name] else { continue }
                // The first start that may still overlap: no own span is longer than `longest`.
                var low = 0
                var high = list.starts.count
                let from = start - list.longest
                while low < high {
                    let middle = (low + high) / 2
                    if list.starts[middle] < from { low = middle + 1 } else { high = middle }
                }
                for position in low..<list.starts.count {
                    let ownStart = list.starts[position]
                    if end > start ? ownStart >= end : ownStart > start { break }
                    let ownEnd = samples[list.indexes[position]].sample.endDate.timeIntervalSinceReferenceDate
                    let overlaps: Bool
                    if end == start {
                        overlaps = ownStart <= start && start <= ownEnd
                    } else if ownEnd == ownStart {
                        overlaps = ownStart >= start
                    } else {
                        overlaps = ownEnd > start
                    }
                    if overlaps { found.insert(list.indexes[position]) }
                }
            }
            return found.sorted()
        }
    }
}
