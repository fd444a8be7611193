import Foundation

/// The films released in a period (KOFIC's table 10): those KOBIS's movie list (`searchMovieList`
/// by open year) lists as released (`prdtStatNm` 개봉) with an open date in it, Korean or foreign by
/// their first listed nation, by month and by watch grade, beside how many of them charted.
package struct Releases: Codable, Sendable, Equatable {
    /// A released film.
    package struct Film: Codable, Sendable, Equatable {
        package var movieCode: String
        package var title: String
        package var openDate: Day
        /// Its first listed nation; blank when the list gives none.
        package var nation: String
        package var korean: Bool
        /// Its latest watch grade from a cached KOBIS movie info (the list has none); blank without one.
        package var watchGrade: String
        /// In the period's daily top 10 at least once.
        package var charted: Bool

        enum CodingKeys: String, CodingKey {
            case movieCode = "movie_cd"
            case title
            case openDate = "open_date"
            case nation
            case korean
            case watchGrade = "watch_grade"
            case charted
        }
    }

    /// The releases of one month or one watch grade.
    package struct Group: Codable, Sendable, Equatable {
        package var key: String
        package var korean: Int
        package var foreign: Int
        package var chartedKorean: Int
        package var chartedForeign: Int

        enum CodingKeys: String, CodingKey {
            case key
            case korean
            case foreign
            case chartedKorean = "charted_korean"
            case chartedForeign = "charted_foreign"
        }
    }

    /// Every released film, by open date then code.
    package var films: [Film]
    package var byMonth: [Group]
    /// By grade, the most films first; films with no cached movie info last, under a blank key.
    package var byGrade: [Group]
    /// The years whose list KOBIS gave more films than the pages read (``KOBISPaging/releasePages``): their counts are low.
    package var cutShort: [Int]

    enum CodingKeys: String, CodingKey {
        case films
        case byMonth = "by_month"
        case byGrade = "by_grade"
        case cutShort = "years_cut_short"
    }

    /// The status KOBIS's list gives a released film.
    package static let released = "개봉"

    /// The films of `list` released within `range`.
    static func released(_ list: [(info: MovieInfo, status: String)], in range: DateRange) -> [MovieInfo] {
        var seen = Set<String>()
        return list.filter { $0.status == released && $0.info.openDate.map(range.contains) == true && seen.insert($0.info.code).inserted }
            .map(\.info)
    }

    /// How many films of `list` were released within `range`; nil without a list.
    package static func count(_ list: [(info: MovieInfo, status: String)]?, in range: DateRange) -> Int? {
        list.map { released($0, in: range).count }
    }

    /// The releases of `range` in `list` (the movie list of each of its years), each film's grade from
    /// `grade`, charted when `charted` holds its code.
    package init(
        _ list: [(info: MovieInfo, status: String)], in range: DateRange, charted: Set<String>, grade: (String) -> String?, cutShort: [Int] = []
    ) {
        let films = Self.released(list, in: range).map { info in
            Film(
                movieCode: info.code, title: info.title, openDate: info.openDate!, nation: info.nations.first ?? "", korean: info.isKorean,
                watchGrade: grade(info.code) ?? "", charted: charted.contains(info.code))
        }
        .sorted { ($0.openDate, $0.movieCode) < ($1.openDate, $1.movieCode) }
        self.films = films
        func groups(_ key: (Film) -> String) -> [Group] {
            var groups: [String: Group] = [:]
            for film in films {
                let name = key(film)
                var group = groups[name] ?? Group(key: name, korean: 0, foreign: 0, chartedKorean: 0, chartedForeign: 0)
                if film.korean {
                    group.korean += 1
                    if film.charted { group.chartedKorean += 1 }
                } else {
                    group.foreign += 1
                    if film.charted { group.chartedForeign += 1 }
                }
                groups[name] = group
            }
            return Array(groups.values)
        }
        byMonth = groups { String($0.openDate.iso.prefix(7)) }.sorted { $0.key < $1.key }
        byGrade = groups(\.watchGrade).sorted {
            ($0.key.isEmpty ? 0 : 1, $0.korean + $0.foreign, $1.key) > ($1.key.isEmpty ? 0 : 1, $1.korean + $1.foreign, $0.key)
        }
        self.cutShort = cutShort
    }

    package var korean: Int { films.filter(\.korean).count }
    package var foreign: Int { films.count - korean }
    package var chartedKorean: Int { films.filter { $0.korean && $0.charted }.count }
    package var chartedForeign: Int { films.filter { !$0.korean && $0.charted }.count }
}
