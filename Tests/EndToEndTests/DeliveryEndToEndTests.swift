import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation
import TestSupport
import Testing

/// Issue 51: the reports delivered where people read them: a feed reader, a chat channel, a calendar.
@Suite("Delivered where people read, end to end", .serialized)
struct DeliveryEndToEndTests {
    /// What Python's `feedparser` (a feed reader's parser) reads in `feed.xml`, as JSON.
    static let readFeed = """
        import feedparser, json, sys
        d = feedparser.parse(sys.argv[1])
        print(json.dumps({
            "bozo": bool(d.bozo), "lang": d.feed.get("language"), "title": d.feed.get("title"),
            "entries": [{"id": e.id, "title": e.title, "updated": e.updated, "summary": e.get("summary", ""),
                         "links": [(l.rel, l.href) for l in e.links]} for e in d.entries]}))
        """

    struct Feed: Decodable {
        struct Entry: Decodable {
            var id, title, updated, summary: String
            var links: [[String]]
        }
        var bozo: Bool
        var lang: String?
        var title: String?
        var entries: [Entry]
    }

    func read(_ feed: URL) async throws -> Feed {
        let parsed = try await Subprocess.run("/usr/bin/env", ["python3", "-c", Self.readFeed, feed.path])
        #expect(parsed.status == 0, "\(String(decoding: parsed.errors, as: UTF8.self))")
        return try JSONDecoder().decode(Feed.self, from: parsed.output)
    }

    @Test("two daily reports give a feed with two entries, newest first, unique ids; a re-run of a day keeps its id and updates it")
    func feed() async throws {
        guard Python.canImport("feedparser") else {
            Issue.record("skipped: python3 cannot import feedparser (.ci/run installs it)")
            return
        }
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let environment = BoxOfficeProcess.environment([
            "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_TODAY": "2025-03-10",
            "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path, "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
        ])
        for day in ["2025-03-08", "2025-03-09"] {
            let run = try await BoxOfficeProcess.run(
                ["report", day, "-f", "html,csv,json", "--base-url", "https://example.org/box/"], environment: environment, in: folder.url)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdoutLines.suffix(3) == ["Reports/index.html", "Reports/index.md", "Reports/feed.xml"])
        }
        let path = folder.url.appendingPathComponent("Reports/feed.xml")
        let first = try await read(path)
        #expect(!first.bozo && first.lang == "en" && first.title == "Korean box office reports")
        #expect(first.entries.map(\.id) == ["https://example.org/box/boxoffice-2025-03-09", "https://example.org/box/boxoffice-2025-03-08"])
        let newest = try #require(first.entries.first)
        #expect(newest.title == "Daily 2025-03-09" && newest.summary.hasPrefix("most admissions: 검은 파도, 123,155 of "), "\(newest)")
        #expect(newest.summary.contains(" — "), "the digest of what changed since 2025-03-08 follows the headline: \(newest.summary)")
        #expect(newest.links.first == ["alternate", "https://example.org/box/boxoffice-2025-03-09.html"])
        #expect(
            Set(newest.links.map { $0[1] }).isSuperset(of: [
                "https://example.org/box/boxoffice-2025-03-09-films.csv", "https://example.org/box/boxoffice-2025-03-09.json",
            ]))

        // The 8th again, in Korean: still two entries; the 8th keeps its id, the 9th its time.
        try await Task.sleep(for: .seconds(1.1))
        let again = try await BoxOfficeProcess.run(
            ["report", "2025-03-08", "-f", "html", "-q", "--lang", "ko", "--base-url", "https://example.org/box/"], environment: environment,
            in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        let second = try await read(path)
        #expect(!second.bozo && second.lang == "ko" && second.title == "한국 박스오피스 보고서")
        #expect(second.entries.map(\.id) == first.entries.map(\.id), "one entry a report, not one a run")
        let eighth = (first.entries[1], second.entries[1])
        #expect(eighth.1.updated > eighth.0.updated, "the re-run updated its entry: \(eighth.0.updated) → \(eighth.1.updated)")
        #expect(second.entries[0].updated == first.entries[0].updated, "the 9th keeps the time it was written")
        #expect(eighth.1.links.first == ["alternate", "https://example.org/box/boxoffice-2025-03-08.ko.html"], "to the feed's language's page")

        // Without a base URL: ids from the folder's own UUID, kept run to run, another folder's apart;
        // relative links; no time later than the run.
        let plain = try await BoxOfficeProcess.run(["report", "2025-03-08", "-f", "html", "-q"], environment: environment, in: folder.url)
        #expect(plain.status == 0, "\(plain.stderr)")
        let third = try await read(path)
        #expect(third.entries.allSatisfy { $0.id.hasPrefix("urn:uuid:") } && Set(third.entries.map(\.id)).count == 2, "\(third.entries.map(\.id))")
        #expect(third.entries[1].links.first == ["alternate", "boxoffice-2025-03-08.html"], "relative links")
        #expect(third.entries.allSatisfy { $0.updated <= ISO8601DateFormatter().string(from: Date()) }, "nothing in the future")
        #expect(try await read(path).entries.map(\.id) == third.entries.map(\.id))
        let elsewhere = try TemporaryFolder()
        #expect(
            try await BoxOfficeProcess.run(["report", "2025-03-08", "-f", "html", "-q"], environment: environment, in: elsewhere.url).status == 0)
        let other = try await read(elsewhere.url.appendingPathComponent("Reports/feed.xml"))
        #expect(Set(other.entries.map(\.id)).isDisjoint(with: third.entries.map(\.id)), "another folder's ids")

        // An address that is not one is refused before anything is fetched.
        for bad in ["example.org/box", "ftp://example.org/", "https://"] {
            let refused = try await BoxOfficeProcess.run(["report", "2025-03-08", "--base-url", bad], environment: environment, in: folder.url)
            #expect(refused.status == 64 && refused.stderrLines.count == 1 && refused.stderr.contains("--base-url"), "\(bad): \(refused.stderr)")
        }
    }

    /// Titles a chat platform would read as markup, mentions, links or emoji, or that are too long.
    static let hostileTitles = [
        "<!channel> *굵게* @everyone", "`code` ``` ~~취소~~ ||스포일러||", "[링크](https://evil.example) :smile: <@123>",
        "& < > \" \\ \u{202E}RLO", String(repeating: "긴제목", count: 300), "🎬 영화 🎬", "# 제목 > 인용 - 목록",
    ]

    @Test("-f slack and -f discord for a 20-film --depth 20 day with hostile titles: JSON within the platforms' limits, nothing read as markup")
    func chat() async throws {
        let range = DateRange(start: Day(iso: "2025-02-01")!, end: Day(iso: "2025-03-09")!)
        var films = SyntheticCatalogue.films(covering: range)
        for index in films.indices { films[index].title = Self.hostileTitles[index % Self.hostileTitles.count] + " \(index)" }
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let environment = BoxOfficeProcess.environment([
            "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_TODAY": "2025-03-10",
            "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path, "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
        ])
        let run = try await BoxOfficeProcess.run(
            ["report", "2025-03-09", "--depth", "20", "-f", "slack,discord,json", "--no-tmdb", "-q"], environment: environment, in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let base = "Reports/boxoffice-top20-2025-03-09"
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent(base + ".json"))) as? [String: Any])
        let charted = try #require((report["days"] as? [[String: Any]])?.first?["entries"] as? [[String: Any]])
        #expect(charted.count == 20, "a 20-film day")

        // Slack: Block Kit, every text plain (no mrkdwn: no mention, link or emoji code is read), within its limits.
        let slack = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent(base + ".slack.json"))) as? [String: Any])
        let blocks = try #require(slack["blocks"] as? [[String: Any]])
        #expect(blocks.map { $0["type"] as? String } == ["header", "section", "section", "context"] && blocks.count <= 50)
        func text(_ block: [String: Any]) -> [String: Any]? { block["text"] as? [String: Any] }
        let header = try #require(text(blocks[0]))
        #expect(header["type"] as? String == "plain_text" && (header["text"] as? String)?.utf16.count ?? 999 <= 150)
        let top = try #require(text(blocks[1])?["text"] as? String)
        #expect(text(blocks[1])?["type"] as? String == "plain_text" && top.utf16.count <= 3_000)
        #expect(top.split(separator: "\n").count == 5 && top.hasPrefix("1. "), "the top 5: \(top)")
        #expect(top.contains("<!channel>") || top.contains("`code`") || top.contains("긴제목"), "titles as written, in plain text")
        #expect((text(blocks[2])?["text"] as? String)?.utf16.count ?? 9_999 <= 3_000)
        let context = try #require((blocks[3]["elements"] as? [[String: Any]])?.first)
        #expect(context["type"] as? String == "plain_text" && (context["text"] as? String)?.hasPrefix("Source: KOBIS") == true)
        #expect(!String(decoding: try JSONSerialization.data(withJSONObject: slack), as: UTF8.self).contains("mrkdwn"))
        // The notification text is read as mrkdwn: the #1's title there has Slack's &, < and > escaped.
        let fallback = try #require(slack["text"] as? String)
        #expect(!fallback.contains("<") && !fallback.contains(">"), "no mention or link in the notification: \(fallback)")
        let first = try #require(charted.first { ($0["rank"] as? Int) == 1 }?["title"] as? String)
        let escaped = first.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        #expect(fallback.contains(String(escaped.prefix(40))), "the #1's title, escaped: \(fallback)")

        // Discord: content within 2,000 characters, no mention parsed, every markup character of a title escaped.
        let discord = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent(base + ".discord.json"))) as? [String: Any])
        let content = try #require(discord["content"] as? String)
        #expect(content.utf16.count <= 2_000 && (discord["allowed_mentions"] as? [String: Any])?["parse"] as? [String] == [])
        #expect(content.hasPrefix("**Korean box office, 2025-03-09**\n1. **"), "\(content.prefix(200))")
        // What is left once every escaped character is taken out holds no markup of a title.
        let unescaped = content.replacing(/\\./, with: "")
        for raw in ["@everyone", "<!channel>", "](", ":smile:", "```", "||", "~~", "*굵게*", "# 제목", "<@"] {
            #expect(!unescaped.contains(raw), "\(raw) is escaped in \(content)")
        }
        #expect(content.contains("\\@everyone") || content.contains("\\`code\\`") || content.contains("긴제목"))
        #expect(content.hasSuffix("\n-# Source: KOBIS daily box office (Korean Film Council) · provisional"), "\(content.suffix(120))")

        // The same to standard output, in Korean, for a pipe into curl.
        let piped = try await BoxOfficeProcess.run(
            ["report", "2025-03-09", "--depth", "20", "-f", "discord", "-o", "-", "--lang", "ko", "--no-tmdb", "--offline"],
            environment: environment, in: folder.url)
        let korean = try #require(JSONSerialization.jsonObject(with: Data(piped.stdout.utf8)) as? [String: Any])
        #expect(piped.status == 0 && (korean["content"] as? String)?.hasPrefix("**한국 박스오피스") == true, "\(piped.stdout.prefix(300))")
    }

    /// What Python's `icalendar` reads in an ICS file, as JSON, and the longest line in octets.
    static let readCalendar = """
        import icalendar, json, sys
        data = open(sys.argv[1], "rb").read()
        cal = icalendar.Calendar.from_ical(data)
        events = [{"uid": str(e["UID"]), "start": e["DTSTART"].dt.isoformat(), "summary": str(e["SUMMARY"]),
                   "status": str(e.get("STATUS", "")), "description": str(e.get("DESCRIPTION", ""))} for e in cal.walk("VEVENT")]
        lines = data.split(b"\\r\\n")
        print(json.dumps({"events": events, "longest": max(len(l) for l in lines), "bare_lf": b"\\n" in data.replace(b"\\r\\n", b"")}))
        """

    struct Calendar: Decodable {
        struct Event: Decodable { var uid, start, summary, status, description: String }
        var events: [Event]
        var longest: Int
        var bare_lf: Bool
    }

    @Test(
        "calendar: the loopback KOBIS's releases, its coming film and a watched film's projection, read by icalendar; unique UIDs, lines within 75 octets"
    )
    func calendar() async throws {
        guard Python.canImport("icalendar") else {
            Issue.record("skipped: python3 cannot import icalendar (.ci/run installs it)")
            return
        }
        let range = DateRange(start: Day(iso: "2025-01-01")!, end: Day(iso: "2025-03-09")!)
        let server = try FakeKOBISServer(films: SyntheticCatalogue.films(covering: range))
        let folder = try TemporaryFolder()
        let environment = BoxOfficeProcess.environment([
            "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_TODAY": "2025-03-10",
            "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path, "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path,
        ])
        // Two weeks of charts in the cache, and the day's #1 watched with a break-even a little ahead.
        let report = try await BoxOfficeProcess.run(
            ["report", "2025-02-24..2025-03-09", "-f", "json", "--no-tmdb", "-q"], environment: environment, in: folder.url)
        #expect(report.status == 0, "\(report.stderr)")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-02-24_2025-03-09.json")))
                as? [String: Any])
        let days = try #require(json["days"] as? [[String: Any]])
        let last = try #require(days.last?["entries"] as? [[String: Any]])
        // A film charted a week before as well, so that it has a week's pace.
        let before = Set((days[days.count - 8]["entries"] as? [[String: Any]] ?? []).compactMap { $0["movie_cd"] as? String })
        let top = try #require(last.first { before.contains($0["movie_cd"] as? String ?? "") })
        let code = try #require(top["movie_cd"] as? String)
        let cumulative = try #require(top["audience_cumulative"] as? Int)
        let added = try await BoxOfficeProcess.run(
            ["watch", "add", code, "--break-even", String(cumulative + 2 * (top["audience"] as? Int ?? 1))], environment: environment, in: folder.url)
        #expect(added.status == 0, "\(added.stderr)")
        // A second film whose break-even the projection's mid never reaches: no event for it.
        let other = try #require(last.first { ($0["movie_cd"] as? String) != code }?["movie_cd"] as? String)
        #expect(
            try await BoxOfficeProcess.run(["watch", "add", other, "--break-even", "90000000"], environment: environment, in: folder.url).status == 0)

        server.server.resetLog()
        let run = try await BoxOfficeProcess.run(
            ["calendar", "2025-03-10..2025-05-31", "-f", "ics,json,csv,md", "--no-tmdb"], environment: environment, in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let base = "Reports/calendar-2025-03-10_2025-05-31"
        #expect(run.stdoutLines == [base + ".ics", base + ".json", base + ".csv", base + ".md"])
        #expect(run.stderrLines == ["boxoffice: warning: TMDB's upcoming films for Korea are left out: --no-tmdb"], "\(run.stderr)")
        let lists = server.server.requests.filter { $0.path.hasSuffix("searchMovieList.json") }
        #expect(lists.count >= 1 && lists.allSatisfy { $0.query["openStartDt"] == "2025" && $0.query["itemPerPage"] == "100" })

        let parsed = try await Subprocess.run(
            "/usr/bin/env", ["python3", "-c", Self.readCalendar, folder.url.appendingPathComponent(base + ".ics").path])
        #expect(parsed.status == 0, "\(String(decoding: parsed.errors, as: UTF8.self))")
        let ics = try JSONDecoder().decode(Calendar.self, from: parsed.output)
        #expect(ics.longest <= 75 && !ics.bare_lf, "folded at 75 octets, every line ending in CRLF")
        #expect(Set(ics.events.map(\.uid)).count == ics.events.count && !ics.events.isEmpty)
        let coming = try #require(ics.events.first { $0.uid == "kobis-\(SimulatedKOBIS.upcomingListedCode)-release@boxoffice" })
        #expect(coming.summary == "Opens in Korea: 다가올 봄" && coming.status == "CONFIRMED" && coming.description.contains("coming (개봉예정)"))
        let projected = try #require(ics.events.first { $0.uid == "kobis-\(code)-break_even@boxoffice" }, "\(ics.events.map(\.uid))")
        #expect(
            projected.status == "TENTATIVE" && projected.summary.hasPrefix("Projection: ")
                && projected.description.contains("not a date anyone has set"))
        #expect(projected.start > "2025-03-09" && projected.start <= "2025-05-08")
        #expect(projected.description.contains("between ") || projected.description.contains("from "), "the range: \(projected.description)")
        #expect(!ics.events.contains { $0.uid == "kobis-\(other)-break_even@boxoffice" }, "not expected, so not in the calendar")
        // The same projection in watch list: its likeliest day, and "not expected" for the other.
        let list = try await BoxOfficeProcess.run(["watch", "list", "-f", "csv"], environment: environment, in: folder.url)
        let listed = try CSVReader.table(list.stdoutBytes)
        #expect(listed.first { $0["movie_cd"] == code }?["break_even_mid"] == projected.start, "\(list.stdout)")
        #expect(listed.first { $0["movie_cd"] == other }?["break_even_expected"] == "false", "\(list.stdout)")

        // The same events in the JSON and the CSV; the same UIDs a second time, from the cache.
        let document = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent(base + ".json"))) as? [String: Any])
        #expect((document["events"] as? [[String: Any]])?.count == ics.events.count && document["schema_version"] as? Int == 3)
        let rows = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent(base + ".csv")))
        #expect(rows.map { $0["uid"] ?? "" } == ics.events.map(\.uid))
        server.server.resetLog()
        let again = try await BoxOfficeProcess.run(
            ["calendar", "2025-03-10..2025-05-31", "--no-tmdb", "-q"], environment: environment, in: folder.url)
        #expect(again.status == 0 && server.server.requests.isEmpty, "a second run reads the cached pages: \(server.server.requests.count) calls")

        // Out of bounds: a range more than two years ahead, one line, 64.
        let far = try await BoxOfficeProcess.run(["calendar", "2030-01"], environment: environment, in: folder.url)
        #expect(far.status == 64 && far.stderrLines.count == 1 && far.stderr.contains("two years ahead"), "\(far.stderr)")
    }

    @Test(
        "the simulated sleeper: a break-even of 200만 is 'not expected' in watch list and absent from calendar in its first week, and projected once it climbs"
    )
    func sleeper() async throws {
        let year = DateRange(start: Day(iso: "2024-01-01")!, end: Day(iso: "2024-12-31")!)
        let films = SyntheticCatalogue.films(covering: year)
        let film = try #require(films.first { $0.legs == .sleeper && !$0.diversity && $0.releaseDate >= Day(iso: "2024-06-01")! })
        let run = (0..<200).reduce(Int64(0)) { $0 + film.audience(on: film.releaseDate + $1) }
        #expect(run > 3_000_000, "a sleeper that does pass 200만: \(run)")
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        func environment(today: Day) -> [String: String] {
            BoxOfficeProcess.environment([
                "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_TODAY": today.iso,
                "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
                "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
                "XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path,
            ])
        }
        /// On day `day` of its release: the charts to then cached, and the watch list's break-even and calendar's event.
        func seen(onDay day: Int) async throws -> (row: [String: String], event: [String: Any]?) {
            let yesterday = film.releaseDate + (day - 1)
            let env = environment(today: yesterday + 1)
            let fetched = try await BoxOfficeProcess.run(
                ["fetch", "\((film.releaseDate - 28).iso)..\(yesterday.iso)", "-q"], environment: env, in: folder.url)
            #expect(fetched.status == 0 && fetched.stdout.isEmpty, "-q: silent on success: \(fetched.stdout)\(fetched.stderr)")
            let list = try await BoxOfficeProcess.run(["watch", "list", "-f", "csv"], environment: env, in: folder.url)
            let row = try #require(try CSVReader.table(list.stdoutBytes).first { $0["movie_cd"] == film.code }, "\(list.stdout)")
            let calendar = try await BoxOfficeProcess.run(
                ["calendar", "\((yesterday + 1).iso)..\((yesterday + 90).iso)", "-f", "json", "-o", "-", "--no-tmdb"], environment: env,
                in: folder.url)
            #expect(calendar.status == 0, "\(calendar.stderr)")
            let document = try #require(JSONSerialization.jsonObject(with: Data(calendar.stdout.utf8)) as? [String: Any])
            let event = (document["events"] as? [[String: Any]])?.first {
                $0["movie_cd"] as? String == film.code && $0["kind"] as? String == "break_even"
            }
            return (row, event)
        }
        let added = try await BoxOfficeProcess.run(
            ["watch", "add", film.code, "--break-even", "2000000", "-q"], environment: environment(today: film.releaseDate + 2), in: folder.url)
        #expect(added.status == 0 && added.stdout.isEmpty, "\(added.stdout)\(added.stderr)")
        // Its first week: the prior reads a film falling like most, so 200만 is not expected.
        let early = try await seen(onDay: 7)
        #expect(early.row["break_even_expected"] == "false" && early.row["break_even_mid"] == "", "\(early.row)")
        #expect(early.event == nil, "no calendar event for a milestone the mid does not reach")
        // Two weeks in, it has climbed: its own hold (capped) carries it past 200만, on the day the list and the calendar both give.
        let later = try await seen(onDay: 14)
        #expect(later.row["break_even_expected"] == "true", "\(later.row)")
        let mid = try #require(later.row["break_even_mid"].flatMap { Day(iso: $0) }, "\(later.row)")
        #expect(mid > film.releaseDate + 13 && mid < film.releaseDate + 40)
        #expect(later.event?["date"] as? String == mid.iso, "\(String(describing: later.event))")
        // film's own page projects the same run: its next 100만 is the 200만 break-even, on the same likeliest day.
        let page = try await BoxOfficeProcess.run(
            ["film", film.code, "-f", "json", "-o", "-", "--offline"], environment: environment(today: film.releaseDate + 14), in: folder.url)
        #expect(page.status == 0, "\(page.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(page.stdout.utf8)) as? [String: Any])
        let milestones = try #require((json["projection"] as? [String: Any])?["milestones"] as? [[String: Any]], "\(page.stdout.prefix(300))")
        let next = try #require(milestones.first { $0["kind"] as? String == "next_million" })
        #expect(next["admissions"] as? Int == 2_000_000 && next["mid"] as? String == mid.iso, "\(next)")
    }

    @Test(
        "calendar --sample: KOBIS's releases merged with TMDB's upcoming list (one event for a film both list), no key, no network; --offline on an empty cache sends nothing"
    )
    func calendarSample() async throws {
        let folder = try TemporaryFolder()
        let run = try await BoxOfficeProcess.run(["calendar", "--sample", "-f", "json", "-o", "-"], in: folder.url)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let document = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let events = try #require(document["events"] as? [[String: Any]])
        #expect(document["start"] as? String == "2025-03-10" && document["end"] as? String == "2025-06-07" && document["simulated"] as? Bool == true)
        let both = try #require(events.first { $0["title"] as? String == "별빛 열차" })
        #expect(both["source"] as? String == "KOBIS+TMDB" && both["movie_cd"] as? String == "20259006" && both["tmdb_id"] != nil)
        #expect(events.contains { $0["source"] as? String == "TMDB" && $0["movie_cd"] == nil }, "a film only TMDB lists")
        #expect(events.contains { $0["movie_cd"] as? String == SimulatedKOBIS.upcomingListedCode && $0["status"] as? String == "개봉예정" })
        #expect(events.compactMap { $0["date"] as? String } == events.compactMap { $0["date"] as? String }.sorted(), "in date order")

        // Live and --offline on an empty cache: the movie list is not cached, one line, 75, nothing sent.
        let server = try FakeKOBISServer()
        let environment = BoxOfficeProcess.environment([
            "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_TODAY": "2025-03-10",
            "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path, "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path,
        ])
        let offline = try await BoxOfficeProcess.run(["calendar", "--offline", "--no-tmdb"], environment: environment, in: folder.url)
        #expect(offline.status == 75 && offline.stderrLines.count == 1 && server.server.requests.isEmpty, "\(offline.stderr)")
        #expect(folder.files(in: "Reports").isEmpty, "nothing written")
    }
}
