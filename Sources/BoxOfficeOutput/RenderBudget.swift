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

    /// The whole budget again, for another rendering of the same wrapped view model.
    func refill() {
        lock.withLock {
            left = limit
            exceeded = false
        }
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

    /// `value` with every list (at any depth) made a ``BudgetedList`` drawing on this budget, and
    /// made cheaper for Mustache to look into: every object a ``ViewObject``, every string a
    /// ``TemplateText``.
    func wrap(_ value: Any) -> Any {
        // The view models' values are of these exact types: told apart by their metadata first,
        // without a cast failing for each type tried before the right one (a failed cast costs the
        // runtime some 400 instructions; wrapping's and RowSection's casts were 4.7% of a
        // twenty-year weekly report's instructions).
        let type = type(of: value)
        if type == String.self { return TemplateText(value as! String) }
        if type == Bool.self { return value }
        if type == [Any].self { return wrap(list: value as! [Any]) }
        if type == [String: Any].self { return wrap(object: value as! [String: Any]) }
        switch value {
        case let text as String: return TemplateText(text)  // text of another dynamic type
        case is Bool: return value
        case let list as [Any]: return wrap(list: list)
        case let object as [String: Any]: return wrap(object: object)
        default: return value
        }
    }

    private func wrap(object: [String: Any]) -> ViewObject {
        // The same keys in the same table: `mapValues` hashes none of them again (a fifth of
        // wrapping a twenty-year weekly report's view model went on re-inserting keys).
        var holdsLists = false
        let wrapped = object.mapValues { value -> Any in
            let type = type(of: value)
            if type == String.self { return TemplateText(value as! String) }
            if type == Bool.self { return value }
            if let list = value as? [Any] {
                holdsLists = true
                return wrap(list: list)
            }
            return wrap(value)
        }
        if holdsLists {
            for (key, value) in object { if let list = value as? [Any] { elementsByKey[key, default: 0] += list.count } }
        }
        return ViewObject(values: wrapped, budget: self)
    }

    private func wrap(list: [Any]) -> BudgetedList {
        elements += list.count
        return BudgetedList(elements: list.map(wrap), budget: self)
    }
}

/// A view-model object as Mustache sees it: the same names and values as the dictionary it was
/// made from, looked up through a class's conformance rather than `Dictionary`'s conditional one,
/// which swift-mustache checks (with another cast) for every object on the context stack at every
/// name it looks up.
final class ViewObject: MustacheParent, MustacheTransformable, @unchecked Sendable {
    let values: [String: Any]
    let budget: RenderBudget

    init(values: [String: Any], budget: RenderBudget) {
        self.values = values
        self.budget = budget
    }

    func child(named name: String) -> Any? { values[name] }

    /// `count(object)`, `enumerated(object)` and the other dictionary transforms work as on the dictionary.
    func transform(_ name: String) -> Any? { values.transform(name).map(budget.wrap) }
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
