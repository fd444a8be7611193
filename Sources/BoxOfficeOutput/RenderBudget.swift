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
    private var left = 0
    private(set) var exceeded = false
    /// Visits allowed: generous for any template that walks each list a few times, small against
    /// one that multiplies them. Set by ``wrap(_:)``, from the elements it wrapped.
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
        return (budget, wrapped)
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

    /// `value` with every list (at any depth) made a ``BudgetedList`` drawing on this budget.
    func wrap(_ value: Any) -> Any {
        switch value {
        case is String, is Bool: return value  // most values: decided before the costlier casts
        case let list as [Any]:
            elements += list.count
            return BudgetedList(elements: list.map(wrap), budget: self)
        case let object as [String: Any]:
            var wrapped = [String: Any](minimumCapacity: object.count)
            for (key, value) in object {
                if value is String || value is Bool {
                    wrapped[key] = value
                } else if let list = value as? [Any] {
                    elementsByKey[key, default: 0] += list.count
                    wrapped[key] = wrap(list)
                } else {
                    wrapped[key] = wrap(value)
                }
            }
            return wrapped
        default: return value
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
