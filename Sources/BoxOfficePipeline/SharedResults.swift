/// Computes each key's value once, however many jobs ask for it: the first caller computes, the
/// others wait for its result (success or failure).
///
/// Waiters hold no task of their own, so there is no unstructured `Task` here; the first caller's
/// cancellation fails the value for everyone, which is what a cancelled run wants.
actor SharedResults<Key: Hashable & Sendable, Value: Sendable> {
    private enum State {
        case running([CheckedContinuation<Value, Error>])
        case done(Result<Value, Error>)
    }

    private var states: [Key: State] = [:]

    func value(for key: Key, compute: @Sendable () async throws -> Value) async throws -> Value {
        switch states[key] {
        case .done(let result)?:
            return try result.get()
        case .running(let waiters)?:
            return try await withCheckedThrowingContinuation { continuation in
                states[key] = .running(waiters + [continuation])
            }
        case nil:
            states[key] = .running([])
            let result: Result<Value, Error>
            do { result = .success(try await compute()) } catch { result = .failure(error) }
            if case .running(let waiters)? = states[key] {
                for waiter in waiters { waiter.resume(with: result) }
            }
            states[key] = .done(result)
            return try result.get()
        }
    }

    /// Values computed successfully so far.
    var values: [Key: Value] {
        states.compactMapValues { state in
            if case .done(.success(let value)) = state { return value }
            return nil
        }
    }
}
