@testable import BoxOfficeServices
import Foundation
import Testing

@Suite("Checksums")
struct ChecksumTests {
    @Test("CRC-32 and SHA-256 give the published values")
    func knownValues() {
        #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Data()) == 0)
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("the eight-bytes-a-step CRC-32 agrees with the byte-at-a-time one at every length and offset")
    func slicedAgreesWithBytewise() {
        var random = HostileInputTests.SplitMix(state: 3)
        let bytes = (0..<4_099).map { _ in UInt8.random(in: 0...255, using: &random) }
        let data = Data(bytes)
        for length in Array(0...40) + [511, 512, 513, 4_096, 4_099] {
            for start in [0, 1, 3, 7] where start + length <= bytes.count {
                // A slice of Data keeps its parent's indices: the reader must not assume they start at 0.
                let slice = data[(data.startIndex + start)..<(data.startIndex + start + length)]
                #expect(CRC32.checksum(slice) == CRC32.checksumBytewise(bytes[start..<(start + length)]), "length \(length), start \(start)")
            }
        }
    }
}
