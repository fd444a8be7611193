import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import Foundation

extension RankKey: ExpressibleByArgument {}
extension KOBISFilters.Nation: ExpressibleByArgument {}
extension KOBISFilters.FilmKind: ExpressibleByArgument {}

extension ChartDepth: ExpressibleByArgument {
    package init?(argument: String) {
        guard let value = Int(argument), let depth = ChartDepth(rawValue: value) else { return nil }
        self = depth
    }

    package static var allValueStrings: [String] { allCases.map { String($0.rawValue) } }
    package var defaultValueDescription: String { String(rawValue) }
}

extension PeriodKind: EnumerableFlag {
    package static func name(for value: PeriodKind) -> NameSpecification { .customLong(value.optionName) }

    package static func help(for value: PeriodKind) -> ArgumentHelp? {
        switch value {
        case .week: "Weekly charts (Mon–Sun): 1 call a week."
        case .weekend: "Weekend charts (Fri–Sun): 1 call a weekend."
        case .weekdays: "Weekday charts (Mon–Thu): 1 call a week."
        }
    }
}

/// How both services are reached: requests in flight, retries, and the time one request may take.
struct NetworkOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Requests on the wire at most, 1…32.", valueName: "n"))
    var concurrency = 8

    @Option(help: ArgumentHelp("Retries of a failed request, 0…10.", valueName: "n", visibility: .hidden))
    var retries = 3

    @Option(help: ArgumentHelp("Seconds a request may take, 1…600.", valueName: "seconds", visibility: .hidden))
    var timeout = 30.0

    var settings: NetworkSettings { NetworkSettings(concurrency: concurrency, retries: retries, timeout: timeout) }

    var jobs: Int { settings.jobs }

    func validate() throws {
        guard (1...32).contains(concurrency) else {
            throw ValidationError("--concurrency must be between 1 and 32, got \(concurrency)")
        }
        guard (0...10).contains(retries) else { throw ValidationError("--retries must be between 0 and 10, got \(retries)") }
        guard (1...600).contains(timeout) else { throw ValidationError("--timeout must be between 1 and 600 seconds, got \(timeout)") }
    }
}

/// Which part of the KOBIS charts to ask for.
struct ChartOptions: ParsableArguments {
    @Option(help: "Korean or foreign only.")
    var nation: KOBISFilters.Nation?

    @Option(help: "Only this kind.")
    var films: KOBISFilters.FilmKind?

    @Option(help: ArgumentHelp("A region by name or code: 서울, Seoul, 0105001.", valueName: "region"))
    var area: String?

    var filters: KOBISFilters { KOBISFilters(nation: nation, films: films, area: area?.trimmingCharacters(in: .whitespaces)) }

    func validate() throws {
        if let area,
            area.trimmingCharacters(in: .whitespaces).isEmpty || area.count > 40
                || area.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            throw ValidationError("--area takes a region's name or KOBIS code, such as 서울, Seoul or 0105001")
        }
    }
}

/// The response cache, the daily quota, and sharing the cache with other runs.
struct CacheOptions: ParsableArguments {
    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp("Cache folder (default: ~/.cache/boxoffice).", valueName: "dir"))
    var cacheDirectory: String?

    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the cache.")
    var noCache = false

    @Flag(help: "Fetch again what is cached (and cache it).")
    var refresh = false

    @Option(help: ArgumentHelp("KOBIS calls to send at most (default: all left).", valueName: "n"))
    var budget: Int?

    @Option(help: ArgumentHelp("Calls kept for scheduled runs.", valueName: "n"))
    var reserve = 100

    @Option(help: ArgumentHelp("Wait for a run using the cache.", valueName: "seconds", visibility: .hidden))
    var wait = 0.0

    @Flag(name: .shortAndLong, help: "Silent on success; errors still print.")
    var quiet = false

    var settings: CacheSettings {
        CacheSettings(directory: cacheDirectory, noCache: noCache, refresh: refresh, budget: budget, reserve: reserve, wait: wait)
    }

    /// The run's context: the data source, the settings, and a console that `-q` silences (with
    /// a progress line labelled `progress`, when given).
    func context(
        sample: Bool = false, offline: Bool, network: NetworkOptions? = nil, tmdb: TMDBSettings = TMDBSettings(), progress: String? = nil
    ) -> RunContext {
        RunContext(
            environment: ProcessInfo.processInfo.environment, source: DataSource(sample: sample, offline: offline),
            network: network?.settings ?? NetworkSettings(), cache: settings, tmdb: tmdb,
            console: Terminal.console(quiet: quiet, progress: progress.map { ProgressLine(enabled: !quiet, label: $0) }))
    }

    /// What `--offline` (served from the cache alone) cannot be combined with.
    func validate(offline: Bool) throws {
        guard offline else { return }
        if noCache { throw ValidationError("--offline needs the cache; drop --no-cache") }
        if refresh { throw ValidationError("--offline and --refresh contradict each other") }
    }

    func validate() throws {
        if noCache && refresh { throw ValidationError("--no-cache and --refresh contradict each other") }
        if let budget, budget < 0 { throw ValidationError("--budget must be 0 or more, got \(budget)") }
        guard (0...KOBISQuota.callsPerDay).contains(reserve) else { throw ValidationError("--reserve must be between 0 and 3000, got \(reserve)") }
        guard wait >= 0, wait <= 86_400 else { throw ValidationError("--wait must be between 0 and 86400 seconds") }
    }
}

/// TMDB enrichment.
struct TMDBOptions: ParsableArguments {
    @Flag(name: .customLong("no-tmdb"), help: "Skip TMDB: its columns stay blank.")
    var noTMDB = false

    @Flag(name: .customLong("require-tmdb"), help: "Fail rather than leave TMDB cells blank.")
    var requireTMDB = false

    @Option(name: .customLong("tmdb-rate"), help: ArgumentHelp("TMDB requests a second, 1…40.", valueName: "n", visibility: .hidden))
    var tmdbRate = 20.0

    @Option(
        name: .customLong("tmdb-overrides"),
        help: ArgumentHelp(
            "movie_cd,tmdb_id CSV pinning matches.", valueName: "file", visibility: .hidden)
    )
    var tmdbOverrides: String?

    var settings: TMDBSettings { TMDBSettings(off: noTMDB, required: requireTMDB, rate: tmdbRate, overrides: tmdbOverrides) }

    func validate() throws {
        guard (1...40).contains(tmdbRate) else {
            throw ValidationError("--tmdb-rate must be between 1 and 40 requests per second, got \(tmdbRate)")
        }
        if noTMDB && requireTMDB { throw ValidationError("--no-tmdb and --require-tmdb contradict each other") }
    }
}

extension ReportLanguage: ExpressibleByArgument {}

extension CSVDialect.Delimiter: ExpressibleByArgument {
    package static var allValueStrings: [String] { ["comma", "semicolon", "tab"] }
    package var defaultValueDescription: String { self == .comma ? "comma" : self == .semicolon ? "semicolon" : "tab" }
    /// None: the option's help names the values, so `--help` lists no blank line per value.
    package static var allValueDescriptions: [String: String] { [:] }
}

/// What a command writes and where: the formats, the folder (or standard output), templates and
/// the CSV dialect. `report` and `film` share it.
struct OutputOptions: ParsableArguments {
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "\(ReportFormat.allCases.map(\.rawValue).joined(separator: ",")) (default: the first five).",
            valueName: "list"))
    var format: [String] = []

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Folder, or - for stdout.", valueName: "dir"))
    var output = "Reports"

    @Option(help: ArgumentHelp("Templates replacing the bundled ones.", valueName: "dir", visibility: .hidden))
    var templates: String?

    @Flag(name: .customLong("no-bom"), help: ArgumentHelp("CSV without the byte-order mark Excel needs.", visibility: .hidden))
    var noBOM = false

    @Option(
        name: .customLong("csv-delimiter"),
        help: ArgumentHelp("CSV field separator.", valueName: "sep"))
    var csvDelimiter: CSVDialect.Delimiter?

    @Option(
        help: ArgumentHelp(
            "Report language (default: from LANG).",
            valueName: "lang"))
    var lang: ReportLanguage?

    @Flag(name: .customLong("no-posters"), help: "HTML without TMDB posters (no image requests).")
    var noPosters = false

    var csv: CSVDialect { CSVDialect(byteOrderMark: !noBOM, delimiter: csvDelimiter ?? .comma) }

    /// The language asked for, else the one `LANG` names.
    var language: ReportLanguage { lang ?? ReportLanguage.fromEnvironment(ProcessInfo.processInfo.environment) }

    /// `--output -`.
    var toStandardOutput: Bool { output == "-" }

    /// The formats asked for, in order, each once; `byDefault` (else `all`) when none was.
    func formats(all: [ReportFormat], byDefault: [ReportFormat]? = nil) throws -> [ReportFormat] {
        guard !format.isEmpty else { return byDefault ?? all }
        var formats: [ReportFormat] = []
        for list in format {
            for format in try ReportFormat.parseList(list) where !formats.contains(format) { formats.append(format) }
        }
        return formats
    }

    func validate(all: [ReportFormat]) throws {
        let formats: [ReportFormat]
        do {
            formats = try self.formats(all: all)
        } catch let error as FormatListError {
            throw ValidationError(error.errorDescription ?? "unknown format")
        }
        if let unsupported = formats.first(where: { !all.contains($0) }) {
            throw ValidationError("this command has no \(unsupported.rawValue) form; use \(all.map(\.rawValue).joined(separator: ", "))")
        }
        if toStandardOutput, formats == [.datapackage] {
            throw ValidationError("--output - writes one file; a data package is its CSVs and their descriptor: write it to a folder")
        }
        if toStandardOutput, formats.count != 1 {
            throw ValidationError(
                "--output - writes one format to standard output; choose it with --format (\(all.map(\.rawValue).joined(separator: ", ")))")
        }
    }

    /// What these options ask for, for a command with `all` formats (each it has by default when
    /// none is asked for, else `byDefault`).
    func settings(all: [ReportFormat], byDefault: [ReportFormat]? = nil) throws -> OutputSettings {
        OutputSettings(
            formats: try formats(all: all, byDefault: byDefault ?? all), folder: output, templates: templates, csv: csv, language: language,
            posters: !noPosters)
    }
}

/// `--holiday NAME YEAR` and `--season NAME YEAR`: a holiday's or a peak season's days as the
/// period (``NamedPeriod``), for `report` and `rank`.
struct NamedPeriodOptions: ParsableArguments {
    @Option(parsing: .upToNextOption, help: ArgumentHelp("A holiday and its year: 추석 2024, seollal 2025.", valueName: "name year"))
    var holiday: [String] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("A peak season and its year: summer 2024, winter 2024.", valueName: "name year"))
    var season: [String] = []

    /// `--holiday` or `--season`, read; nil for neither.
    var named: NamedPeriod? { NamedPeriod.parse(holiday: holiday, season: season) }

    func validate() throws {
        do {
            try NamedPeriod.validate(holiday: holiday, season: season)
        } catch {
            throw ValidationError(error.errorDescription ?? "\(error)")
        }
    }
}
