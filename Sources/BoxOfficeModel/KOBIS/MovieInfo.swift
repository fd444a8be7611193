import Foundation

/// KOBIS movie info, trimmed to what reports use.
package struct MovieInfo: Hashable, Sendable, Codable {
    package struct Person: Hashable, Sendable, Codable {
        package var name: String
        package var nameEnglish: String
        package init(name: String, nameEnglish: String = "") {
            self.name = name
            self.nameEnglish = nameEnglish
        }
    }

    package struct Company: Hashable, Sendable, Codable {
        package var code: String
        package var name: String
        package var nameEnglish: String
        /// The company's part in this film: `배급사` distributor, `제작사` producer, `제공`, …
        package var role: String
        package init(code: String = "", name: String, nameEnglish: String = "", role: String) {
            self.code = code
            self.name = name
            self.nameEnglish = nameEnglish
            self.role = role
        }
    }

    /// The role KOBIS gives distributors.
    package static let distributorRole = "배급사"
    /// The nation name KOBIS gives Korea.
    package static let koreaNation = "한국"

    package var code: String
    package var title: String
    package var titleEnglish: String
    package var titleOriginal: String
    package var runtimeMinutes: Int?
    package var productionYear: Int?
    package var openDate: Day?
    package var nations: [String]
    package var genres: [String]
    package var directors: [Person]
    package var companies: [Company]
    /// Watch grades from the film's rating audits, in KOBIS order.
    package var watchGrades: [String]

    package init(
        code: String, title: String, titleEnglish: String = "", titleOriginal: String = "",
        runtimeMinutes: Int? = nil, productionYear: Int? = nil, openDate: Day? = nil,
        nations: [String] = [], genres: [String] = [], directors: [Person] = [],
        companies: [Company] = [], watchGrades: [String] = []
    ) {
        self.code = code
        self.title = title
        self.titleEnglish = titleEnglish
        self.titleOriginal = titleOriginal
        self.runtimeMinutes = runtimeMinutes
        self.productionYear = productionYear
        self.openDate = openDate
        self.nations = nations
        self.genres = genres
        self.directors = directors
        self.companies = companies
        self.watchGrades = watchGrades
    }

    /// Distributors (`배급사`) in KOBIS order, each once.
    package var distributors: [String] {
        var seen = Set<String>()
        return companies.filter { $0.role == Self.distributorRole && seen.insert($0.name).inserted }.map(\.name)
    }

    /// Distributors (`배급사`) by company, in KOBIS order, each code once (a company without a
    /// code, by its name).
    package var distributorCompanies: [Company] {
        var seen = Set<String>()
        return companies.filter { $0.role == Self.distributorRole && seen.insert($0.code.isEmpty ? "name:" + $0.name : $0.code).inserted }
    }

    /// Korean by KOBIS's nation list: the first nation listed is Korea.
    package var isKorean: Bool { Self.isKorean(nations: nations) }

    /// Korean when the first nation of a KOBIS nation list is Korea (its representative nation).
    package static func isKorean(nations: [String]) -> Bool { nations.first == koreaNation }
}
