// Swift 6.3.1 on Linux, `swiftc -O`: an async closure whose result travels through a generic slot
// (a `Task`'s or a task group child's result) and that returns `(x, try await f())` from inside a
// `do` with a `catch` loses the tuple elements evaluated before the `await`: they read as zero.
// `-Onone` is right. Binding the awaited value first (`let v = try await f(); return (x, v)`), or
// returning no tuple, is right in both. This is what made `boxoffice film` read every chart as the
// wrong date in release builds (the date came back as day 0, 1970-01-01).
//
// Expected output: `7 7`   Actual with -O on Swift 6.3.1: `0 7`
@inline(never) func seven() async throws -> Int { 7 }

let x = Int.random(in: 7...7)
let pair = try await Task { () async throws -> (Int, Int) in
    do { return (x, try await seven()) } catch { return (x, -1) }
}.value
print(pair.0, pair.1)
