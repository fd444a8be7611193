import Dispatch

/// Frees a large value on a background thread, so the caller goes on without waiting for it.
///
/// A run's big structures are freed when it is done with them, one allocation at a time, on the
/// thread that drops the last reference: a twenty-year report's model took 25–30 ms to free and
/// its Markdown/HTML view model 15–20 ms, one after the other on the path to the process's exit,
/// with the other core idle (release build, `perf` timeline of `report` over 2006–2026). Handed
/// here, they are freed on the idle core while the run renames its files into place and rebuilds
/// the index; a process that exits first never spends the time at all. In a long-lived process
/// (the tests) everything is still freed, a moment later.
package enum ReleaseElsewhere {
    /// Takes `value` and frees it on a background queue. Callers hand over their last reference
    /// (`ReleaseElsewhere.drop(consume value)`): a copy kept by the caller would be freed by
    /// whichever of the two lets go last.
    package static func drop<Value>(_ value: consuming sending Value) {
        // The box's only reference is the one `passRetained` takes, released on the queue.
        let box = Unmanaged.passRetained(Box(value)).toOpaque()
        let address = UInt(bitPattern: box)
        DispatchQueue.global(qos: .utility).async {
            Unmanaged<Box<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
        }
    }

    /// Takes the value out of `variable`, leaving `empty` in its place, and frees it on a background
    /// queue: for a part of a value that is still in use (a report's rows, once rendered).
    package static func drop<Value: Sendable>(_ variable: inout Value, leaving empty: Value) {
        var taken = empty
        swap(&taken, &variable)
        drop(consume taken)
    }

    private final class Box<Boxed> {
        let value: Boxed
        init(_ value: consuming sending Boxed) { self.value = value }
    }
}
