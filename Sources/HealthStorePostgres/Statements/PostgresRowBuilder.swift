import Foundation
import HealthEngine
import HealthModel
import HealthStore
import NIOCore

/// Turns samples into the column values of their `samples` rows (before the commit's transaction starts, so the
/// work done while the person's row is locked is only the database's).
enum PostgresRowBuilder {
    /// The values of one row that do not depend on the database.
    struct Row: Sendable {
        var uuid = UUID()
        var start = 0.0, end = 0.0
        /// The quantity in its type's canonical unit, a category value or a workout's duration; NaN for none.
        var value = Double.nan
        var series = false, userEntered = false
        var sourceEntry: SourceEntryKey?
        var syncBundleIdentifier: String?, syncIdentifier: String?, syncVersion: Double?
        var sample = ByteBuffer()
    }

    /// The rows of the samples, in order.
    static func rows(for samples: [Sample]) throws -> [Row] {
        var converters: [(type: SampleType, unit: HealthUnit, converter: HealthModel.UnitConverter)] = []
        func canonical(_ quantity: Quantity, of type: SampleType) throws -> Double {
            if let known = converters.first(where: { $0.unit == quantity.unit && $0.type == type }) {
                return known.converter.convert(quantity.value)
            }
            guard let unit = type.canonicalUnit else {
                throw HealthStoreError.model(
                    .invalidField(field: "type", reason: "\(type.identifier) has no canonical unit"))
            }
            let converter: HealthModel.UnitConverter
            do { converter = try quantity.unit.converter(to: unit) } catch { throw HealthStoreError.model(error) }
            if converters.count < 16 { converters.append((type, quantity.unit, converter)) }
            return converter.convert(quantity.value)
        }
        return try samples.map { sample in
            var row = Row()
            row.uuid = sample.uuid
            row.start = sample.startDate.timeIntervalSinceReferenceDate
            row.end = sample.endDate.timeIntervalSinceReferenceDate
            switch sample.content {
            case let .quantity(content):
                row.value = try canonical(content.quantity, of: sample.type)
                row.series = sample.countsBySample
            case let .category(value):
                row.value = Double(value)
            case let .workout(content):
                row.value = content.duration
            case .correlation, .payload:
                break
            }
            row.userEntered = sample.wasUserEntered
            if let revision = sample.sourceRevision {
                row.sourceEntry = SourceEntryKey(
                    name: revision.source.name, bundleIdentifier: revision.source.bundleIdentifier,
                    productType: revision.productType, sourceClass: SourceClass(revision, device: sample.device))
            }
            row.syncIdentifier = sample.syncIdentifier
            row.syncBundleIdentifier =
                sample.syncIdentifier == nil ? nil : sample.sourceRevision?.source.bundleIdentifier
            row.syncVersion = sample.syncVersion
            row.sample = ByteBuffer(bytes: SampleDetailCoding.encoded(sample))
            return row
        }
    }
}

extension SampleRows {
    /// Room for `count` rows.
    mutating func reserve(_ count: Int) {
        sequences.reserveCapacity(count)
        uuids.reserveCapacity(count)
        samples.reserveCapacity(count)
    }

    /// Appends a built row with its sequence, type id and source entry id (0: none).
    mutating func append(_ row: PostgresRowBuilder.Row, sequence: Int64, typeID: Int32, sourceEntry: Int64) {
        sequences.append(sequence)
        uuids.append(row.uuid)
        typeIDs.append(typeID)
        starts.append(row.start)
        ends.append(row.end)
        values.append(row.value)
        series.append(row.series)
        userEntered.append(row.userEntered)
        sourceEntries.append(sourceEntry)
        hasSync.append(row.syncIdentifier != nil)
        hasSyncBundle.append(row.syncBundleIdentifier != nil)
        syncBundleIdentifiers.append(row.syncBundleIdentifier ?? "")
        syncIdentifiers.append(row.syncIdentifier ?? "")
        syncVersions.append(row.syncVersion ?? .nan)
        samples.append(row.sample)
    }
}
