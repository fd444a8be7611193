import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import Foundation

struct FilmCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "film",
        abstract: "A film's whole run from the daily charts, or films compared."
    )

    static let helpDetails = HelpDetails(
        notes: [
            "A title is looked up among the films in the cache; one matching several lists their codes (64). The run costs about one KOBIS call a day of it, each cached; a run the budget cannot finish exits 75 and the same command resumes it.",
            "Two films or more (up to 5) are compared by day of release: each one's opening day is its day 1.",
        ],
        examples: [
            ("boxoffice film --sample 20259001", "a bundled film by its code"),
            ("boxoffice film --sample \"검은 파도\"", "the same film by its title"),
            ("boxoffice film 20231234 -f html -o -", "one film's HTML on stdout"),
            ("boxoffice film --sample 20259001 20259002", "two bundled films, day by day of release"),
        ],
        exitCodes: ExitStatus.allCases,
        meanings: [.success: "the film's pages written"], formats: (formats, formats))

    /// The forms a film's run has (no txt).
    static let formats = ReportFormat.allCases.filter(\.hasFilmForm)

    @Argument(help: ArgumentHelp("A KOBIS movie code (movieCd) or a title; more to compare.", valueName: "film"))
    var films: [String]

    @Flag(help: "The bundled films: no key, no network.")
    var sample = false

    @OptionGroup(title: "Output") var out: OutputOptions

    @Flag(help: "Only the cache: uncached days are gaps.")
    var offline = false

    @OptionGroup(title: "Fetching") var network: NetworkOptions
    @OptionGroup(title: "Fetching") var cacheOptions: CacheOptions

    func validate() throws {
        try cacheOptions.validate(offline: offline)
        if films.isEmpty || films.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError("give a KOBIS movie code or a title")
        }
        if films.count > FilmComparison.mostFilms { throw ValidationError("compare at most \(FilmComparison.mostFilms) films") }
        try out.validate(all: Self.formats)
    }

    func run() async throws {
        let request = FilmRequest(films: films, output: try out.settings(all: Self.formats))
        try await Terminal.run(
            request, cacheOptions.context(sample: sample, offline: offline, network: network), listingUnder: out.output)
    }
}
