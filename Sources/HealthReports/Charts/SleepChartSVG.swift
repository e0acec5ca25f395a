import Foundation
import HealthEngine
import HealthModel

/// Sleep night by night (`ohk report` and the web page): for each waking day a bar stacked from its stages (deep,
/// core, REM, asleep without a stage, then awake time on top), drawn over a lighter bar of its time in bed when a
/// source recorded one; nights without data left as gaps, naps not drawn (they are not the night). The figures are the
/// sleep-night engine's (`SleepNight`), so sources are merged by priority and a night across a clock change is as long
/// as it really was. An `<svg>` element to put in an HTML page.
///
/// Written by hand for the reason `TrendsChartSVG` is.
public struct SleepChartSVG: Sendable {
    /// The element's id.
    public let identifier: String
    /// The heading.
    public let title: String
    /// The nights (naps are left out of the picture).
    public let nights: [SleepNight]
    /// The first waking day's start.
    public let firstDay: Date
    /// How many days the axis shows.
    public let dayCount: Int
    /// The calendar whose days are shown.
    public let calendar: Calendar
    /// The time zone's name as the caption writes it.
    public let timeZoneName: String
    /// The picture's width in pixels.
    public let width: Double
    /// The picture's height in pixels.
    public let height: Double

    /// The layers of a bar from the bottom, with their names and colours.
    static let layers: [(stage: SleepStage, name: String, colour: String)] = [
        (.asleepDeep, "deep", "#3b2a8f"), (.asleepCore, "core", "#2f6fdb"), (.asleepREM, "REM", "#36b3e0"),
        (.asleepUnspecified, "asleep", "#6f42c1"), (.awake, "awake", "#f29b38"),
    ]

    /// A chart of `dayCount` waking days from the day containing `firstDay`.
    public init(
        identifier: String = "sleep", title: String = "Sleep by the day of waking", nights: [SleepNight],
        firstDay: Date, dayCount: Int, calendar: Calendar, timeZoneName: String? = nil, width: Double = 960,
        height: Double = 300
    ) {
        self.identifier = identifier
        self.title = title
        self.nights = nights.filter { !$0.isNap }
        self.firstDay = calendar.startOfDay(for: firstDay)
        self.dayCount = max(dayCount, 1)
        self.calendar = calendar
        self.timeZoneName = timeZoneName ?? calendar.timeZone.identifier
        self.width = width
        self.height = height
    }

    private var left: Double { 96 }
    private var right: Double { width - 24 }
    private var top: Double { 64 }
    private var bottom: Double { height - 60 }
    private var slot: Double { (right - left) / Double(dayCount) }
    private func x(_ index: Int) -> Double { left + slot * (Double(index) + 0.5) }
    private func number(_ value: Double) -> String { TrendsChartSVG.coordinate(value) }
    private func escape(_ text: String) -> String { TrendsChartSVG.escape(text) }

    /// The day index of each night in the window (by its waking day), nights outside left out.
    private var placed: [(index: Int, night: SleepNight)] {
        nights.compactMap { night in
            guard let day = calendar.date(from: night.wakingDay),
                let index = calendar.dateComponents([.day], from: firstDay, to: day).day, index >= 0,
                index < dayCount
            else { return nil }
            return (index, night)
        }
    }

    /// The `<svg>` element.
    public var element: String {
        let shown = placed
        let tallest = shown.map { max($0.night.inBed ?? 0, $0.night.asleep + $0.night.awake) }.max() ?? 0
        let scale = ValueScale(maximum: tallest / 3600)
        func y(_ hours: Double) -> Double { bottom - (bottom - top) * hours / scale.top }
        var parts = ChartFrame.opening(
            identifier: identifier, cssClass: "sleep-chart", width: width, height: height,
            label: "\(title), \(dayCount) days", heading: "\(title) (hr)", headingX: left)
        parts.append(legend())
        parts.append(#"<g class="value-axis" font-size="11" fill="rgb(87,96,106)">"#)
        parts += scale.axis(left: left, right: right, top: top, bottom: bottom, unit: "hr", ticks: !shown.isEmpty) {
            y($0)
        }
        parts.append("</g>")
        parts.append(
            DailyChartSVG(
                identifier: identifier, title: title, unit: "hr",
                days: (0..<dayCount).map {
                    DailyChartSVG.Day(
                        start: calendar.date(byAdding: .day, value: $0, to: firstDay) ?? firstDay, value: nil)
                }, style: .bars, colour: "", timeZone: calendar.timeZone, timeZoneName: timeZoneName, width: width,
                height: height
            ).timeAxis())
        if shown.isEmpty {
            parts.append(
                #"<text class="no-data" x="\#(number((left + right) / 2))" y="\#(number((top + bottom) / 2))" text-anchor="middle" font-size="16" fill="rgb(87,96,106)">no data</text>"#
            )
        }
        let barWidth = slot * 0.7
        parts.append(#"<g class="nights">"#)
        for (index, night) in shown {
            let barLeft = number(x(index) - barWidth / 2)
            let label = DateWriter.day(
                year: night.wakingDay.year ?? 0, month: night.wakingDay.month ?? 0, day: night.wakingDay.day ?? 0)
            var tip = "\(label): asleep \(NumberText.hoursAndMinutes(night.asleep))"
            if let inBed = night.inBed { tip += ", in bed \(NumberText.hoursAndMinutes(inBed))" }
            parts.append(#"<g class="night"><title>\#(escape(tip))</title>"#)
            if let inBed = night.inBed, inBed > 0 {
                parts.append(
                    #"<rect class="in-bed" x="\#(barLeft)" y="\#(number(y(inBed / 3600)))" width="\#(number(barWidth))" height="\#(number(bottom - y(inBed / 3600)))" fill="rgb(222,226,230)"/>"#
                )
            }
            var stacked = 0.0
            for layer in Self.layers {
                let hours = night.time(in: layer.stage) / 3600
                guard hours > 0 else { continue }
                let (low, high) = (y(stacked), y(stacked + hours))
                parts.append(
                    #"<rect class="\#(layer.name)" x="\#(barLeft)" y="\#(number(high))" width="\#(number(barWidth * 0.8))" height="\#(number(low - high))" fill="\#(layer.colour)"/>"#
                )
                stacked += hours
            }
            parts.append("</g>")
        }
        parts.append("</g>")
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// The colour key: a swatch and a name per layer, and time in bed.
    private func legend() -> String {
        var lines = [#"<g class="legend" font-size="12" fill="rgb(31,35,40)">"#]
        var position = left
        for (name, colour) in Self.layers.map({ ($0.name, $0.colour) }) + [("in bed", "rgb(222,226,230)")] {
            lines.append(
                #"<rect x="\#(number(position))" y="38" width="12" height="12" fill="\#(colour)"/><text x="\#(number(position + 16))" y="48">\#(escape(name))</text>"#
            )
            position += 28 + Double(name.count) * 7.5
        }
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }
}
