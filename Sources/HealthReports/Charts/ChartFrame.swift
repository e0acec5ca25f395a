import Foundation

/// The opening of a chart's `<svg>` element that the daily and the sleep chart share: the element with its size,
/// font and accessible label, a white background, and the heading at the plot's left edge.
enum ChartFrame {
    /// The opening lines; the caller appends its parts and closes with `</svg>`.
    static func opening(
        identifier: String, cssClass: String, width: Double, height: Double, label: String, heading: String,
        headingX: Double
    ) -> [String] {
        let (escape, number) = (TrendsChartSVG.escape, TrendsChartSVG.coordinate)
        return [
            #"<svg xmlns="http://www.w3.org/2000/svg" id="\#(escape(identifier))" class="\#(cssClass)" width="\#(number(width))" height="\#(number(height))" "#
                + #"viewBox="0 0 \#(number(width)) \#(number(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12" role="img" "#
                + #"aria-label="\#(escape(label))">"#,
            #"<rect width="100%" height="100%" fill="rgb(255,255,255)"/>"#,
            #"<text class="heading" x="\#(number(headingX))" y="26" font-size="16" font-weight="bold" fill="rgb(31,35,40)">\#(escape(heading))</text>"#,
        ]
    }
}
