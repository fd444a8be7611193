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
    /// How the run departs from a steady `weeklyRetention` (``Legs``).
    package var legs: Legs = .steady
    /// Admissions on a public holiday against a Saturday's (1: holidays are ordinary days).
    package var holidayLift: Double = 1
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
        legs: Legs = .steady, holidayLift: Double = 1, priorAudience: Int64 = 0, priorSales: Int64 = 0
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
        self.legs = legs
        self.holidayLift = holidayLift
        self.priorAudience = priorAudience
        self.priorSales = priorSales
    }

    /// The shape of a run, so that tests see more than one decay (real runs fade unevenly: on the
    /// real charts of 2024 second-week holds ran from 0.2 to over 1).
    package enum Legs: Sendable, Hashable {
        /// `weeklyRetention` every week.
        case steady
        /// Word of mouth: the hold rises from `weeklyRetention` by 0.05 a week, up to 0.88.
        case strong
        /// Front-loaded: the first week falls at the square of `weeklyRetention`, the rest as usual.
        case weak
        /// Climbs 35 % a week for its first three weeks, then fades at `weeklyRetention`.
        case sleeper
    }

    /// The run's level `weeks` after its start, against its opening (1 at the start).
    func level(weeks: Double) -> Double {
        switch legs {
        case .steady: return pow(weeklyRetention, weeks)
        case .weak: return weeks <= 1 ? pow(weeklyRetention, 2 * weeks) : pow(weeklyRetention, weeks + 1)
        case .sleeper: return weeks <= 3 ? pow(1.35, weeks) : pow(1.35, 3) * pow(weeklyRetention, weeks - 3)
        case .strong:
            // The hold h(t) = min(0.88, r + 0.05 t) compounded: exp of ∫ log h(t) dt over the weeks.
            let (start, rise, ceiling) = (weeklyRetention, 0.05, 0.88)
            func integral(_ t: Double) -> Double {
                let h = start + rise * t
                return (h * log(h) - h) / rise
            }
            let capped = max(0, (ceiling - start) / rise)
            let rising = min(weeks, capped)
            return exp(integral(rising) - integral(0) + max(0, weeks - capped) * log(ceiling))
        }
    }

    package static func == (lhs: SimulatedFilm, rhs: SimulatedFilm) -> Bool { lhs.code == rhs.code }
    package func hash(into hasher: inout Hasher) { hasher.combine(code) }

    package var isKorean: Bool { MovieInfo.isKorean(nations: nations) }

    /// The date the chart counts ages from: the current release.
    var runStart: Day { chartOpenDate ?? firstDay }

    /// Admissions on a day, nationwide, or 0 when the film is not showing.
    package func audience(on day: Day) -> Int64 {
        guard day >= firstDay, firstDay.distance(to: day) < SimulatedKOBIS.maxRunDays else { return 0 }
        let ordinary = Self.weekdayFactor[day.isoWeekday - 1]
        let weekday = KoreanHolidays.holiday(on: day) == nil || holidayLift == 1 ? ordinary : max(ordinary, Self.weekdayFactor[5]) * holidayLift
        let raw: Double
        if day < runStart {
            guard previewDays.isEmpty || previewDays.contains(day) else { return 0 }
            raw = previewAudience * weekday
        } else {
            let weeks = Double(runStart.distance(to: day)) / 7
            raw = openingAudience * level(weeks: weeks) * weekday
        }
        let value = (raw * (0.95 + 0.1 * Self.noise(code, day))).rounded()
        return value < 40 ? 0 : Int64(value)
    }

    func screens(on day: Day) -> Int64 {
        let weeks = Double(max(0, runStart.distance(to: day))) / 7
        let base = day < runStart ? max(2, screensAtOpening * 0.1) : screensAtOpening * level(weeks: weeks).squareRoot()
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
