import Testing

@testable import BoxOfficeModel

/// Issue 50, item 1: a new #1 told as a 역주행 or a return, from the charts since its opening.
@Suite struct ReturnsTests {
    static let open = Day(iso: "2025-01-01")!
    static let last = Day(iso: "2025-01-20")!

    /// A chart with `leader` at #1 and the other film second.
    static func chart(_ day: Day, leader: String) -> DailyChart {
        let other = leader == "A" ? "B" : "A"
        return DailyChart(
            date: day,
            entries: [
                ChartEntry(rank: 1, movieCode: leader, title: leader, audience: 200),
                ChartEntry(rank: 2, movieCode: other, title: other, audience: 100),
            ])
    }

    static func highlights() -> [Highlight] {
        var fact = Highlight(kind: .newNumberOne, start: last, end: last)
        fact.movieCode = "A"
        fact.title = "A"
        return [fact]
    }

    static func told(_ charts: [Day: DailyChart], open: Day = open) -> Highlight {
        var facts = highlights()
        guard let question = StoryStage.returnQuestion(facts, openDate: ["A": open]) else { return facts[0] }
        // Read as the pipeline reads them: back from the day before, to the first that settles it or is missing.
        var read: [DailyChart] = []
        for day in question.daysBack {
            guard let chart = charts[day] else { break }
            read.append(chart)
            if question.settles(chart) { break }
        }
        StoryStage.returns(&facts, question: question, charts: read)
        return facts[0]
    }

    static func charts(aLeadsOn days: Set<Day> = [], missing: Set<Day> = []) -> [Day: DailyChart] {
        var charts: [Day: DailyChart] = [:]
        var day = open
        while day < last {
            if !missing.contains(day) { charts[day] = chart(day, leader: days.contains(day) ? "A" : "B") }
            day = day + 1
        }
        return charts
    }

    @Test("its first #1, 20 days into its release, every chart since its opening read: a 역주행")
    func reverseRun() {
        let fact = Self.told(Self.charts())
        #expect(fact.kind == .reverseRun && fact.count == 20)
    }

    @Test("#1 on its fifth day, then away: back at #1 after 15 days, since the fifth")
    func again() {
        let fifth = Day(iso: "2025-01-05")!
        let fact = Self.told(Self.charts(aLeadsOn: [fifth]))
        #expect(fact.kind == .numberOneAgain && fact.count == 15 && fact.since == fifth)
    }

    @Test("a chart missing since its opening, or an opening under 14 days back: nothing claimed")
    func unknown() {
        #expect(Self.told(Self.charts(missing: [Day(iso: "2025-01-10")!])).kind == .newNumberOne)
        #expect(Self.told(Self.charts(), open: Day(iso: "2025-01-08")!).kind == .newNumberOne, "day 13")
        // A return is known past a missing chart further back than the last #1.
        let fact = Self.told(Self.charts(aLeadsOn: [Day(iso: "2025-01-15")!], missing: [Day(iso: "2025-01-03")!]))
        #expect(fact.kind == .numberOneAgain && fact.count == 5)
    }
}
