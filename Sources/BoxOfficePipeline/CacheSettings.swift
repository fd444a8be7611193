/// The response cache, the daily quota, and sharing the cache with other runs (`--cache-dir`,
/// `--no-cache`, `--refresh`, `--budget`, `--reserve`, `--wait`).
package struct CacheSettings: Sendable {
    package var directory: String?
    package var noCache = false
    package var refresh = false
    package var budget: Int?
    package var reserve = 100
    package var wait = 0.0

    package init(directory: String? = nil, noCache: Bool = false, refresh: Bool = false, budget: Int? = nil, reserve: Int = 100, wait: Double = 0) {
        (self.directory, self.noCache, self.refresh, self.budget, self.reserve, self.wait) = (directory, noCache, refresh, budget, reserve, wait)
    }
}
