import Foundation

/// What KOBIS's company and people services say (`searchCompanyList`, `searchCompanyInfo`,
/// `searchPeopleList`, `searchPeopleInfo`), trimmed to what the company and person pages use.
package enum KOBISDirectory {
    /// A company or person as a list search finds them: enough to tell two of one name apart.
    package struct Listed: Hashable, Sendable, Codable {
        package var code: String
        package var name: String
        package var nameEnglish: String
        /// The company's parts (`배급사`, `제작사`) or the person's usual role (`감독`, `배우`).
        package var roles: String
        /// Some of their films' titles, as KOBIS lists them (`filmoNames`, `|`-separated there).
        package var films: [String]

        package init(code: String, name: String, nameEnglish: String = "", roles: String = "", films: [String] = []) {
            self.code = code
            self.name = name
            self.nameEnglish = nameEnglish
            self.roles = roles
            self.films = films
        }
    }

    /// A company's or person's info: their films, each with their part in it.
    package struct Entry: Hashable, Sendable, Codable {
        package struct Film: Hashable, Sendable, Codable {
            package var movieCode: String
            package var title: String
            /// `배급사`, `제작사` for a company; `감독`, `배우` for a person.
            package var role: String

            package init(movieCode: String, title: String, role: String) {
                self.movieCode = movieCode
                self.title = title
                self.role = role
            }
        }

        package var code: String
        package var name: String
        package var nameEnglish: String
        /// The company's parts, or the person's usual role.
        package var roles: [String]
        package var films: [Film]

        package init(code: String, name: String, nameEnglish: String = "", roles: [String] = [], films: [Film] = []) {
            self.code = code
            self.name = name
            self.nameEnglish = nameEnglish
            self.roles = roles
            self.films = films
        }
    }
}
