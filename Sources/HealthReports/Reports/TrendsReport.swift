import Foundation
import HealthModel
import HealthTrends
import HealthWire

/// What `ohk trends` shows: a day's cumulative curve against the typical day, the projected total and the Move goal,
/// as a terminal chart or JSON.
public struct TrendsReport: Sendable {
    /// One line of the report: the end of a local hour and the totals at it.
    public struct Row: Sendable, Hashable {
        /// The end of the hour.
        public let end: Date
        /// The day's total by then; nil for hours after the clock's time.
        public let total: Double?
        /// The typical total at the end of the same clock hour.
        public let typical: Double
    }

    /// The type.
    public let type: SampleType
    /// The unit of the figures.
    public let unit: HealthUnit
    /// The time zone of the days and hours.
    public let timeZone: TimeZone
    /// The time zone's name as written (its identifier unless set: Foundation names a zone made from "UTC" "GMT").
    public var timeZoneName: String
    /// The day's start.
    public let day: Date
    /// Days in the typical day.
    public let days: Int
    /// One row per hour of the day.
    public let rows: [Row]
    /// The day's total so far (through the last complete hour, for today).
    public let total: Double
    /// The projected end-of-day total (the whole day's total for a past day).
    public let projectedTotal: Double
    /// The typical end-of-day total.
    public let typicalEndOfDay: Double
    /// The Move goal (or the fallback) in the report's unit; nil unless the type is active energy (the Move goal is
    /// active energy burned).
    public let moveGoal: Double?

    /// The report for the day containing `date` (the clock's day when nil), against `typicalDay` when given (the
    /// typical day of the `days` days before that day, e.g. from a `TypicalDayCache`), else a computed one.
    public static func make(
        _ calculator: TrendsCalculator, date: Date?, days: Int, goalFallback: Double, typicalDay: TypicalDay? = nil
    ) throws -> TrendsReport {
        let now = calculator.clock()
        let trend = try calculator.day(containing: date ?? now)
        let typical = try typicalDay ?? calculator.typicalDay(before: trend.start, days: days)
        let isToday = now >= trend.start && now < trend.end
        var running = 0.0
        let rows = trend.hours.map { hour -> Row in
            running += hour.value
            let shown = !isToday || hour.end <= now
            return Row(end: hour.end, total: shown ? running : nil, typical: typical.cumulativeByHour[hour.clockHour])
        }
        let soFar = isToday ? trend.total(at: now) : trend.total
        let typicalSoFar = rows.last { $0.total != nil }.map(\.typical) ?? 0
        let projected = isToday ? soFar + max(0, typical.endOfDayTotal - typicalSoFar) : trend.total
        return TrendsReport(
            type: calculator.type, unit: calculator.unit, timeZone: calculator.calendar.timeZone,
            timeZoneName: calculator.calendar.timeZone.identifier, day: trend.start, days: days, rows: rows,
            total: soFar, projectedTotal: projected, typicalEndOfDay: typical.endOfDayTotal,
            moveGoal: try moveGoal(calculator, on: trend.start, fallback: goalFallback))
    }

    /// The day's Move goal in the calculator's unit, for active energy only.
    private static func moveGoal(_ calculator: TrendsCalculator, on day: Date, fallback: Double) throws -> Double? {
        guard calculator.type == TrendsCalculator.activeEnergy else { return nil }
        let kilocalories = try calculator.moveGoal(on: day, fallback: fallback)
        return try HealthUnit.kilocalorie.convert(kilocalories, to: calculator.unit)
    }

    /// The numbers as JSON.
    public var json: JSONValue {
        .object([
            ("type", .string(type.identifier)), ("unit", .string(unit.unitString)), ("timeZone", .string(timeZoneName)),
            ("day", .string(DateWriter.format(day, in: timeZone))), ("typicalDays", .number(Double(days))),
            ("total", .number(total)), ("projectedTotal", .number(projectedTotal)),
            ("typicalEndOfDay", .number(typicalEndOfDay)),
            ("moveGoal", .number(moveGoal)),
            (
                "hours",
                .array(
                    rows.map { row in
                        .object([
                            ("end", .string(DateWriter.format(row.end, in: timeZone))), ("total", .number(row.total)),
                            ("typical", .number(row.typical)),
                        ])
                    })
            ),
        ])
    }

    /// A terminal chart: one line per hour with a bar for the day's total and `|` where the typical day stands, then
    /// the projection and the goal.
    public func chart(width: Int = 40) -> String {
        let scale = max(
            rows.compactMap(\.total).max() ?? 0, rows.map(\.typical).max() ?? 0, moveGoal ?? 0, projectedTotal, 1)
        func column(_ value: Double) -> Int { min(width, Int((value / scale * Double(width)).rounded())) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let hourFormat = { (date: Date) -> String in
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        }
        var lines = [
            "\(type.identifier) (\(unit.unitString)), \(DateWriter.format(day, in: timeZone).prefix(10)) in \(timeZoneName): today ▇, typical day of the last \(days) |\(moveGoal == nil ? "" : " , goal ┆")"
        ]
        let goalColumn = moveGoal.map(column)
        for row in rows {
            var cells = Array(repeating: Character(" "), count: width + 1)
            if let total = row.total { for index in 0..<column(total) { cells[index] = "▇" } }
            if let goalColumn, goalColumn <= width, goalColumn > 0, cells[goalColumn] == " " { cells[goalColumn] = "┆" }
            cells[min(width, column(row.typical))] = "|"
            let figure = row.total.map { String(format: "%8.0f", $0) } ?? "       ·"
            lines.append(
                "\(hourFormat(row.end)) \(String(cells)) \(figure)  typical \(String(format: "%.0f", row.typical))")
        }
        lines.append(
            String(format: "so far %.0f · projected %.0f · typical day %.0f", total, projectedTotal, typicalEndOfDay)
                + (moveGoal.map { String(format: " · goal %.0f", $0) } ?? ""))
        return lines.joined(separator: "\n") + "\n"
    }
}
