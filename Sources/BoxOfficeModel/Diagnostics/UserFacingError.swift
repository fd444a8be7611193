import Foundation

/// An error meant for the person running the tool: one actionable line and an exit status.
package protocol UserFacingError: LocalizedError, Sendable {
    var exitStatus: ExitStatus { get }
}

extension DateRangeError: UserFacingError {
    package var exitStatus: ExitStatus { .usage }
}

extension RankSpanError: UserFacingError {
    package var exitStatus: ExitStatus { .usage }
}
