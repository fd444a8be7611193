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
            // Halfway cases at each number of places, and values a hair either side of a half.
            values.append((value * 1_000).rounded() / 1_000 + 0.0005)
            let half = ((value * 10).rounded(.down) + 0.5) / 10
            values += [half.nextUp, half.nextDown, half + 1e-9, half - 1e-9, half + 2e-7, half - 2e-7]
        }
        for value in values {
            for places in 0...6 {
                #expect(PeopleFormat.printf(value, places: places) == String(format: "%.\(places)f", locale: nil, value), "\(value) \(places)")
            }
        }
        #expect(
            PeopleFormat.percent(34.25) == "34.2%" && PeopleFormat.signedPercent(-3.04) == "−3.0%" && PeopleFormat.trimmed(58.50, places: 2) == "58.5"
        )
    }

    @Test("grouped digits: the text the Character-walking version made, for every size and sign")
    func groupedAsBefore() {
        // The version it replaced, kept as the reference.
        func walked(_ value: Int64) -> String {
            let digits = String(value.magnitude)
            var result = ""
            for (index, character) in digits.enumerated() {
                if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
                result.append(character)
            }
            return (value < 0 ? "−" : "") + result
        }
        var values: [Int64] = [0, 1, -1, 9, 10, 999, 1_000, -1_000, 999_999, 1_000_000, 12_345_678, .max, .min, .min + 1]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let digits = Int.random(in: 1...18, using: &generator)
            let value = Int64.random(in: 0..<Int64(pow(10, Double(digits))), using: &generator)
            values.append(Bool.random(using: &generator) ? value : -value)
        }
        for value in values { #expect(PeopleFormat.grouped(value) == walked(value), "\(value)") }
        #expect(PeopleFormat.grouped(-1_234_567) == "−1,234,567")
    }

    @Test("fixed decimals: the text the concatenating version made, half away from zero, for every size it takes")
    func fixedAsBefore() {
        // The version it replaced, kept as the reference.
        func concatenated(_ value: Double, places: Int) -> String {
            var scale: Int64 = 1
            for _ in 0..<places { scale *= 10 }
            let scaled = Int64((abs(value) * Double(scale)).rounded())
            let whole = String(scaled / scale)
            let sign = value < 0 && scaled != 0 ? "-" : ""
            guard places > 0 else { return sign + whole }
            let fraction = String(scaled % scale)
            return sign + whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 0.5, -0.5, 0.05, 0.125, 1.5, 2.5, -2.5, 99.95, 999_999.999_9, -0.000_000_4, 1e12, 9.2e12]
        for _ in 0..<5_000 {
            values.append(
                (Bool.random(using: &generator) ? -1 : 1) * pow(10, Double.random(in: -7...12, using: &generator))
                    * Double.random(in: 0...1, using: &generator))
        }
        for value in values {
            for places in 0...6 where abs(value) * pow(10, Double(places)) < 9e18 {
                #expect(PeopleFormat.fixed(value, places: places) == concatenated(value, places: places), "\(value) \(places)")
            }
        }
        // Past what the digits fit in, and not finite: printf's text, not a trap.
        #expect(PeopleFormat.fixed(9.9e14, places: 6) == String(format: "%.6f", locale: nil, 9.9e14))
        #expect(PeopleFormat.fixed(.infinity, places: 1) == "inf" && PeopleFormat.fixed(2e15, places: 0) == "2000000000000000")
    }
}
