import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Foundation file error as a reason a person can act on ("No space left on device"), never
/// Foundation's "The operation could not be completed. (NSCocoaErrorDomain error 512.)".
package enum SystemError {
    package static func reason(_ error: Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying !== error {
            return reason(underlying)
        }
        if error.domain == NSCocoaErrorDomain, let known = cocoaReasons[error.code] { return known }
        let text = error.localizedFailureReason ?? error.localizedDescription
        return text.contains("Domain error") || text.contains("could not be completed") ? "the system refused (error \(error.code))" : text
    }

    /// Foundation's file error codes that come without an underlying POSIX error.
    static let cocoaReasons: [Int: String] = [
        4: "No such file or directory",  // NSFileNoSuchFileError
        260: "No such file or directory",  // NSFileReadNoSuchFileError
        257: "Permission denied",  // NSFileReadNoPermissionError
        513: "Permission denied",  // NSFileWriteNoPermissionError
        516: "A file or folder of that name is in the way",  // NSFileWriteFileExistsError
        640: "No space left on device",  // NSFileWriteOutOfSpaceError
        642: "Read-only file system",  // NSFileWriteVolumeReadOnlyError
        512: "A file of that name is in the way, or the folder cannot be made",  // NSFileWriteUnknownError
    ]
}
