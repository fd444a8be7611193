import BoxOfficeModel
import Foundation
import Mustache

/// A bound on how much work one rendering may do, counted in list elements visited.
///
/// A template can nest a list's section inside itself (`{{#films}}{{#films}}…`), and each level
/// multiplies the output: a few such levels over a twenty-year report never finish. Every list in
/// a view model is handed to Mustache as a ``BudgetedList``, which stops yielding elements once the
/// budget is spent; the renderer then throws instead of returning the partial text.
///
/// Each rendering of a wrapped view model spends from an ``Account`` of its own, so that the
/// Markdown and the HTML render one view model side by side; visits made outside any account (a
/// view model rendered straight through Mustache) spend from the budget's own count.
// Unchecked Sendable: every count changes under `lock` only.
final class RenderBudget: @unchecked Sendable {
    private let lock = NSLock()
    /// Visits left to those made outside any account.
    private var left = 0
    /// Set once the view model is wrapped: a transform's result wrapped while a document renders
    /// (``ViewObject/transform(_:)``) then changes no count, so two renderings of one view model
    /// can wrap side by side, and each is checked against the view model as it was made.
    private var sealed = false
    /// Visits allowed: generous for any template that walks each list a few times, small against
    /// one that multiplies them. Set by ``wrapping(_:)``, from the elements it wrapped.
    private(set) var limit = 0
    private var elements = 0
    /// Elements under each key that holds a list, summed over every list of that name (each day's
    /// `rows` together): how often a section of that name may be rendered.
    private(set) var elementsByKey: [String: Int] = [:]

    /// `context` with every list (at any depth) made a ``BudgetedList`` drawing on a budget of
    /// 1,000,000 visits plus 50 per element.
    static func wrapping(_ context: Any) -> (budget: RenderBudget, context: Any) {
        let budget = RenderBudget()
        let wrapped = budget.wrap(context)
        budget.limit = 1_000_000 + 50 * budget.elements
        budget.left = budget.limit
        budget.sealed = true
        return (budget, wrapped)
    }

    /// One rendering's visits: a whole budget's worth, spent by every visit made on the threads
    /// that render it (``charging(_:)``, and ``RowSection``'s halves, which charge the same account).
    final class Account: Sendable {
        private let counts: Locked<(left: Int, taken: Int, refused: Bool)>

        init(visits: Int) { counts = Locked((visits, 0, false)) }

        /// True once a visit was refused.
        var exceeded: Bool { counts.withLock { $0.refused } }
        /// The visits taken so far.
        var used: Int { counts.withLock { $0.taken } }

        fileprivate func spend() -> Bool {
            counts.withLock { counts in
                guard counts.left > 0 else {
                    counts.refused = true
                    return false
                }
                counts.left -= 1
                counts.taken += 1
                return true
            }
        }

        /// `body`, every visit spent on this thread while it runs charged to this account.
        func charging<Result>(_ body: () throws -> Result) rethrows -> Result {
            try Self.charging(self, body)
        }

        /// `body` charged to `account` on this thread (nil: to no account, as outside any rendering).
        static func charging<Result>(_ account: Account?, _ body: () throws -> Result) rethrows -> Result {
            let previous = pthread_getspecific(key)
            pthread_setspecific(key, account.map { Unmanaged.passUnretained($0).toOpaque() })
            defer { pthread_setspecific(key, previous) }
            return try body()
        }

        /// The account this thread's visits are charged to, if any.
        static var current: Account? {
            pthread_getspecific(key).map { Unmanaged<Account>.fromOpaque($0).takeUnretainedValue() }
        }

        /// A thread's account is a thread-specific value: Mustache renders synchronously on the
        /// calling thread, and a rendering's visits reach the budget only through ``BudgetedList``
        /// and ``RowSection`` (whose halves on another thread charge the account they were given).
        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key for render budgets")
            return key
        }()
    }

    /// Takes one element's visit, from this thread's rendering's account if it has one; false once
    /// the budget is spent.
    func spend() -> Bool {
        if let account = Account.current { return account.spend() }
        return lock.withLock {
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }

    /// `value` with every list (at any depth) made a ``BudgetedList`` drawing on this budget, and
    /// made cheaper for Mustache to look into: every object a ``ViewObject``, every string a
    /// ``TemplateText``.
    func wrap(_ value: Any) -> Any { self.value(value).any }

    /// `value` wrapped (``wrap(_:)``), its kind told apart once, here, for every later lookup.
    func value(_ value: Any) -> ViewValue {
        // Text and flags, most of the values, taken out of the box without a cast (``plain(_:)``).
        if let plain = Self.plain(value) { return plain }
        // The view models' values are of these exact types: told apart by their metadata first,
        // without a cast failing for each type tried before the right one (a failed cast costs the
        // runtime some 400 instructions; wrapping's and RowSection's casts were 4.7% of a
        // twenty-year weekly report's instructions).
        let type = type(of: value)
        if type == ViewRow.self { return .object(wrap(row: value as! ViewRow)) }
        if type == [ViewRow].self { return .list(wrap(rows: value as! [ViewRow])) }
        if type == [Any].self { return .list(wrap(list: value as! [Any])) }
        if type == [String: Any].self { return .object(wrap(object: value as! [String: Any])) }
        // Text-only objects and lists of objects or text, as the switch below would wrap them, but
        // without its casts: a month's documents have 733 `[String: String]` and 100
        // `[[String: String]]`, and each such value failed five casts before the dictionary was
        // bridged, value by value, to `[String: Any]` (9 M of a warm month report's 596 M
        // instructions, callgrind; the sample's 514 M, 7 M).
        if type == [String: String].self { return .object(wrap(strings: value as! [String: String])) }
        if type == [[String: String]].self { return .list(wrap(elements: value as! [[String: String]]) { .object(self.wrap(strings: $0)) }) }
        if type == [[String: Any]].self { return .list(wrap(elements: value as! [[String: Any]]) { .object(self.wrap(object: $0)) }) }
        if type == [String].self { return .list(wrap(elements: value as! [String]) { .text($0) }) }
        if type == TemplateRow.self { return .other(value) }
        switch value {
        case let text as String: return .text(text)  // text of another dynamic type
        case let flag as Bool: return .flag(flag)
        case let row as ViewRow: return .object(wrap(row: row))
        case let list as [Any]: return .list(wrap(list: list))
        case let object as [String: Any]: return .object(wrap(object: object))
        // Wrapped before (a transform's result wrapped again).
        case let text as TemplateText: return .text(text.text)
        case let object as ViewObject: return .object(object)
        case let list as BudgetedList: return .list(list)
        default: return .other(value)
        }
    }

    /// A String or a Bool, read from the opened box: the type compared by its metadata and the
    /// value reinterpreted, where `value as! String` costs the runtime's dynamic cast (a third of
    /// wrapping a twenty-year weekly report's view model, 150,000 values).
    private static func plain<Value>(_ value: Value) -> ViewValue? {
        if Value.self == String.self { return .text(unsafeBitCast(value, to: String.self)) }
        if Value.self == Bool.self { return .flag(unsafeBitCast(value, to: Bool.self)) }
        return nil
    }

    private func wrap(object: [String: Any]) -> ViewObject {
        // Keys and values in the same order: the dictionary's own.
        let columns = TemplateColumns(unique: Array(object.keys))
        var values: [ViewValue] = []
        values.reserveCapacity(object.count)
        for (key, value) in object { values.append(wrapCounting(value, key: key)) }
        return ViewObject(columns: columns, values: values, budget: self)
    }

    /// An object of text only, as ``wrap(object:)`` wraps it.
    private func wrap(strings object: [String: String]) -> ViewObject {
        ViewObject(columns: TemplateColumns(unique: Array(object.keys)), values: object.values.map { .text($0) }, budget: self)
    }

    /// A list whose elements' type is known, each wrapped by `wrap` as ``value(_:)`` would.
    private func wrap<Element>(elements list: [Element], _ wrap: (Element) -> ViewValue) -> BudgetedList {
        if !sealed { elements += list.count }
        return BudgetedList(elements: list.map(wrap), budget: self)
    }

    /// A table's row: its columns shared with the rest of the table, so no name is hashed here.
    private func wrap(row: ViewRow) -> ViewObject {
        let values = row.pairs.withUnsafeBufferPointer { pairs in
            [ViewValue](unsafeUninitializedCapacity: pairs.count) { values, count in
                for index in pairs.indices { (values.baseAddress! + index).initialize(to: wrapCounting(pairs[index].1, key: pairs[index].0)) }
                count = pairs.count
            }
        }
        return ViewObject(columns: row.columns, values: values, budget: self)
    }

    /// `value` wrapped, the elements of a list counted under the name that holds it.
    private func wrapCounting(_ value: Any, key: String) -> ViewValue {
        let wrapped = self.value(value)
        if !sealed, case .list(let list) = wrapped { elementsByKey[key, default: 0] += list.elements.count }
        return wrapped
    }

    private func wrap(list: [Any]) -> BudgetedList {
        if !sealed { elements += list.count }
        return BudgetedList(elements: list.map(value), budget: self)
    }

    private func wrap(rows: [ViewRow]) -> BudgetedList {
        if !sealed { elements += rows.count }
        return BudgetedList(elements: rows.map { .object(wrap(row: $0)) }, budget: self)
    }
}

/// A value of a wrapped view model, its kind known: what ``RowSection`` reads without a cast, and
/// what Mustache is handed (``any``).
enum ViewValue {
    /// Text, handed to Mustache as a ``TemplateText``.
    case text(String)
    case flag(Bool)
    case object(ViewObject)
    case list(BudgetedList)
    /// Anything else (a number, a user's type): handed to Mustache as it is.
    case other(Any)

    var any: Any {
        switch self {
        case .text(let text): TemplateText(text)
        case .flag(let flag): flag
        case .object(let object): object
        case .list(let list): list
        case .other(let value): value
        }
    }
}

/// A view-model object as Mustache sees it: the same names and values as the dictionary or row it
/// was made from, looked up through a class's conformance rather than `Dictionary`'s conditional
/// one, which swift-mustache checks (with another cast) for every object on the context stack at
/// every name it looks up.
// Unchecked Sendable: immutable after init; the budget it charges is itself locked.
final class ViewObject: MustacheParent, MustacheTransformable, @unchecked Sendable {
    /// The names, shared by every row of a table (``ViewRow``).
    let columns: TemplateColumns
    /// One value per column.
    let values: [ViewValue]
    let budget: RenderBudget

    init(columns: TemplateColumns, values: [ViewValue], budget: RenderBudget) {
        precondition(values.count == columns.names.count)
        self.columns = columns
        self.values = values
        self.budget = budget
    }

    subscript(name: String) -> ViewValue? { columns.position(of: name).map { values[$0] } }

    func child(named name: String) -> Any? { self[name]?.any }

    /// The same names and values with `name` set to `value` (added, or replacing its value).
    func setting(_ name: String, to value: ViewValue) -> ViewObject {
        if let position = columns.position(of: name) {
            var values = values
            values[position] = value
            return ViewObject(columns: columns, values: values, budget: budget)
        }
        return ViewObject(columns: TemplateColumns(unique: columns.names + [name]), values: values + [value], budget: budget)
    }

    /// `count(object)`, `enumerated(object)` and the other dictionary transforms work as on the dictionary.
    func transform(_ name: String) -> Any? {
        Dictionary(uniqueKeysWithValues: zip(columns.names, values.lazy.map(\.any))).transform(name).map(budget.wrap)
    }
}

/// A view-model list as Mustache sees it: the same elements, each visit counted against a budget.
struct BudgetedList: MustacheSequence, MustacheTransformable {
    let elements: [ViewValue]
    let budget: RenderBudget

    struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[ViewValue]>
        let budget: RenderBudget
        mutating func next() -> Any? {
            guard let element = base.next(), budget.spend() else { return nil }
            return element.any
        }
    }

    func makeIterator() -> Iterator { Iterator(base: elements.makeIterator(), budget: budget) }

    /// `first(list)`, `reversed(list)` and the other list transforms work as on an array.
    func transform(_ name: String) -> Any? {
        elements.map(\.any).transform(name).map(budget.wrap)
    }
}
