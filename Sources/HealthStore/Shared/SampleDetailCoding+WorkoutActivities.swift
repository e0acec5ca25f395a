import Foundation
import HealthModel

/// A workout's activities in a detail blob (layout 2): each with its configuration, interval and metadata, and its
/// events and statistics in the layout of a workout's own.
extension SampleDetailCoding {
    static func write(_ activities: [WorkoutActivity], to writer: inout BinaryWriter) {
        writer.write(varint: UInt64(activities.count))
        for activity in activities {
            writer.write(activity.uuid)
            writer.write(varint: UInt64(activity.configuration.locationTypeRawValue))
            writer.write(varint: UInt64(activity.configuration.swimmingLocationTypeRawValue))
            if let lapLength = activity.configuration.lapLength {
                writer.write(UInt8(1))
                write(lapLength, to: &writer)
            } else {
                writer.write(UInt8(0))
            }
            writer.write(activity.startDate.timeIntervalSinceReferenceDate)
            if let end = activity.endDate {
                writer.write(UInt8(1))
                writer.write(end.timeIntervalSinceReferenceDate)
            } else {
                writer.write(UInt8(0))
            }
            write(activity.metadata, to: &writer)
            let content = WorkoutContent(
                activityTypeRawValue: activity.configuration.activityTypeRawValue, duration: 0,
                events: activity.events, statistics: activity.statistics)
            write(content, to: &writer)
        }
    }

    static func readActivities(_ reader: inout BinaryReader) throws -> [WorkoutActivity] {
        let count = try reader.readCount()
        return try (0..<count).map { _ in
            let uuid = try reader.readUUID()
            let location = Int(try reader.readVarint())
            let swimmingLocation = Int(try reader.readVarint())
            let lapLength = try reader.readByte() == 1 ? try readQuantity(&reader) : nil
            let start = Date(timeIntervalSinceReferenceDate: try reader.readDouble())
            let end = try reader.readByte() == 1 ? Date(timeIntervalSinceReferenceDate: try reader.readDouble()) : nil
            let metadata = try readMetadata(&reader)
            var inner = reader
            inner.layout = 1
            let content = try readWorkout(&inner, duration: 0)
            reader = inner
            reader.layout = 2
            do {
                return try WorkoutActivity(
                    uuid: uuid,
                    configuration: WorkoutConfiguration(
                        activityTypeRawValue: content.activityTypeRawValue, locationTypeRawValue: location,
                        swimmingLocationTypeRawValue: swimmingLocation, lapLength: lapLength),
                    startDate: start, endDate: end, events: content.events, statistics: content.statistics,
                    metadata: metadata)
            } catch {
                throw HealthStoreError.corruptStore("workout activity \(uuid): \(error)")
            }
        }
    }
}
