import Foundation

/// CRC-32 (IEEE): detects a corrupted or truncated cache entry, and is the checksum ZIP archives
/// (the xlsx workbook) carry.
package enum CRC32 {
    /// Eight tables of 256 entries, back to back: table 0 is the classic byte-at-a-time table, and
    /// table k advances a byte's effect by k more bytes, so eight bytes are folded in per step
    /// ("slicing-by-8"). Reading twelve thousand cache entries checks about 50 MB.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    package static func checksum<Bytes: DataProtocol>(_ bytes: Bytes) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        tables.withUnsafeBufferPointer { t in
            for region in bytes.regions {
                region.withUnsafeBytes { buffer in
                    var offset = 0
                    while buffer.count - offset >= 8 {
                        let one = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) ^ crc
                        let two = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                        crc =
                            t[7 * 256 + Int(one & 0xFF)] ^ t[6 * 256 + Int((one >> 8) & 0xFF)]
                            ^ t[5 * 256 + Int((one >> 16) & 0xFF)] ^ t[4 * 256 + Int(one >> 24)]
                            ^ t[3 * 256 + Int(two & 0xFF)] ^ t[2 * 256 + Int((two >> 8) & 0xFF)]
                            ^ t[256 + Int((two >> 16) & 0xFF)] ^ t[Int(two >> 24)]
                        offset += 8
                    }
                    while offset < buffer.count {
                        crc = t[Int((crc ^ UInt32(buffer[offset])) & 0xFF)] ^ (crc >> 8)
                        offset += 1
                    }
                }
            }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The classic byte-at-a-time computation, which the sliced one must always agree with.
    package static func checksumBytewise(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = tables[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
