import Foundation
import Testing

@testable import BoxOfficeModel

@Suite("Numbers for people")
struct PeopleFormatTests {
    @Test("%.Nf through the C library: the text String(format:) gives, for every kind of value and 0 to 6 places")
    func printfAsFoundation() {
        var values: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 1.005, 2.675, 12.345, 99.95, 99.995, 100, -3.04999, 1e15, 1.2345e17, -9.87e20,
            .greatestFiniteMagnitude, .leastNonzeroMagnitude, .infinity, -.infinity, .nan, 3_700_000_000.5,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let magnitude = Double.random(in: -3...9, using: &generator)
            let value = (Bool.random(using: &generator) ? -1 : 1) * pow(10, magnitude) * Double.random(in: 0...1, using: &generator)
            values.append(value)
            // Halfway cases at each number of places.
            values.append((value * 1_000).rounded() / 1_000 + 0.0005)
        }
        for value in values {
            for places in 0...6 {
                #expect(PeopleFormat.printf(value, places: places) == String(format: "%.\(places)f", locale: nil, value), "\(value) \(places)")
            }
        }
        #expect(PeopleFormat.percent(34.25) == "34.2%" && PeopleFormat.signedPercent(-3.04) == "−3.0%" && PeopleFormat.trimmed(58.50, places: 2) == "58.5")
    }
}
