import Foundation

/// Removes secrets from text before it reaches a terminal, a log or a file.
package struct Redactor: Sendable {
    private let secrets: [String]

    package init(secrets: [String?]) {
        // Longest first, so a secret containing another is removed whole.
        self.secrets = secrets.compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { $0.count >= 4 }.sorted { $0.count > $1.count }
    }

    package func redact(_ text: String) -> String {
        var result = text
        for secret in secrets {
            result = result.replacingOccurrences(of: secret, with: "[redacted]")
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != secret {
                result = result.replacingOccurrences(of: encoded, with: "[redacted]")
            }
        }
        return result
    }
}
