import BoxOfficeModel
import Foundation

/// A film in a simulated KOBIS: enough to derive its daily figures and its movie info.
package struct SimulatedFilm: Sendable, Hashable {
    package var code: String
    package var title: String
    package var titleEnglish: String
    package var nations: [String]
    package var genres: [String]
    package var director: (name: String, nameEnglish: String)
    package var distributor: String
    /// A second distributor (배급사) KOBIS lists for the film, co-distributing it.
    package var coDistributor: String? = nil
    package var watchGrade: String
    package var runtimeMinutes: Int
    package var productionYear: Int
    /// The open date KOBIS movie info gives (the original release).
    package var releaseDate: Day
    /// The open date the chart shows; nil shows it blank, as KOBIS does for some re-releases.
    package var chartOpenDate: Day?
    /// The first day with ticket sales: earlier than the open date for paid previews.
    package var firstDay: Day
    /// Audience on the first full day after opening, before weekday effects.
    package var openingAudience: Double
    /// Audience kept from one week to the next.
    package var weeklyRetention: Double
    /// Daily audience of paid previews before the open date.
    package var previewAudience: Double
    /// The days with paid previews; every day from `firstDay` to the open date when empty.
    package var previewDays: Set<Day>
    package var diversity: Bool
    package var ticketPrice: Double
    package var screensAtOpening: Double
    /// Admissions and sales from earlier releases, carried in the cumulative figures.
    package var priorAudience: Int64
    package var priorSales: Int64

    package init(
        code: String, title: String, titleEnglish: String, nations: [String], genres: [String],
        director: (String, String), distributor: String, watchGrade: String, runtimeMinutes: Int,
        productionYear: Int, releaseDate: Day, chartOpenDate: Day?? = nil, firstDay: Day? = nil,
        openingAudience: Double, weeklyRetention: Double, previewAudience: Double = 0,
        previewDays: Set<Day> = [], diversity: Bool = false, ticketPrice: Double = 10_800, screensAtOpening: Double,
        priorAudience: Int64 = 0, priorSales: Int64 = 0
    ) {
        self.code = code
        self.title = title
        self.titleEnglish = titleEnglish
        self.nations = nations
        self.genres = genres
        self.director = director
        self.distributor = distributor
        self.watchGrade = watchGrade
        self.runtimeMinutes = runtimeMinutes
        self.productionYear = productionYear
        self.releaseDate = releaseDate
        self.chartOpenDate = chartOpenDate ?? releaseDate
        self.firstDay = firstDay ?? releaseDate
        self.openingAudience = openingAudience
        self.weeklyRetention = weeklyRetention
        self.previewAudience = previewAudience
        self.previewDays = previewDays
        self.diversity = diversity
        self.ticketPrice = ticketPrice
        self.screensAtOpening = screensAtOpening
        self.priorAudience = priorAudience
        self.priorSales = priorSales
    }

    package static func == (lhs: SimulatedFilm, rhs: SimulatedFilm) -> Bool { lhs.code == rhs.code }
    package func hash(into hasher: inout Hasher) { hasher.combine(code) }

    package var isKorean: Bool { MovieInfo.isKorean(nations: nations) }

    /// The date the chart counts ages from: the current release.
    var runStart: Day { chartOpenDate ?? firstDay }

    /// Admissions on a day, nationwide, or 0 when the film is not showing.
    func audience(on day: Day) -> Int64 {
        guard day >= firstDay, firstDay.distance(to: day) < SimulatedKOBIS.maxRunDays else { return 0 }
        let weekday = Self.weekdayFactor[day.isoWeekday - 1]
        let raw: Double
        if day < runStart {
            guard previewDays.isEmpty || previewDays.contains(day) else { return 0 }
            raw = previewAudience * weekday
        } else {
            let weeks = Double(runStart.distance(to: day)) / 7
            raw = openingAudience * pow(weeklyRetention, weeks) * weekday
        }
        let value = (raw * (0.95 + 0.1 * Self.noise(code, day))).rounded()
        return value < 40 ? 0 : Int64(value)
    }

    func screens(on day: Day) -> Int64 {
        let weeks = Double(max(0, runStart.distance(to: day))) / 7
        let base = day < runStart ? max(2, screensAtOpening * 0.1) : screensAtOpening * pow(weeklyRetention.squareRoot(), weeks)
        return max(1, Int64(base.rounded()))
    }

    /// Sales in won, rounded to tens as box-office systems report them.
    func sales(on day: Day) -> Int64 {
        let audience = audience(on: day)
        guard audience > 0 else { return 0 }
        let price = ticketPrice * (0.97 + 0.06 * Self.noise(code + "$", day))
        return Int64((Double(audience) * price / 10).rounded()) * 10
    }

    /// Monday … Sunday.
    static let weekdayFactor: [Double] = [0.62, 0.6, 0.66, 0.7, 0.95, 1.55, 1.35]

    /// A deterministic value in 0..<1 for a film and day (FNV-1a), so the simulation never varies between runs.
    static func noise(_ code: String, _ day: Day) -> Double {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in code.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash = (hash ^ UInt64(bitPattern: Int64(day.ordinal))) &* 0x100_0000_01b3
        hash ^= hash >> 29
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 32
        return Double(hash % 10_000) / 10_000
    }
}
