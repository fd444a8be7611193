/// TMDB enrichment (`--no-tmdb`, `--require-tmdb`, `--tmdb-rate`, `--tmdb-overrides`).
package struct TMDBSettings: Sendable {
    package var off = false
    package var required = false
    package var rate = 20.0
    package var overrides: String?

    package init(off: Bool = false, required: Bool = false, rate: Double = 20.0, overrides: String? = nil) {
        (self.off, self.required, self.rate, self.overrides) = (off, required, rate, overrides)
    }
}
