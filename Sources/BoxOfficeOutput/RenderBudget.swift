import Foundation
import Mustache

/// A bound on how much work one rendering may do, counted in list elements visited.
///
/// A template can nest a list's section inside itself (`{{#films}}{{#films}}…`), and each level
/// multiplies the output: a few such levels over a twenty-year report never finish. Every list in
/// a view model is handed to Mustache as a ``BudgetedList``, which stops yielding elements once the
/// budget is spent; the renderer then throws instead of returning the partial text.
final class RenderBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int
    private(set) var exceeded = false
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        left = limit
    }

    /// Takes one element's visit; false once the budget is spent.
    func spend() -> Bool {
        lock.withLock {
            guard left > 0 else {
                exceeded = true
                return false
            }
            left -= 1
            return true
        }
    }

    /// Visits allowed for a view model: generous for any template that walks each list a few
    /// times, small against one that multiplies them.
    static func limit(for context: Any) -> Int { 1_000_000 + 50 * elements(in: context) }

    private static func elements(in value: Any) -> Int {
        switch value {
        case let list as [Any]: list.count + list.reduce(0) { $0 + elements(in: $1) }
        case let object as [String: Any]: object.values.reduce(0) { $0 + elements(in: $1) }
        default: 0
        }
    }

    /// `value` with every list (at any depth) made a ``BudgetedList`` drawing on this budget.
    func wrap(_ value: Any) -> Any {
        switch value {
        case let list as [Any]: BudgetedList(elements: list.map(wrap), budget: self)
        case let object as [String: Any]: object.mapValues(wrap)
        default: value
        }
    }
}

/// A view-model list as Mustache sees it: the same elements, each visit counted against a budget.
struct BudgetedList: MustacheSequence, MustacheTransformable {
    let elements: [Any]
    let budget: RenderBudget

    struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Any]>
        let budget: RenderBudget
        mutating func next() -> Any? {
            guard let element = base.next(), budget.spend() else { return nil }
            return element
        }
    }

    func makeIterator() -> Iterator { Iterator(base: elements.makeIterator(), budget: budget) }

    /// `first(list)`, `reversed(list)` and the other list transforms work as on an array.
    func transform(_ name: String) -> Any? {
        elements.transform(name).map(budget.wrap)
    }
}
