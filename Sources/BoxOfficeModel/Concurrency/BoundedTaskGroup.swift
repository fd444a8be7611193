import Foundation

/// The one place `boxoffice` runs work concurrently: a task group that keeps at most `width`
/// jobs in flight and returns results in the order the jobs were queued.
///
/// Jobs may queue follow-up jobs as they finish (a chart names films whose info is fetched next),
/// and each distinct job runs once per call, however often it is queued. The first error cancels
/// every job in flight and is rethrown; cancelling the calling task does the same with
/// `CancellationError`.
package enum BoundedTaskGroup {
    /// Runs `initial` jobs and every follow-up they queue, `width` at a time at most; each of
    /// `later` starts only when no other job is waiting, so it fills a place the others leave free
    /// (a report's comparison charts: in the same trip as its range, never started ahead of a job
    /// of it; on the wire, where fewer requests go at once than jobs run, they take turns).
    ///
    /// - Returns: each job with its output, in the order the jobs started: initial jobs first, then
    ///   follow-ups and `later` jobs as they were taken.
    package static func run<Job: Hashable & Sendable, Output: Sendable>(
        _ initial: [Job],
        later: [Job] = [],
        width: Int,
        _ perform: @escaping @Sendable (Job) async throws -> (output: Output, followUps: [Job])
    ) async throws -> [(job: Job, output: Output)] {
        precondition(width >= 1, "width must be at least 1")
        var queue: [Job] = []
        var seen = Set<Job>()
        for job in initial where seen.insert(job).inserted { queue.append(job) }
        var waiting = later[...]

        return try await withThrowingTaskGroup(of: (Int, Output, [Job]).self) { group in
            var outputs: [Output?] = []
            var next = 0
            var inFlight = 0
            while true {
                while inFlight < width, next < queue.count || !waiting.isEmpty {
                    if next == queue.count {
                        let job = waiting.removeFirst()
                        guard seen.insert(job).inserted else { continue }
                        queue.append(job)
                    }
                    try Task.checkCancellation()
                    let index = next
                    let job = queue[index]
                    group.addTask {
                        let (output, followUps) = try await perform(job)
                        return (index, output, followUps)
                    }
                    next += 1
                    inFlight += 1
                }
                guard let (index, output, followUps) = try await group.next() else { break }
                inFlight -= 1
                if outputs.count <= index { outputs.append(contentsOf: repeatElement(nil, count: index + 1 - outputs.count)) }
                outputs[index] = output
                for job in followUps where seen.insert(job).inserted { queue.append(job) }
            }
            try Task.checkCancellation()
            return zip(queue, outputs).map { ($0, $1!) }
        }
    }

    /// Maps `inputs` through `transform`, `width` at a time at most, keeping input order.
    package static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input],
        width: Int,
        _ transform: @escaping @Sendable (Input) async throws -> Output
    ) async throws -> [Output] {
        try await run(Array(inputs.indices), width: width) { index in
            let output = try await transform(inputs[index])
            return (output, [])
        }.map(\.output)
    }

    /// Maps `inputs` through `transform` like ``map(_:width:_:)``, each output paired with its
    /// input by the helper itself, and the errors `isRecoverable` accepts kept as that input's
    /// failure instead of cancelling the rest.
    ///
    /// Callers get the pairing here rather than by returning `(input, try await …)` from their
    /// closure: Swift 6.3's optimiser loses a tuple's elements evaluated before a `try await`
    /// inside `do`/`catch` when the tuple is a task's result (`scripts/compiler-defects/`), which
    /// made `boxoffice film` read every chart as another date in release builds.
    package static func mapResults<Input: Sendable, Output: Sendable, Failure: Error>(
        _ inputs: [Input],
        width: Int,
        recovering isRecoverable: @escaping @Sendable (Failure) -> Bool,
        _ transform: @escaping @Sendable (Input) async throws -> Output
    ) async throws -> [(input: Input, result: Result<Output, Failure>)] {
        let results = try await map(inputs, width: width) { input -> Result<Output, Failure> in
            do {
                let output = try await transform(input)
                return .success(output)
            } catch let error as Failure where isRecoverable(error) {
                return .failure(error)
            }
        }
        return zip(inputs, results).map { (input: $0, result: $1) }
    }

    /// Maps `inputs` through `transform` and hands each output to `deliver` (on the calling task)
    /// in input order as soon as it and those before it are done, so the caller writes one output
    /// while the next are made. At most `width` outputs are being made or waiting at once; a new
    /// one starts as one is delivered. The first error cancels the rest and is rethrown.
    package static func forEachInOrder<Input: Sendable, Output: Sendable>(
        _ inputs: [Input],
        width: Int,
        _ transform: @escaping @Sendable (Input) async throws -> Output,
        deliver: (Output) throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: (Int, Output).self) { group in
            var next = 0
            var delivered = 0
            var waiting: [Int: Output] = [:]
            func start() {
                guard next < inputs.count else { return }
                let index = next
                let input = inputs[index]
                next += 1
                group.addTask {
                    let output = try await transform(input)
                    return (index, output)
                }
            }
            for _ in 0..<max(1, width) { start() }
            while let (index, output) = try await group.next() {
                waiting[index] = output
                while let ready = waiting.removeValue(forKey: delivered) {
                    try deliver(ready)
                    delivered += 1
                    start()
                }
            }
        }
    }

    /// Runs two synchronous halves of a stage side by side, on two threads when there are two
    /// cores, and returns both: for pure stages that split into independent parts (building a
    /// twenty-year report's films and its days took 0.27 s on one core while the other waited).
    package static func both<First, Second>(_ first: @Sendable () -> First, _ second: @Sendable () -> Second) -> (First, Second) {
        guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return (first(), second()) }
        let results = Pair<First, Second>()
        // concurrentPerform's closure does not escape, so neither half needs
        // `withoutActuallyEscaping`, whose trap message carried the checkout's path into the binary
        // (its length, though -file-prefix-map rewrote the text: scripts/check-reproducible).
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            // Each slot is written by one thread, and read once both are done.
            if index == 0 { results.first = first() } else { results.second = second() }
        }
        return (results.first!, results.second!)
    }

    /// `transform` of each element, in order; a list of at least `threshold` elements is split
    /// into two halves mapped side by side (``both(_:_:)``): for per-element work of a pure stage,
    /// each element's result its own.
    package static func mapInHalves<Element: Sendable, Result>(
        _ elements: [Element], from threshold: Int = 1_000, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        guard elements.count >= threshold else { return elements.map(transform) }
        let middle = elements.count / 2
        let (first, second) = both({ elements[..<middle].map(transform) }, { elements[middle...].map(transform) })
        return first + second
    }

    /// `transform` of each of `0..<count`, in order, the indices handed out one at a time to every
    /// core: for a few parts of uneven cost whose results are their own (a document's template
    /// pieces: a month's HTML took 11 ms on one core while the other had nothing left to do).
    package static func mapEach<Result>(_ count: Int, _ transform: @Sendable (Int) -> Result) -> [Result] {
        guard count > 1, ProcessInfo.processInfo.activeProcessorCount > 1 else { return (0..<count).map(transform) }
        let results = Slots<Result>(count: count)
        // Each slot is written by one thread, and read once all are done.
        DispatchQueue.concurrentPerform(iterations: count) { index in results.set(index, transform(index)) }
        return results.values
    }

    /// Results written side by side: each in its own memory, never through an array's
    /// copy-on-write check, which another thread's access could make copy.
    // Unchecked Sendable: each task writes its own slot once; read after the group ends.
    private final class Slots<Result>: @unchecked Sendable {
        private let base: UnsafeMutablePointer<Result>
        private let count: Int

        init(count: Int) {
            self.count = count
            base = .allocate(capacity: count)
        }

        func set(_ index: Int, _ value: Result) { (base + index).initialize(to: value) }

        /// Every result, in order (each slot written once, before this is read).
        var values: [Result] { Array(UnsafeBufferPointer(start: base, count: count)) }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    // Unchecked Sendable: each half is written by one task, read after both end.
    private final class Pair<First, Second>: @unchecked Sendable {
        var first: First?
        var second: Second?
    }

    /// Runs each lane's jobs one after another, the lanes side by side, and hands each output to
    /// `deliver` (on the calling task) as soon as its job is done, so a lane's output can be freed
    /// before the lane's next job holds its own. The first error cancels the rest and is rethrown.
    ///
    /// A lane that has run out of jobs takes a job still waiting in another lane that `movable`
    /// allows (one that does not need its lane mates to have run first), so the lanes end close
    /// together: a twenty-year weekly report's data lane finished 90 ms before its documents'
    /// lane, which still had the text and the small CSVs to render. It takes the one `preferring`
    /// ranks highest, and among those the last.
    ///
    /// The child tasks return their output alone and are told apart by index, never by a tuple
    /// built around a `try await` (see ``mapResults(_:width:recovering:_:)``).
    package static func lanes<Job: Sendable, Output: Sendable>(
        _ lanes: [[Job]],
        movable: (Job) -> Bool = { _ in false },
        preferring priority: (Job) -> Int = { _ in 0 },
        _ perform: @escaping @Sendable (Job) async throws -> Output,
        deliver: (Job, Output) throws -> Void
    ) async throws {
        var queues = lanes.map { $0[...] }
        var running: [Int: (lane: Int, job: Job)] = [:]
        var next = 0
        try await withThrowingTaskGroup(of: (Int, Output).self) { group in
            func take(for lane: Int) -> Job? {
                if let job = queues[lane].popFirst() { return job }
                for other in queues.indices where other != lane {
                    var best: Int?
                    for index in queues[other].indices where movable(queues[other][index]) {
                        if best.map({ priority(queues[other][index]) >= priority(queues[other][$0]) }) ?? true { best = index }
                    }
                    if let best { return queues[other].remove(at: best) }
                }
                return nil
            }
            func start(_ lane: Int) {
                guard let job = take(for: lane) else { return }
                let id = next
                next += 1
                running[id] = (lane, job)
                group.addTask {
                    let output = try await perform(job)
                    return (id, output)
                }
            }
            for lane in queues.indices { start(lane) }
            while let (id, output) = try await group.next() {
                guard let finished = running.removeValue(forKey: id) else { continue }
                start(finished.lane)
                try deliver(finished.job, output)
            }
        }
    }
}
