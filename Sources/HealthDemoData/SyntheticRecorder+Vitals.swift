import Foundation
import HealthModel

extension SyntheticRecorder {
    /// The Watch's vitals of a day: one resting heart rate (drifting down over months, up after lazy days and on the
    /// first days of the trip), a few HRV (SDNN) readings, respiratory rate and blood oxygen during the night.
    mutating func recordWatchVitals(_ day: SyntheticDay, night: ClosedRange<Date>?) throws(HealthModelError) {
        guard day.watchWorn else { return }
        let fitness = Self.fitness(day)
        let jetLag = day.away && day.index % 91 < 16 ? 2.0 : 0
        let resting = 62 - 7 * fitness + (day.kind == .lazy ? 1.5 : 0) + jetLag + uniform(-1.5...1.5)
        try recordWatch(
            restingHeartRate, resting.rounded(), perMinute, from: day.at(0.5), to: day.at(min(23.5, day.endHour)))
        var readings: [Date] = [day.at(uniform(9...11)), day.at(uniform(14...16))]
        if let night {
            let middle = night.lowerBound.addingTimeInterval(night.upperBound.timeIntervalSince(night.lowerBound) / 2)
            readings.insert(middle, at: 0)
            for fraction in [0.2, 0.5, 0.8] {
                let time = night.lowerBound.addingTimeInterval(
                    night.upperBound.timeIntervalSince(night.lowerBound) * fraction)
                try recordWatch(
                    respiratoryRate, (uniform(13.5...15.8) * 10).rounded() / 10, perMinute, from: time,
                    to: time.addingTimeInterval(300))
            }
            for fraction in [0.3, 0.7] {
                let time = night.lowerBound.addingTimeInterval(
                    night.upperBound.timeIntervalSince(night.lowerBound) * fraction)
                try recordWatch(oxygenSaturation, (uniform(0.94...0.99) * 100).rounded() / 100, .percent, from: time)
            }
        }
        for time in readings where time < day.at(day.endHour) {
            let variability = max(12, 38 + 14 * fitness + uniform(-10...10))
            try recordWatch(
                heartRateVariability, variability.rounded(), .second(.milli), from: time,
                to: time.addingTimeInterval(60))
        }
    }

    /// The scale app's readings at home: weight and body fat on some mornings, blood pressure now and then (as a
    /// correlation of systolic and diastolic). The scale stays at home on the trip.
    mutating func recordScale(_ day: SyntheticDay) throws(HealthModelError) {
        let weighs = uniform(0...1) < 0.45
        let measuresPressure = uniform(0...1) < 0.2
        let morning = day.at(7.1 + uniform(-0.15...0.15))
        guard !day.away else { return }
        let trend = min(1, Double(day.index) / 365)
        if weighs {
            let kilograms = 79.0 - 2.5 * trend + uniform(-0.35...0.35)
            let fat = 0.22 - 0.02 * trend + uniform(-0.004...0.004)
            scale.append(
                try .quantity(
                    type: bodyMass, quantity: Quantity((kilograms * 10).rounded() / 10, .gram(.kilo)), start: morning,
                    end: morning))
            scale.append(
                try .quantity(
                    type: bodyFat, quantity: Quantity((fat * 1000).rounded() / 1000, .percent), start: morning,
                    end: morning))
        }
        if measuresPressure {
            let time = morning.addingTimeInterval(300)
            let upper = try Sample.quantity(
                type: systolic, quantity: Quantity((122 - 4 * trend + uniform(-6...6)).rounded(), .millimeterOfMercury),
                start: time, end: time)
            let lower = try Sample.quantity(
                type: diastolic, quantity: Quantity((80 - 2 * trend + uniform(-4...4)).rounded(), .millimeterOfMercury),
                start: time, end: time)
            scale.append(try .correlation(type: bloodPressure, start: time, end: time, objects: [upper, lower]))
        }
    }
}
