import Foundation

/// A list section whose body is only text and plain `{{name}}` tags naming the rows' columns, such
/// as every line of the default CSV templates: rendered row by row without swift-mustache's
/// per-cell lookups, which cost about two microseconds a cell (a second and more for a
/// twenty-year daily CSV).
///
/// It is the same template, read by a smaller interpreter: anything beyond this subset (other tag
/// kinds, dotted names, names outside the rows, a content type without a known escaping) is not a
/// flat section, and ``ReportTemplates`` renders it with Mustache. Before a flat rendering is used,
/// its first rows are checked against Mustache's own rendering of them.
struct FlatListSection: Sendable {
    enum Segment: Sendable, Equatable {
        case text(String)
        case value(name: String)
    }

    let segments: [Segment]
    let escape: @Sendable (String) -> String
    /// Whether a cell's UTF-8 bytes come out of ``escape`` unchanged (then they are copied as they
    /// are); nil when the escaping has no such test. A twenty-year daily CSV has 2.9 million cells,
    /// and handing each one to ``escape`` and back as a String was about a third of rendering its
    /// rows (callgrind).
    let unchanged: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)?

    init(segments: [Segment], escape: @escaping @Sendable (String) -> String, unchanged: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)? = nil) {
        self.segments = segments
        self.escape = escape
        self.unchanged = unchanged
    }

    /// The test of ``unchanged`` for a content type, where it has one.
    static func unchanged(contentType name: String) -> (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)? {
        switch name {
        case CSVContentType.name: CSVContentType.needsNothing
        case "TEXT": { _ in true }
        default: nil
        }
    }

    /// The escaping of the content types whose escaping this project owns; others are left to Mustache.
    static func escaping(contentType name: String) -> (@Sendable (String) -> String)? {
        switch name {
        case CSVContentType.name: { CSVContentType().escapeText($0) }
        case MarkdownContentType.name: { MarkdownContentType().escapeText($0) }
        case "TEXT": { $0 }
        default: nil
        }
    }

    /// The content type `text` declares: its name when `{{% CONTENT_TYPE: NAME}}` is the start of
    /// its first line and no other pragma follows, nil inside when it declares none at all (the
    /// text is then HTML), and nil when a pragma stands anywhere else or reads otherwise.
    static func declaredContentType(_ text: String) -> String?? {
        let pragmas = text.ranges(of: "{{%").count
        guard pragmas > 0 else { return .some(nil) }
        guard pragmas == 1, text.hasPrefix("{{%"), let end = text.range(of: "}}") else { return nil }
        let parts = text[text.index(text.startIndex, offsetBy: 3)..<end.lowerBound].split(separator: ":", maxSplits: 1)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, parts[0] == "CONTENT_TYPE" else { return nil }
        return parts[1]
    }

    /// Reads `section` (`{{#key}}…{{/key}}` and the line end after it) as a flat section, given the
    /// template text before it (`head`); nil when it is not one.
    static func parse(section: String, head: String, listKey: String) -> FlatListSection? {
        guard let name = declaredContentType(head), let name, !section.contains("{{%"), let escape = escaping(contentType: name) else { return nil }

        let open = "{{#\(listKey)}}", close = "{{/\(listKey)}}"
        guard section.hasPrefix(open) else { return nil }
        var body = section.dropFirst(open.count)
        // A standalone opening tag takes its line end with it.
        if head.isEmpty || head.hasSuffix("\n") {
            if body.hasPrefix("\r\n") { body = body.dropFirst(2) } else if body.hasPrefix("\n") { body = body.dropFirst() }
        }
        // The closing tag must be standalone too: alone on the last line.
        guard let closing = body.range(of: close, options: .backwards) else { return nil }
        let after = body[closing.upperBound...]
        body = body[..<closing.lowerBound]
        guard body.isEmpty || body.hasSuffix("\n"), after.isEmpty || after == "\n" || after == "\r\n" else { return nil }
        guard let segments = segments(of: body) else { return nil }
        return FlatListSection(segments: segments, escape: escape, unchanged: unchanged(contentType: name))
    }

    /// Text and `{{name}}` tags; nil at any other kind of tag.
    static func segments(of body: Substring) -> [Segment]? {
        var segments: [Segment] = []
        var rest = body
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { segments.append(.text(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].range(of: "}}") else { return nil }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
                return nil
            }
            segments.append(.value(name: name))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { segments.append(.text(String(rest))) }
        return segments
    }

    /// The rendered rows between `head` and `tail` (made in one buffer: a twenty-year daily CSV is
    /// 16 MB, and every copy of it adds to the run's peak memory), or nil when a tag names something
    /// the rows do not have (Mustache would look for it further out in the context).
    func render(_ rows: [TemplateRow], head: String = "", tail: String = "") -> String? {
        renderUTF8(rows, head: head, tail: tail).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``render(_:head:tail:)``'s UTF-8 bytes, joined from valid UTF-8 only: no String is made of them.
    func renderUTF8(_ rows: [TemplateRow], head: String = "", tail: String = "") -> [UInt8]? {
        guard let columns = rows.first?.columns, rows.allSatisfy({ $0.columns === columns }) else { return rows.isEmpty ? [] : nil }
        enum Bound { case text(Range<Int>), value(Int) }
        // The text segments' bytes, once; each row's cells appended as bytes: a String grown by
        // `+=` was two thirds of rendering a twenty-year daily CSV's 84,000 rows.
        var texts: [UInt8] = []
        var bound: [Bound] = []
        for segment in segments {
            switch segment {
            case .text(let text):
                let start = texts.count
                texts += text.utf8
                bound.append(.text(start..<texts.count))
            case .value(let name):
                guard let position = columns.position(of: name) else { return nil }
                bound.append(.value(position))
            }
        }
        var output = ByteBuilder(capacity: head.utf8.count + rows.count * (texts.count + bound.count * 8) + tail.utf8.count)
        output.append(head)
        texts.withUnsafeBufferPointer { texts in
            for row in rows {
                output.append { room in
                    for part in bound {
                        switch part {
                        case .text(let range):
                            guard room.append(UnsafeBufferPointer(rebasing: texts[range])) else { return false }
                        case .value(let position):
                            var cell = row.values[position]
                            let fitted = cell.withUTF8 { bytes -> Bool? in
                                guard let unchanged, unchanged(bytes) else { return nil }
                                return room.append(bytes)
                            }
                            if let fitted {
                                guard fitted else { return false }
                            } else {
                                var escaped = escape(row.values[position])
                                guard escaped.withUTF8({ room.append($0) }) else { return false }
                            }
                        }
                    }
                    return true
                }
            }
        }
        output.append(tail)
        return output.finish()
    }
}

/// UTF-8 bytes appended into room made beforehand, each piece copied by one `memcpy`.
///
/// Why not `[UInt8].append(contentsOf:)`: a twenty-year daily CSV appends 2.9 million cells and as
/// many pieces of text between them, and each append cost about 100 instructions of bookkeeping
/// (callgrind on the release binary). Here a whole row is written into the room there is, or, when
/// it does not fit, written again into twice the room.
struct ByteBuilder {
    private var storage: [UInt8]
    private var count = 0

    /// Room for `capacity` bytes to start with.
    init(capacity: Int) { storage = Self.room(Swift.max(capacity, 64)) }

    /// `count` bytes of room, not zeroed: only those written are ever read, and pages never
    /// written to stay untouched (zeroing the room a twenty-year daily CSV's estimate makes, and
    /// twice that when it grew, added 28 MB to the run's peak memory). A byte is a trivial type:
    /// its memory needs no initialising before it is written.
    private static func room(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Where one piece is written: appends that do not fit are refused.
    struct Room {
        fileprivate let base: UnsafeMutablePointer<UInt8>
        fileprivate let capacity: Int
        fileprivate var count: Int

        /// false, writing nothing, when `bytes` do not fit.
        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard bytes.count <= capacity - count else { return false }
            if let source = bytes.baseAddress { memcpy(base + count, source, bytes.count) }
            count += bytes.count
            return true
        }
    }

    /// Runs `write`, which appends one whole piece or returns false when the room ran out; it is
    /// then run again with twice the room, so it must write the same bytes each time.
    mutating func append(_ write: (inout Room) -> Bool) {
        while true {
            let start = count
            let end = storage.withUnsafeMutableBufferPointer { buffer -> Int? in
                var room = Room(base: buffer.baseAddress!, capacity: buffer.count, count: start)
                return write(&room) ? room.count : nil
            }
            if let end {
                count = end
                return
            }
            var larger = Self.room(storage.count * 2)
            larger.withUnsafeMutableBufferPointer { larger in
                storage.withUnsafeBufferPointer { written in _ = memcpy(larger.baseAddress!, written.baseAddress!, count) }
            }
            storage = larger
        }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes in append { $0.append(bytes) } }
    }

    /// The bytes written.
    mutating func finish() -> [UInt8] {
        storage.removeSubrange(count...)
        return storage
    }
}
