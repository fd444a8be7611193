import BoxOfficeModel
import Foundation

/// A ZIP archive of stored (uncompressed) entries: what an xlsx workbook is, and all it needs.
///
/// Hand-written rather than ZIPFoundation, the zip package the machine carries: that package
/// deflates through the system zlib, which adds `libz.so.1` to the release binary's run-time needs
/// (`make check-static` guards that list) for a format that is opt-in; writing stored entries is
/// these 80 lines and the CRC-32 the cache already has. Excel, LibreOffice and openpyxl read
/// stored workbooks; the cost is size: the sample week's workbook is 129 KB against its CSVs'
/// 22 KB (the XML around each cell), which a user may zip again.
enum StoredZip {
    struct TooLarge: Error {}

    /// Builds an archive one entry at a time, so a caller can let each entry's bytes go once added.
    /// Names are UTF-8 (flag bit 11). Without ZIP64, an archive and each entry stay under 4 GiB.
    struct Writer {
        private var archive = Data()
        private var directory = Data()
        private var count = 0

        mutating func add(_ name: String, _ data: some DataProtocol) throws(TooLarge) {
            let nameBytes = Data(name.utf8)
            guard data.count < Int(UInt32.max), archive.count < Int(UInt32.max), count < Int(UInt16.max) - 1 else { throw TooLarge() }
            let offset = UInt32(archive.count)
            let crc = CRC32.checksum(data)
            let size = UInt32(data.count)
            // Local file header.
            archive.append(le32: 0x0403_4B50)
            archive.append(le16: 20)  // version needed: 2.0
            archive.append(le16: 0x0800)  // UTF-8 names
            archive.append(le16: 0)  // stored
            archive.append(le16: 0)  // time 00:00
            archive.append(le16: 0x21)  // date 1980-01-01
            archive.append(le32: crc)
            archive.append(le32: size)
            archive.append(le32: size)
            archive.append(le16: UInt16(nameBytes.count))
            archive.append(le16: 0)  // no extra field
            archive.append(nameBytes)
            archive.append(contentsOf: data)
            // Its central directory record.
            directory.append(le32: 0x0201_4B50)
            directory.append(le16: 20)  // made by: 2.0
            directory.append(le16: 20)
            directory.append(le16: 0x0800)
            directory.append(le16: 0)
            directory.append(le16: 0)
            directory.append(le16: 0x21)
            directory.append(le32: crc)
            directory.append(le32: size)
            directory.append(le32: size)
            directory.append(le16: UInt16(nameBytes.count))
            directory.append(le16: 0)  // extra
            directory.append(le16: 0)  // comment
            directory.append(le16: 0)  // disk
            directory.append(le16: 0)  // internal attributes
            directory.append(le32: 0)  // external attributes
            directory.append(le32: offset)
            directory.append(nameBytes)
            count += 1
        }

        /// The archive: the entries, their central directory and its end record.
        consuming func finish() throws(TooLarge) -> Data {
            guard archive.count + directory.count < Int(UInt32.max) else { throw TooLarge() }
            let directoryOffset = UInt32(archive.count)
            archive.append(directory)
            archive.append(le32: 0x0605_4B50)
            archive.append(le16: 0)
            archive.append(le16: 0)
            archive.append(le16: UInt16(count))
            archive.append(le16: UInt16(count))
            archive.append(le32: UInt32(directory.count))
            archive.append(le32: directoryOffset)
            archive.append(le16: 0)
            return archive
        }
    }
}

extension Data {
    fileprivate mutating func append(le16 value: UInt16) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    fileprivate mutating func append(le32 value: UInt32) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
