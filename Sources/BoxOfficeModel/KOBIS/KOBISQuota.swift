/// What KOBIS allows a key: its calls a day (api-notes: "3,000 calls per key per day").
package enum KOBISQuota {
    package static let callsPerDay = 3_000
}
