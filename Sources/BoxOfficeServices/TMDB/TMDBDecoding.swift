import BoxOfficeModel
import Foundation

/// Reads TMDB bodies leniently: `null` posters, `""` dates and overviews, numbers written as
/// integers or decimals, missing optional keys. A body that is not the documented JSON object is
/// `MalformedBody`.
public enum TMDBDecoding {
    public static func page(_ body: Data) throws(MalformedBody) -> TMDBPage {
        let object = try jsonObject(body)
        guard let results = object["results"] as? [Any] else { throw MalformedBody("no results list in the body") }
        return TMDBPage(
            page: int(object["page"]) ?? 1,
            totalPages: int(object["total_pages"]) ?? 1,
            totalResults: int(object["total_results"]) ?? results.count,
            results: results.compactMap { ($0 as? [String: Any]).flatMap(movie) }
        )
    }

    public static func details(_ body: Data) throws(MalformedBody) -> TMDBDetails {
        let object = try jsonObject(body)
        guard let movie = movie(object) else { throw MalformedBody("no film id in the body") }
        // Appended keywords arrive nested as keywords.keywords; /movie/{id}/keywords has them at the top.
        let keywordList = ((object["keywords"] as? [String: Any])?["keywords"] as? [Any]) ?? (object["keywords"] as? [Any]) ?? []
        var releases: [String: [TMDBDetails.Release]] = [:]
        let countries = ((object["release_dates"] as? [String: Any])?["results"] as? [Any]) ?? (object["results"] as? [Any]) ?? []
        for case let country as [String: Any] in countries {
            guard let code = string(country["iso_3166_1"]), !code.isEmpty else { continue }
            for case let release as [String: Any] in (country["release_dates"] as? [Any]) ?? [] {
                let date = string(release["release_date"]).flatMap { Day(iso: $0.prefix(10)) }
                releases[code, default: []].append(.init(date: date, type: int(release["type"]) ?? 0))
            }
        }
        return TMDBDetails(
            movie: movie,
            keywords: keywordList.compactMap { string(($0 as? [String: Any])?["name"]) }.filter { !$0.isEmpty },
            releases: releases
        )
    }

    /// TMDB's error body, whatever its shape: `status_code`/`status_message` (with or without
    /// `success`), `{"errors":[…]}`, or nothing useful (an HTML page from a proxy).
    public static func errorMessage(_ body: Data) -> (code: Int?, message: String?) {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return (nil, nil) }
        if let errors = object["errors"] as? [Any] {
            return (nil, errors.compactMap { $0 as? String }.joined(separator: "; "))
        }
        return (int(object["status_code"]), string(object["status_message"]))
    }

    static func movie(_ object: [String: Any]) -> TMDBMovie? {
        guard let id = int(object["id"]), id > 0 else { return nil }
        return TMDBMovie(
            id: id,
            title: string(object["title"]) ?? "",
            originalTitle: string(object["original_title"]) ?? "",
            originalLanguage: string(object["original_language"]) ?? "",
            overview: string(object["overview"]) ?? "",
            releaseDate: string(object["release_date"]).flatMap { Day(iso: $0) },
            posterPath: string(object["poster_path"]).flatMap { $0.isEmpty ? nil : $0 },
            popularity: double(object["popularity"]) ?? 0,
            voteAverage: double(object["vote_average"]) ?? 0,
            voteCount: int(object["vote_count"]) ?? 0
        )
    }

    private static func jsonObject(_ body: Data) throws(MalformedBody) -> [String: Any] {
        guard !body.isEmpty else { throw MalformedBody("the body is empty") }
        guard let value = try? JSONSerialization.jsonObject(with: body) else { throw MalformedBody("the body is not valid JSON") }
        guard let object = value as? [String: Any] else { throw MalformedBody("the JSON is not an object") }
        return object
    }

    static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String: text.trimmingCharacters(in: .whitespacesAndNewlines)
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    static func int(_ value: Any?) -> Int? {
        switch value {
        case let number as NSNumber:
            let double = number.doubleValue
            return double.isFinite && abs(double) < 9e15 ? Int(double) : nil
        case let text as String: return Int(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    static func double(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: number.doubleValue.isFinite ? number.doubleValue : nil
        case let text as String: Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }
}
