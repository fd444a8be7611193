import Foundation

/// A GET request; the only kind both services need.
package struct HTTPRequest: Hashable, Sendable {
    package var url: URL
    package var headers: [String: String]

    package init(url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }

    /// The value of a query parameter, if present.
    package func queryValue(_ name: String) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }
}
