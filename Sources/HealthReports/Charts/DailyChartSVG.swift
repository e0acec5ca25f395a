import Foundation

/// A chart of one figure per day (the web page's last 30 days of steps, energy, resting heart rate and sleep): bars
/// or a line over a day axis, a value axis labelled with the unit, days without data left as gaps, and "no data" when
/// no day has any. An `<svg>` element to put in an HTML page (no XML declaration).
///
/// Written by hand for the reason `TrendsChartSVG` is: a few elements, one escaping rule, no SVG package on the machine.
public struct DailyChartSVG: Sendable {
    /// How the days are drawn.
    public enum Style: Sendable {
        /// A bar per day from zero (totals: steps, energy, sleep).
        case bars
        /// A line through the days, broken where a day has no data (levels: resting heart rate).
        case line
    }

    /// One day: its start and its figure (nil: no data).
    public struct Day: Sendable, Hashable {
        /// The day's start.
        public let start: Date
        /// The day's figure; nil when the day has no data.
        public let value: Double?

        /// A day.
        public init(start: Date, value: Double?) {
            self.start = start
            self.value = value
        }
    }

    /// The element's id and the chart's name ("steps").
    public let identifier: String
    /// The heading ("Steps").
    public let title: String
    /// The unit the figures are in, written on the value axis and in the summary ("count", "kcal", "count/min", "hr").
    public let unit: String
    /// The days, oldest first.
    public let days: [Day]
    /// Bars or a line.
    public let style: Style
    /// The colour of the bars or the line.
    public let colour: String
    /// The time zone the days are in (for their labels).
    public let timeZone: TimeZone
    /// The time zone's name in the caption (its identifier unless given: Foundation names a zone made from "UTC" "GMT").
    public let timeZoneName: String
    /// The picture's width in pixels.
    public let width: Double
    /// The picture's height in pixels.
    public let height: Double

    /// A chart of days.
    public init(
        identifier: String, title: String, unit: String, days: [Day], style: Style, colour: String, timeZone: TimeZone,
        timeZoneName: String? = nil, width: Double = 960, height: Double = 300
    ) {
        self.identifier = identifier
        self.title = title
        self.unit = unit
        self.days = days
        self.style = style
        self.colour = colour
        self.timeZone = timeZone
        self.timeZoneName = timeZoneName ?? timeZone.identifier
        self.width = width
        self.height = height
    }

    private var left: Double { 96 }
    private var right: Double { width - 24 }
    private var top: Double { 64 }
    private var bottom: Double { height - 60 }

    /// The `<svg>` element.
    public var element: String {
        let values = days.compactMap(\.value)
        let scale = ValueScale(maximum: values.max() ?? 0)
        var parts: [String] = []
        parts.append(
            #"<svg xmlns="http://www.w3.org/2000/svg" id="\#(escape(identifier))" class="daily-chart" width="\#(number(width))" height="\#(number(height))" "#
                + #"viewBox="0 0 \#(number(width)) \#(number(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12" role="img" "#
                + #"aria-label="\#(escape("\(title) (\(unit)), last \(days.count) days"))">"#)
        parts.append(#"<rect width="100%" height="100%" fill="rgb(255,255,255)"/>"#)
        parts.append(
            #"<text class="heading" x="\#(number(left))" y="26" font-size="16" font-weight="bold" fill="rgb(31,35,40)">\#(escape("\(title) (\(unit))"))</text>"#
        )
        parts.append(
            #"<text class="summary" x="\#(number(left))" y="48" font-size="13" fill="rgb(31,35,40)">\#(escape(summary(values, scale)))</text>"#
        )
        parts.append(valueAxis(scale, ticks: !values.isEmpty))
        parts.append(dayAxis())
        if values.isEmpty {
            parts.append(
                #"<text class="no-data" x="\#(number((left + right) / 2))" y="\#(number((top + bottom) / 2))" text-anchor="middle" font-size="16" fill="rgb(87,96,106)">no data</text>"#
            )
        } else {
            parts.append(style == .bars ? bars(scale) : line(scale))
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// "average 8432 count a day over 27 days with data · latest 9120 count" or "no data in the last 30 days".
    func summary(_ values: [Double], _ scale: ValueScale) -> String {
        guard !values.isEmpty, let latest = days.last(where: { $0.value != nil }) else {
            return "no data in the last \(days.count) days"
        }
        let average = values.reduce(0, +) / Double(values.count)
        let counted = values.count == 1 ? "1 day" : "\(values.count) days"
        return
            "average \(scale.figure(average)) \(unit) over \(counted) with data · latest \(scale.figure(latest.value ?? 0)) \(unit) on \(dayText(latest.start))"
    }

    // MARK: Geometry

    /// The width of one day's slot.
    private var slot: Double { (right - left) / Double(max(days.count, 1)) }

    /// The x of the middle of the `index`th day.
    private func x(_ index: Int) -> Double { left + slot * (Double(index) + 0.5) }

    private func y(_ value: Double, _ scale: ValueScale) -> Double { bottom - (bottom - top) * value / scale.top }

    private func escape(_ text: String) -> String { TrendsChartSVG.escape(text) }

    private func number(_ value: Double) -> String { TrendsChartSVG.coordinate(value) }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// "Mar 10".
    private func dayText(_ date: Date) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = calendar.dateComponents([.month, .day], from: date)
        return "\(months[((parts.month ?? 1) - 1) % 12]) \(parts.day ?? 1)"
    }

    // MARK: Parts

    /// The value axis: gridlines and ticks labelled with the unit (none without data).
    private func valueAxis(_ scale: ValueScale, ticks: Bool) -> String {
        var lines = [#"<g class="value-axis" font-size="11" fill="rgb(87,96,106)">"#]
        lines += scale.axis(left: left, right: right, top: top, bottom: bottom, unit: unit, ticks: ticks) {
            y($0, scale)
        }
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }

    /// The day axis: each day's number under its slot (weekends bold), the month's name under the first day shown and
    /// under each 1st.
    private func dayAxis() -> String {
        var lines = [#"<g class="day-axis" font-size="10" fill="rgb(87,96,106)">"#]
        lines.append(
            #"<line x1="\#(number(left))" y1="\#(number(bottom))" x2="\#(number(right))" y2="\#(number(bottom))" stroke="rgb(87,96,106)" stroke-width="1"/>"#
        )
        for (index, day) in days.enumerated() {
            let parts = calendar.dateComponents([.day, .weekday], from: day.start)
            let weekend = parts.weekday == 1 || parts.weekday == 7
            lines.append(
                #"<text class="tick" x="\#(number(x(index)))" y="\#(number(bottom + 16))" text-anchor="middle"\#(weekend ? #" font-weight="bold""# : "")>\#(parts.day ?? 0)</text>"#
            )
            if index == 0 || parts.day == 1 {
                lines.append(
                    #"<text class="month" x="\#(number(x(index)))" y="\#(number(bottom + 30))" text-anchor="middle">\#(escape(String(dayText(day.start).prefix(3))))</text>"#
                )
            }
        }
        lines.append(
            #"<text class="caption" x="\#(number((left + right) / 2))" y="\#(number(bottom + 48))" text-anchor="middle" font-size="11">\#(escape("day (\(timeZoneName)); weekends in bold; no mark: no data that day"))</text>"#
        )
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }

    /// A bar per day with data.
    private func bars(_ scale: ValueScale) -> String {
        var lines = [#"<g class="bars" fill="\#(colour)">"#]
        let barWidth = slot * 0.7
        for (index, day) in days.enumerated() {
            guard let value = day.value else { continue }
            let height = bottom - y(value, scale)
            lines.append(
                #"<rect x="\#(number(x(index) - barWidth / 2))" y="\#(number(y(value, scale)))" width="\#(number(barWidth))" height="\#(number(height))"><title>\#(escape("\(dayText(day.start)): \(scale.figure(value)) \(unit)"))</title></rect>"#
            )
        }
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }

    /// A line through consecutive days with data, broken at days without, and a dot on every day with data.
    private func line(_ scale: ValueScale) -> String {
        var lines = [#"<g class="line">"#]
        var run: [(Double, Double)] = []
        func flush() {
            if run.count > 1 {
                let list = run.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " ")
                lines.append(
                    #"<polyline points="\#(list)" fill="none" stroke="\#(colour)" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"/>"#
                )
            }
            run = []
        }
        for (index, day) in days.enumerated() {
            guard let value = day.value else {
                flush()
                continue
            }
            run.append((x(index), y(value, scale)))
        }
        flush()
        for (index, day) in days.enumerated() {
            guard let value = day.value else { continue }
            lines.append(
                #"<circle cx="\#(number(x(index)))" cy="\#(number(y(value, scale)))" r="3.5" fill="\#(colour)"><title>\#(escape("\(dayText(day.start)): \(scale.figure(value)) \(unit)"))</title></circle>"#
            )
        }
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }
}
