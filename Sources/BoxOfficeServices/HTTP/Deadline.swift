import Foundation

/// Runs an operation with a time limit; past it, the operation is cancelled and
/// `TransportError.timedOut` is thrown.
enum Deadline {
    static func run<Value: Sendable>(seconds: Double, host: String, _ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(max(seconds, 0) * 1e9))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw TransportError.timedOut(host: host)
            }
            return value
        }
    }
}
