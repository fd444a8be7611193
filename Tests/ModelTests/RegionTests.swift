import Testing

@testable import BoxOfficeModel

@Suite struct RegionTests {
    static let regions = [
        KOBISRegion(code: "0105001", korean: "서울시", english: "Seoul"),
        KOBISRegion(code: "0105003", korean: "강원특별자치도", english: ""),
        KOBISRegion(code: "0105007", korean: "경상남도", english: "Gyeongsangnam-do"),
        KOBISRegion(code: "0105016", korean: "광주시", english: ""),
    ]

    @Test(
        "a region answers to its code, its names with or without their last part, and its usual English name",
        arguments: [
            ("0105001", "0105001"), ("서울", "0105001"), ("서울 시", "0105001"), ("SEOUL", "0105001"), ("강원", "0105003"),
            ("강원특별자치도", "0105003"), ("Gangwon", "0105003"), ("경남", "0105007"), ("경상남도", "0105007"),
            ("gyeongsangnam do", "0105007"), ("Gyeongsangnam", "0105007"), ("South Gyeongsang", "0105007"), ("광주", "0105016"),
            ("Gwangju", "0105016"), ("서울특별시", "0105001"), ("광주광역시", "0105016"),
        ])
    func named(name: String, code: String) {
        #expect(KOBISRegion.named(name, in: Self.regions)?.code == code)
    }

    @Test(
        "no region answers to another region's name, a part of a name, or nothing", arguments: ["서", "Gyeong", "", "부산", "0105002", "부산광역시", "특별시"])
    func unnamed(name: String) {
        #expect(KOBISRegion.named(name, in: Self.regions) == nil)
    }

    @Test("a blank engNm takes the usual English name; the error lists every region in one line")
    func english() {
        #expect(Self.regions[1].english == "Gangwon" && Self.regions[1].displayName == "강원특별자치도 (Gangwon)")
        let message = UnknownRegionError(name: "Mars\nx", regions: Self.regions).errorDescription ?? ""
        #expect(!message.contains("\n") && message.contains("its 4 regions: 서울시 (Seoul), 강원특별자치도 (Gangwon)"))
        #expect(UnknownRegionError(name: "x", regions: []).exitStatus == .usage)
    }
}
