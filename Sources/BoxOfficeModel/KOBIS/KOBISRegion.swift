import Foundation

/// One of the regions of KOBIS's code list (`searchCodeList`, `comCode=0105000000`): what
/// `wideAreaCd` takes, and the names `--area` may give it by.
package struct KOBISRegion: Hashable, Sendable {
    /// `fullCd`: `0105001`.
    package let code: String
    /// `korNm`: `서울시`.
    package let korean: String
    /// `engNm` when KOBIS gives one, else the region's usual English name (``englishNames``).
    package let english: String

    package init(code: String, korean: String, english: String) {
        self.code = code
        self.korean = korean
        let given = english.trimmingCharacters(in: .whitespaces)
        self.english = given.isEmpty ? Self.englishNames[code] ?? "" : given
    }

    /// Seoul's code: the region whose share of a film distributors quote.
    package static let seoul = "0105001"

    /// The code list's parent code for regions.
    package static let listCode = "0105000000"

    /// English names for the regions by code, for a code list whose `engNm` is blank (KOBIS leaves
    /// it blank for some): the names the provinces and cities use themselves.
    package static let englishNames: [String: String] = [
        "0105001": "Seoul", "0105002": "Gyeonggi", "0105003": "Gangwon", "0105004": "North Chungcheong",
        "0105005": "South Chungcheong", "0105006": "North Gyeongsang", "0105007": "South Gyeongsang", "0105008": "North Jeolla",
        "0105009": "South Jeolla", "0105010": "Jeju", "0105011": "Busan", "0105012": "Daegu", "0105013": "Daejeon",
        "0105014": "Ulsan", "0105015": "Incheon", "0105016": "Gwangju", "0105017": "Sejong",
    ]

    /// The regions' short Korean names, as Korean news writes them (서울, 충북), for a report's
    /// description of its filter.
    package static let koreanNames: [String: String] = [
        "0105001": "서울", "0105002": "경기", "0105003": "강원", "0105004": "충북", "0105005": "충남", "0105006": "경북", "0105007": "경남",
        "0105008": "전북", "0105009": "전남", "0105010": "제주", "0105011": "부산", "0105012": "대구", "0105013": "대전", "0105014": "울산",
        "0105015": "인천", "0105016": "광주", "0105017": "세종",
    ]

    /// The regions' short English names, as Korean English-language news writes them (충청북도:
    /// Chungbuk): what a table on a phone has room for.
    package static let shortNames: [String: String] = [
        "0105001": "Seoul", "0105002": "Gyeonggi", "0105003": "Gangwon", "0105004": "Chungbuk", "0105005": "Chungnam",
        "0105006": "Gyeongbuk", "0105007": "Gyeongnam", "0105008": "Jeonbuk", "0105009": "Jeonnam", "0105010": "Jeju", "0105011": "Busan",
        "0105012": "Daegu", "0105013": "Daejeon", "0105014": "Ulsan", "0105015": "Incheon", "0105016": "Gwangju", "0105017": "Sejong",
    ]

    /// "서울시 (Seoul)".
    package var displayName: String { english.isEmpty ? korean : "\(korean) (\(english))" }

    /// The names the region answers to, folded (``folded(_:)``): its code, its Korean name with and
    /// without its last syllable (서울시, 서울) or its 특별자치도, the short form of a province's name (충청북도: 충북), and
    /// its English names (KOBIS's and the usual one), with and without `-do` or `Province`.
    var names: Set<String> {
        var names = Set([code, korean, english, Self.englishNames[code] ?? ""].map(Self.folded))
        // 강원특별자치도, 세종특별자치시: named 강원 and 세종, as before their renaming.
        for special in ["특별자치도", "특별자치시"] where korean.hasSuffix(special) {
            names.insert(Self.folded(String(korean.dropLast(special.count))))
        }
        if korean.count > 2, let last = korean.last, "시도".contains(last) { names.insert(Self.folded(String(korean.dropLast()))) }
        if korean.count == 4, korean.hasSuffix("도") { names.insert(Self.folded(String([korean.first!, Array(korean)[2]]))) }
        for suffix in ["-do", " province", "-si", " city"] where english.lowercased().hasSuffix(suffix) {
            names.insert(Self.folded(String(english.dropLast(suffix.count))))
        }
        return names.subtracting([""])
    }

    /// A name as compared: lower case, without spaces, hyphens or dots.
    static func folded(_ name: String) -> String {
        String(name.lowercased().filter { !" -._".contains($0) })
    }

    /// The region `name` names among `regions` (its code, Korean or English name, as ``names``
    /// lists them); nil when none does.
    /// The official names (서울특별시, 부산광역시, 강원특별자치도) name their region too.
    package static func named(_ name: String, in regions: [KOBISRegion]) -> KOBISRegion? {
        let wanted = folded(name)
        if let found = regions.first(where: { $0.names.contains(wanted) }) { return found }
        for suffix in ["특별자치도", "특별자치시", "특별시", "광역시"] where wanted.hasSuffix(suffix) && wanted.count > suffix.count {
            let stem = String(wanted.dropLast(suffix.count))
            return regions.first { $0.names.contains(stem) }
        }
        return nil
    }
}

/// `--area NAME` names no region of KOBIS's code list.
package struct UnknownRegionError: UserFacingError {
    package let name: String
    package let regions: [KOBISRegion]

    package init(name: String, regions: [KOBISRegion]) {
        self.name = name
        self.regions = regions
    }

    package var exitStatus: ExitStatus { .usage }

    package var errorDescription: String? {
        "--area: KOBIS has no region called \"\(PlainText.oneLine(name))\"; its \(regions.count) regions: "
            + regions.map { "\($0.korean) (\($0.english.isEmpty ? $0.code : $0.english))" }.joined(separator: ", ")
    }
}
