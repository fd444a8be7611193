/// KOBIS names a film's nations in Korean (`미국`, `한국`); TMDB in ISO 3166-1 codes (`US`, `KR`).
package enum KOBISNation {
    /// The ISO 3166-1 code of a nation as KOBIS writes it, for the nations films in Korea come
    /// from; nil for one not in the table.
    package static func isoCode(_ name: String) -> String? { codes[name] }

    /// The codes of every one of `names`, or nil when there is none or one is not in the table (a
    /// nation that cannot be compared says nothing).
    package static func isoCodes(_ names: [String]) -> Set<String>? {
        guard !names.isEmpty else { return nil }
        var found = Set<String>()
        for name in names {
            guard let code = codes[name] else { return nil }
            found.insert(code)
        }
        return found
    }

    private static let codes: [String: String] = [
        "한국": "KR", "미국": "US", "일본": "JP", "중국": "CN", "홍콩": "HK", "대만": "TW", "영국": "GB", "프랑스": "FR",
        "독일": "DE", "이탈리아": "IT", "스페인": "ES", "캐나다": "CA", "호주": "AU", "뉴질랜드": "NZ", "인도": "IN",
        "태국": "TH", "베트남": "VN", "필리핀": "PH", "인도네시아": "ID", "말레이시아": "MY", "싱가포르": "SG", "러시아": "RU",
        "덴마크": "DK", "스웨덴": "SE", "노르웨이": "NO", "핀란드": "FI", "아이슬란드": "IS", "네덜란드": "NL", "벨기에": "BE",
        "룩셈부르크": "LU", "스위스": "CH", "오스트리아": "AT", "아일랜드": "IE", "폴란드": "PL", "체코": "CZ", "헝가리": "HU",
        "포르투갈": "PT", "그리스": "GR", "터키": "TR", "튀르키예": "TR", "이스라엘": "IL", "이란": "IR", "멕시코": "MX",
        "브라질": "BR", "아르헨티나": "AR", "칠레": "CL", "콜롬비아": "CO", "남아프리카공화국": "ZA", "이집트": "EG",
    ]
}
