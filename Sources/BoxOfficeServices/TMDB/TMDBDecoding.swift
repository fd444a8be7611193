import BoxOfficeModel
import Foundation

/// Reads TMDB bodies through `Decodable`, leniently: `null` posters, `""` dates and overviews,
/// numbers written as integers, decimals or strings, missing optional keys, list items without an
/// id skipped. A body that is not the documented JSON object is `MalformedBody`.
package enum TMDBDecoding {
    package static func page(_ body: Data) throws(MalformedBody) -> TMDBPage {
        let page = try decode(PageBody.self, body)
        guard let results = page.results else { throw MalformedBody("no results list in the body") }
        return TMDBPage(
            page: page.page?.int ?? 1, totalPages: page.totalPages?.int ?? 1,
            totalResults: page.totalResults?.int ?? results.count, results: results.compactMap { $0.value?.movie },
            window: page.dates?.value.flatMap { dates in
                guard let from = dates.minimum?.text.flatMap({ Day(iso: $0) }), let to = dates.maximum?.text.flatMap({ Day(iso: $0) }), from <= to
                else {
                    return nil
                }
                return from...to
            })
    }

    package static func details(_ body: Data, id asked: Int) throws(MalformedBody) -> TMDBDetails {
        let details = try decode(DetailsBody.self, body)
        guard let movie = details.movie.movie else { throw MalformedBody("no film id in the body") }
        guard movie.id == asked else { throw .mismatch("id", asked: String(asked), got: String(movie.id)) }
        var releases: [String: [TMDBDetails.Release]] = [:]
        for country in details.countries {
            guard let code = country.iso31661?.text, !code.isEmpty else { continue }
            for release in country.releaseDates ?? [] {
                releases[code, default: []].append(
                    .init(
                        date: release.releaseDate?.text.flatMap { Day(iso: $0.prefix(10)) },
                        type: release.type?.int ?? 0, certification: release.certification?.text ?? ""))
            }
        }
        let origin = details.originCountry.compactMap(\.text).filter { !$0.isEmpty }
        let production = details.productionCountries.compactMap { $0.iso31661?.text }.filter { !$0.isEmpty }
        let koreanTranslation = details.translations.filter { $0.iso6391?.text == "ko" }.compactMap { $0.data?.title?.text }
        let alternatives = details.alternativeTitles.compactMap { $0.title?.text }
        var otherTitles: [String] = []
        for title in koreanTranslation + alternatives where !title.isEmpty && !otherTitles.contains(title) { otherTitles.append(title) }
        let extras = TMDBDetails.Extras(
            imdbID: details.imdbId?.text.flatMap { $0.hasPrefix("tt") ? $0 : nil },
            collection: details.belongsToCollection?.name?.text.flatMap { $0.isEmpty ? nil : $0 },
            originCountries: origin.isEmpty ? production : origin,
            budget: details.budget?.int.flatMap { $0 > 0 ? Int64($0) : nil },
            revenue: details.revenue?.int.flatMap { $0 > 0 ? Int64($0) : nil },
            otherTitles: otherTitles,
            runtimeMinutes: details.runtime?.int.flatMap { (1...1_000).contains($0) ? $0 : nil })
        return TMDBDetails(
            movie: movie, keywords: details.keywords.compactMap { $0.name?.text }.filter { !$0.isEmpty },
            releases: releases, extras: extras)
    }

    /// TMDB's error body, whatever its shape: `status_code`/`status_message` (with or without
    /// `success`), `{"errors":[…]}`, or nothing useful (an HTML page from a proxy).
    package static func errorMessage(_ body: Data) -> (code: Int?, message: String?) {
        guard let error = try? decode(ErrorBody.self, body) else { return (nil, nil) }
        if let errors = error.errors { return (nil, errors.compactMap(\.text).joined(separator: "; ")) }
        return (error.statusCode?.int, error.statusMessage?.text)
    }

    private static func decode<Body: Decodable>(_ type: Body.Type, _ body: Data) throws(MalformedBody) -> Body {
        guard !body.isEmpty else { throw MalformedBody("the body is empty") }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(type, from: body)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw MalformedBody("the JSON is not an object")
        } catch DecodingError.typeMismatch(_, let context) {
            throw MalformedBody("\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type")
        } catch {
            throw MalformedBody("the body is not valid JSON")
        }
    }
}

// MARK: - Bodies as TMDB sends them

/// A list item or the top of a details body.
private struct MovieBody: Decodable {
    var id, title, originalTitle, originalLanguage, overview, releaseDate, posterPath, popularity, voteAverage, voteCount: LenientScalar?

    var movie: TMDBMovie? {
        guard let id = id?.int, id > 0 else { return nil }
        return TMDBMovie(
            id: id, title: title?.text ?? "", originalTitle: originalTitle?.text ?? "",
            originalLanguage: originalLanguage?.text ?? "", overview: overview?.text ?? "",
            releaseDate: releaseDate?.text.flatMap { Day(iso: $0) },
            posterPath: posterPath?.text.flatMap { $0.isEmpty ? nil : $0 },
            popularity: popularity?.number ?? 0, voteAverage: voteAverage?.number ?? 0, voteCount: voteCount?.int ?? 0)
    }
}

private struct PageBody: Decodable {
    struct Dates: Decodable { var minimum, maximum: LenientScalar? }
    var page, totalPages, totalResults: LenientScalar?
    var results: [Lossy<MovieBody>]?
    /// Lossy: a list whose window is damaged is still a list.
    var dates: Lossy<Dates>?
}

private struct DetailsBody: Decodable {
    struct Keyword: Decodable { var name: LenientScalar? }
    struct Country: Decodable {
        struct Release: Decodable { var releaseDate, type, certification: LenientScalar? }
        var iso31661: LenientScalar?
        var releaseDates: [Release]?

        enum CodingKeys: String, CodingKey {
            case iso31661 = "iso31661", releaseDates
        }
    }

    /// `append_to_response=keywords` nests the list (`keywords.keywords`); `/movie/{id}/keywords` does not.
    struct Keywords: Decodable { var keywords: [Keyword]? }
    /// `append_to_response=release_dates` nests the list (`release_dates.results`); `/movie/{id}/release_dates` does not.
    struct ReleaseDates: Decodable { var results: [Country]? }

    struct Named: Decodable { var name: LenientScalar? }
    struct ProductionCountry: Decodable {
        var iso31661: LenientScalar?
        enum CodingKeys: String, CodingKey { case iso31661 = "iso31661" }
    }
    struct Translation: Decodable {
        struct Data: Decodable { var title: LenientScalar? }
        var iso6391: LenientScalar?
        var data: Data?
        enum CodingKeys: String, CodingKey { case iso6391 = "iso6391", data }
    }
    /// `append_to_response=translations` nests the list (`translations.translations`).
    struct Translations: Decodable { var translations: [Lossy<Translation>]? }
    struct AlternativeTitle: Decodable { var title: LenientScalar? }
    /// `append_to_response=alternative_titles` nests the list (`alternative_titles.titles`).
    struct AlternativeTitles: Decodable { var titles: [Lossy<AlternativeTitle>]? }

    var movie: MovieBody
    var keywords: [Keyword] = []
    var countries: [Country] = []
    var imdbId, budget, revenue, runtime: LenientScalar?
    var belongsToCollection: Named?
    var originCountry: [LenientScalar] = []
    var productionCountries: [ProductionCountry] = []
    var translations: [Translation] = []
    var alternativeTitles: [AlternativeTitle] = []

    enum CodingKeys: String, CodingKey {
        case keywords, releaseDates, results, imdbId, budget, revenue, runtime, belongsToCollection, originCountry, productionCountries,
            translations, alternativeTitles
    }

    init(from decoder: any Decoder) throws {
        movie = try MovieBody(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func attempt<Part: Decodable>(_ type: Part.Type, _ key: CodingKeys) -> Part? {
            (try? container.decodeIfPresent(type, forKey: key)) ?? nil
        }
        keywords = attempt(Keywords.self, .keywords)?.keywords ?? attempt([Keyword].self, .keywords) ?? []
        countries = attempt(ReleaseDates.self, .releaseDates)?.results ?? attempt([Country].self, .results) ?? []
        imdbId = attempt(LenientScalar.self, .imdbId)
        budget = attempt(LenientScalar.self, .budget)
        revenue = attempt(LenientScalar.self, .revenue)
        runtime = attempt(LenientScalar.self, .runtime)
        belongsToCollection = attempt(Named.self, .belongsToCollection)
        originCountry = attempt([LenientScalar].self, .originCountry) ?? []
        productionCountries = (attempt([Lossy<ProductionCountry>].self, .productionCountries) ?? []).compactMap(\.value)
        translations = (attempt(Translations.self, .translations)?.translations ?? []).compactMap(\.value)
        alternativeTitles = (attempt(AlternativeTitles.self, .alternativeTitles)?.titles ?? []).compactMap(\.value)
    }
}

private struct ErrorBody: Decodable {
    var statusCode, statusMessage: LenientScalar?
    var errors: [LenientScalar]?
}

/// An element that decodes to nil instead of failing its list.
private struct Lossy<Value: Decodable>: Decodable {
    var value: Value?
    init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
}

/// A JSON scalar whatever way it is written: text trimmed, a number from a number or from text;
/// `null`, objects and arrays read as nothing.
private struct LenientScalar: Decodable {
    var text: String?
    var number: Double?

    /// A whole number that fits, from either form.
    var int: Int? {
        if let number, number.isFinite, abs(number) < 9e15 { return Int(number) }
        return text.flatMap { Int($0) }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Double.self) {
            number = value.isFinite ? value : nil
            text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        } else if let value = try? container.decode(String.self) {
            text = PlainText.clean(value.trimmingCharacters(in: .whitespacesAndNewlines))
            number = Double(text ?? "").flatMap { $0.isFinite ? $0 : nil }
        }
    }
}
