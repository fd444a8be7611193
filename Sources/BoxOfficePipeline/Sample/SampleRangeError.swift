import BoxOfficeModel

/// `--sample` with a range outside the simulated week.
package struct SampleRangeError: UserFacingError {
    package let range: DateRange

    /// Refuses a range not inside the bundled sample's week (`report --sample`, `tmdb review --sample`).
    package static func check(_ range: DateRange) throws(SampleRangeError) {
        guard SampleData.week.contains(range.start), SampleData.week.contains(range.end) else { throw SampleRangeError(range: range) }
    }

    package var errorDescription: String? {
        "the bundled sample covers \(SampleData.week.start.iso)..\(SampleData.week.end.iso) only; \(range.displayText) is outside it"
    }
    package var exitStatus: ExitStatus { .usage }
}
