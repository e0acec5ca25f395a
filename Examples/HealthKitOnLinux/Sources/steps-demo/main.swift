import Foundation
import StepsKit

// Saves two walks on 10 March 2024 in Los Angeles (the spring-forward day) and prints the day's total and the feed.
var calendar = Calendar(identifier: .gregorian)
calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
let day = calendar.date(from: DateComponents(year: 2024, month: 3, day: 10))!
let steps = StepStore()
try await steps.requestAccess()
try await steps.saveWalk(steps: 1_200, start: day.addingTimeInterval(8 * 3600), end: day.addingTimeInterval(9 * 3600))
try await steps.saveWalk(steps: 640, start: day.addingTimeInterval(15 * 3600), end: day.addingTimeInterval(15.5 * 3600))
let total = try await steps.total(on: day, calendar: calendar)
let first = try await steps.added(since: nil)
let again = try await steps.added(since: first.anchor)
print("steps on 2024-03-10: \(Int(total)); added: \(first.count), then \(again.count)")
