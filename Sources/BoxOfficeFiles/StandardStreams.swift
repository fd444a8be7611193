import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error as the process found them.
///
/// A descriptor among 0, 1 and 2 that was closed when the process started (`boxoffice … >&-`) is
/// opened on `/dev/null` at once, so that no cache entry or report file the run opens later takes
/// its number and receives what was meant for the terminal; the run still knows it was closed.
package enum StandardStreams {
    /// The standard descriptors that were closed at start; the first use reopens them on /dev/null.
    package static let closedAtStart: Set<Int32> = {
        var closed: Set<Int32> = []
        for descriptor: Int32 in [0, 1, 2] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            closed.insert(descriptor)
            // open(2) returns the lowest free number: this one, as the lower ones are open by now.
            _ = open("/dev/null", O_RDWR)
        }
        return closed
    }()

    /// True when standard output was closed before the run started.
    package static var outputClosedAtStart: Bool { closedAtStart.contains(STDOUT_FILENO) }
}
