import Foundation

/// A chart of one figure per day, week or month (the web page's last 30 days of steps, energy and resting heart rate;
/// `ohk report`'s activity, heart and body charts): bars or a line over a time axis, a value axis labelled with the
/// unit, buckets without data left as gaps, and "no data" when none has any. An `<svg>` element to put in an HTML page
/// (no XML declaration). Long axes label every few buckets so labels never overlap.
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

    /// How long each bucket (each `Day`) is.
    public enum Bucket: String, Sendable {
        /// A calendar day.
        case day
        /// A week (starting on the bucket's start).
        case week
        /// A calendar month.
        case month
    }

    /// One bucket (a day unless the chart's `bucket` says otherwise): its start and its figure (nil: no data).
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
    /// How long each of `days` is.
    public let bucket: Bucket

    /// A chart of days.
    public init(
        identifier: String, title: String, unit: String, days: [Day], style: Style, colour: String, timeZone: TimeZone,
        timeZoneName: String? = nil, width: Double = 960, height: Double = 300, bucket: Bucket = .day
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
        self.bucket = bucket
    }

    /// Room for the value axis's labels (`15.5 breaths/min`): 96 px, more for long units (about 6.6 px a character at
    /// 11 px, for up to seven characters of number and a space).
    private var left: Double { max(96, 16 + 6.6 * Double(unit.count + 7)) }
    private var right: Double { width - 24 }
    private var top: Double { 64 }
    private var bottom: Double { height - 60 }

    /// The `<svg>` element.
    public var element: String {
        let values = days.compactMap(\.value)
        let scale =
            style == .line
            ? ValueScale(minimum: values.min() ?? 0, maximum: values.max() ?? 0)
            : ValueScale(maximum: values.max() ?? 0)
        var parts = ChartFrame.opening(
            identifier: identifier, cssClass: "daily-chart", width: width, height: height,
            label: "\(title) (\(unit)), \(counted(days.count))", heading: heading, headingX: left)
        parts.append(
            #"<text class="summary" x="\#(number(left))" y="48" font-size="13" fill="rgb(31,35,40)">\#(escape(summary(values, scale)))</text>"#
        )
        parts.append(valueAxis(scale, ticks: !values.isEmpty))
        parts.append(timeAxis())
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
            return "no data in the last \(counted(days.count))"
        }
        let average = values.reduce(0, +) / Double(values.count)
        let per = bucket == .day || style == .line ? "" : " a \(bucket.rawValue)"
        return
            "average \(figure(average, scale)) \(unit)\(per) over \(counted(values.count)) with data · latest \(figure(latest.value ?? 0, scale)) \(unit) on \(dayText(latest.start))"
    }

    /// A figure to the scale's precision, thousands grouped: `12,435`.
    private func figure(_ value: Double, _ scale: ValueScale) -> String {
        NumberText.grouped(value, places: scale.step >= 10 ? 0 : scale.decimals + 1)
    }

    /// "Steps (count)", or the title alone when it names its unit ("Steps" in steps).
    private var heading: String { title.lowercased() == unit.lowercased() ? title : "\(title) (\(unit))" }

    /// "1 day", "27 days", "12 weeks".
    private func counted(_ count: Int) -> String {
        count == 1 ? "1 \(bucket.rawValue)" : "\(count) \(bucket.rawValue)s"
    }

    // MARK: Geometry

    /// The width of one day's slot.
    private var slot: Double { (right - left) / Double(max(days.count, 1)) }

    /// The x of the middle of the `index`th day.
    private func x(_ index: Int) -> Double { left + slot * (Double(index) + 0.5) }

    private func y(_ value: Double, _ scale: ValueScale) -> Double {
        bottom - (bottom - top) * (value - scale.floor) / (scale.top - scale.floor)
    }

    private func escape(_ text: String) -> String { TrendsChartSVG.escape(text) }

    private func number(_ value: Double) -> String { TrendsChartSVG.coordinate(value) }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// "Mar 10" ("week of Mar 10", "Mar 2024" for longer buckets).
    private func dayText(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let month = Self.monthNames[((parts.month ?? 1) - 1) % 12]
        switch bucket {
        case .day: return "\(month) \(parts.day ?? 1)"
        case .week: return "week of \(month) \(parts.day ?? 1)"
        case .month: return "\(month) \(parts.year ?? 0)"
        }
    }

    /// The months' short names, January first.
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

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

    /// Every how many buckets a label is written: every one up to 45, then few enough for about 30 labels.
    private var labelEvery: Int { days.count <= 45 ? 1 : Int((Double(days.count) / 30).rounded(.up)) }

    /// The time axis. Days: each day's number under its slot (weekends bold), the month's name under the first day
    /// shown and under each 1st. Weeks: the Monday's day number, the month's name where it changes. Months: the month,
    /// the year under the first and under each January. Past 45 buckets, every few buckets only.
    func timeAxis() -> String {
        var lines = [#"<g class="day-axis" font-size="10" fill="rgb(87,96,106)">"#]
        lines.append(
            #"<line x1="\#(number(left))" y1="\#(number(bottom))" x2="\#(number(right))" y2="\#(number(bottom))" stroke="rgb(87,96,106)" stroke-width="1"/>"#
        )
        var lastMonth: Int?
        for (index, day) in days.enumerated() {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: day.start)
            let month = Self.monthNames[((parts.month ?? 1) - 1) % 12]
            let labelled = index % labelEvery == 0
            let (tick, second): (String?, String?)
            switch bucket {
            case .day:
                tick = labelled ? String(parts.day ?? 0) : nil
                second = index == 0 || parts.day == 1 ? month : nil
            case .week:
                tick = labelled ? String(parts.day ?? 0) : nil
                second = labelled && parts.month != lastMonth ? month : nil
                if labelled { lastMonth = parts.month }
            case .month:
                tick = labelled ? month : nil
                second = labelled && (index == 0 || parts.month == 1) ? String(parts.year ?? 0) : nil
            }
            let weekend = bucket == .day && (parts.weekday == 1 || parts.weekday == 7)
            if let tick {
                lines.append(
                    #"<text class="tick" x="\#(number(x(index)))" y="\#(number(bottom + 16))" text-anchor="middle"\#(weekend ? #" font-weight="bold""# : "")>\#(escape(tick))</text>"#
                )
            }
            if let second {
                lines.append(
                    #"<text class="month" x="\#(number(x(index)))" y="\#(number(bottom + 30))" text-anchor="middle">\#(escape(second))</text>"#
                )
            }
        }
        let caption: String
        switch bucket {
        case .day: caption = "day (\(timeZoneName)); weekends in bold; no mark: no data that day"
        case .week: caption = "week from Monday (\(timeZoneName)); no mark: no data that week"
        case .month: caption = "month (\(timeZoneName)); no mark: no data that month"
        }
        lines.append(
            #"<text class="caption" x="\#(number((left + right) / 2))" y="\#(number(bottom + 48))" text-anchor="middle" font-size="11">\#(escape(caption))</text>"#
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
                #"<rect x="\#(number(x(index) - barWidth / 2))" y="\#(number(y(value, scale)))" width="\#(number(barWidth))" height="\#(number(height))"><title>\#(escape("\(dayText(day.start)): \(figure(value, scale)) \(unit)"))</title></rect>"#
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
                #"<circle cx="\#(number(x(index)))" cy="\#(number(y(value, scale)))" r="3.5" fill="\#(colour)"><title>\#(escape("\(dayText(day.start)): \(figure(value, scale)) \(unit)"))</title></circle>"#
            )
        }
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }
}
