// Loopback servers for tests and benchmarks.
