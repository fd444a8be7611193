import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import Foundation

/// What `company` and `person` share: the name or code, the options, and the run.
struct FilmographyOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("A name or a KOBIS code.", valueName: "name"))
    var name: String

    @Flag(help: "The bundled sample: no key, no network.")
    var sample = false

    @OptionGroup(title: "Output") var out: OutputOptions

    @Flag(help: "Only the cache: send nothing.")
    var offline = false

    @OptionGroup(title: "Fetching") var network: NetworkOptions
    @OptionGroup(title: "Fetching") var cacheOptions: CacheOptions

    /// The forms a page has (no txt).
    static let formats = ReportFormat.allCases.filter(\.hasFilmForm)

    func validate() throws {
        try cacheOptions.validate(offline: offline)
        if name.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("give a name or a KOBIS code") }
        try out.validate(all: Self.formats)
    }

    func run(_ kind: Filmography.Kind) async throws {
        let request = FilmographyRequest(kind, name: name, output: try out.settings(all: Self.formats))
        try await Terminal.run(
            request, cacheOptions.context(sample: sample, offline: offline, network: network), listingUnder: out.output)
    }
}

struct CompanyCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "company",
        abstract: "A distributor's films, admissions and yearly share."
    )

    static let helpDetails = HelpDetails(
        notes: [
            "A name is looked up in KOBIS's company list (one call, cached for a day); several matches list their codes (64). Admissions come from the cached daily charts."
        ],
        examples: [
            ("boxoffice company --sample 한빛", "a bundled distributor by name"),
            ("boxoffice company 20101234 -f md -o -", "a company's page by code, on stdout"),
        ],
        exitCodes: ExitStatus.allCases,
        meanings: [.success: "the company's pages written", .noSuchFilm: "no company of that name or code"],
        formats: (FilmographyOptions.formats, FilmographyOptions.formats))

    @OptionGroup var options: FilmographyOptions

    func run() async throws { try await options.run(.company) }
}

struct PersonCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "person",
        abstract: "A director's or actor's films and career total."
    )

    static let helpDetails = HelpDetails(
        notes: [
            "A name is looked up in KOBIS's people list (one call, cached for a day); one name held by several people lists their codes and films (64). Admissions come from the cached daily charts."
        ],
        examples: [
            ("boxoffice person --sample 한지후", "a bundled director by name"),
            ("boxoffice person 10091234 -f json -o -", "a person's JSON by code, on stdout"),
        ],
        exitCodes: ExitStatus.allCases,
        meanings: [.success: "the person's pages written", .noSuchFilm: "no one of that name or code"],
        formats: (FilmographyOptions.formats, FilmographyOptions.formats))

    @OptionGroup var options: FilmographyOptions

    func run() async throws { try await options.run(.person) }
}
