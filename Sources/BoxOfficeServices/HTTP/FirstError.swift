/// The first of some errors, kept for every later caller: a service that refused the credentials
/// or is down is not asked again in the same run.
actor FirstError<Failure: Error & Sendable> {
    private(set) var error: Failure?

    func record(_ error: Failure) {
        if self.error == nil { self.error = error }
    }
}
