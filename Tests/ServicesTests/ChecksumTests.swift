import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeServices

@Suite("Checksums")
struct ChecksumTests {
    @Test("CRC-32 and SHA-256 give the published values")
    func knownValues() {
        #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Data()) == 0)
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("SHA-256 over several blocks and at the padding boundaries: the FIPS 180-2 and NIST vectors")
    func multiBlock() {
        // 448 bits: the padding needs a second block.
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // 896 bits: two full blocks of message.
        #expect(
            SHA256.hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
                == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        // One million 'a's: 15,625 blocks.
        #expect(
            SHA256.hex(String(repeating: "a", count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // 55 and 56 bytes: the last length that fits one block, and the first that does not.
        #expect(SHA256.hex(String(repeating: "a", count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(SHA256.hex(String(repeating: "a", count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    }

    @Test("the eight-bytes-a-step CRC-32 agrees with the byte-at-a-time one at every length and offset")
    func slicedAgreesWithBytewise() {
        var random = SplitMix(state: 3)
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
