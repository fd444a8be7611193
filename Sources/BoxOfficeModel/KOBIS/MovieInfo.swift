import Foundation

/// KOBIS movie info, trimmed to what reports use.
public struct MovieInfo: Hashable, Sendable, Codable {
    public struct Person: Hashable, Sendable, Codable {
        public var name: String
        public var nameEnglish: String
        public init(name: String, nameEnglish: String = "") {
            self.name = name
            self.nameEnglish = nameEnglish
        }
    }

    public struct Company: Hashable, Sendable, Codable {
        public var code: String
        public var name: String
        public var nameEnglish: String
        /// The company's part in this film: `배급사` distributor, `제작사` producer, `제공`, …
        public var role: String
        public init(code: String = "", name: String, nameEnglish: String = "", role: String) {
            self.code = code
            self.name = name
            self.nameEnglish = nameEnglish
            self.role = role
        }
    }

    /// The role KOBIS gives distributors.
    public static let distributorRole = "배급사"
    /// The nation name KOBIS gives Korea.
    public static let koreaNation = "한국"

    public var code: String
    public var title: String
    public var titleEnglish: String
    public var titleOriginal: String
    public var runtimeMinutes: Int?
    public var productionYear: Int?
    public var openDate: Day?
    public var nations: [String]
    public var genres: [String]
    public var directors: [Person]
    public var companies: [Company]
    /// Watch grades from the film's rating audits, in KOBIS order.
    public var watchGrades: [String]

    public init(
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
    public var distributors: [String] {
        var seen = Set<String>()
        return companies.filter { $0.role == Self.distributorRole && seen.insert($0.name).inserted }.map(\.name)
    }

    /// Korean by KOBIS's nation list: the first nation listed is Korea.
    public var isKorean: Bool { Self.isKorean(nations: nations) }

    /// Korean when the first nation of a KOBIS nation list is Korea (its representative nation).
    public static func isKorean(nations: [String]) -> Bool { nations.first == koreaNation }
}
