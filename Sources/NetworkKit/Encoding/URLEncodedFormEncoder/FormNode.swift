/// One step of a path in the form tree: a member of an object or a slot of an array.
enum FormKey {
    /// A keyed container's member.
    case member(String)
    /// An unkeyed container's slot.
    case slot(Int)
}

/// A node of the tree a value encodes into, before it is written out as text.
///
/// Containers write through paths from the root, so a container that never writes leaves no trace,
/// and a write through a node of another kind replaces that node (a later keyed write over an
/// array turns it into an object), as Alamofire's encoder does.
final class FormNode {
    /// What a node holds.
    enum Content {
        /// Made on the way to a deeper write, or a slot skipped by a dropped `nil`; writes nothing.
        case pending
        /// A scalar's text, unescaped.
        case text(String)
        /// An array's slots, in order.
        case list([FormNode])
        /// An object's members, in the order first written.
        case object(FormObject)
    }

    var content: Content

    init(_ content: Content) {
        self.content = content
    }

    /// Writes `text` at `path` below this node, making or reshaping the nodes on the way.
    func write(_ text: String, at path: [FormKey]) {
        var node = self
        for key in path {
            node = node.child(key)
        }
        node.content = .text(text)
    }

    /// The child at `key`, made when missing; a node of the wrong kind becomes an object or a list
    /// holding only the new child.
    ///
    /// A slot past the end pads the list with pending nodes, so each slot keeps its own node even
    /// after a dropped `nil` left one empty.
    private func child(_ key: FormKey) -> FormNode {
        switch key {
        case .member(let name):
            guard case .object(var members) = content else {
                let child = FormNode(.pending)
                content = .object(FormObject(name, child))
                return child
            }
            if let existing = members.child(named: name) { return existing }
            content = .pending  // leaves `members` the only owner, so it grows in place
            let child = FormNode(.pending)
            members.append(name, child)
            content = .object(members)
            return child
        case .slot(let index):
            var slots: [FormNode] = []
            if case .list(let existing) = content {
                if index < existing.count { return existing[index] }
                slots = existing
            }
            content = .pending  // leaves `slots` the only owner, so it grows in place
            while slots.count <= index { slots.append(FormNode(.pending)) }
            content = .list(slots)
            return slots[index]
        }
    }
}

/// An object's members in the order first written.
///
/// Small objects are searched in order; an index by name is built once an object grows past
/// ``indexThreshold`` members, so wide dictionaries stay linear overall.
struct FormObject {
    private(set) var members: [(name: String, node: FormNode)] = []
    private var index: [String: Int] = [:]

    private static let indexThreshold = 16

    init() {}

    init(_ name: String, _ child: FormNode) {
        append(name, child)
    }

    /// The node of member `name`, if it was written.
    func child(named name: String) -> FormNode? {
        if members.count > Self.indexThreshold { return index[name].map { members[$0].node } }
        return members.first { $0.name == name }?.node
    }

    mutating func append(_ name: String, _ child: FormNode) {
        members.append((name, child))
        if members.count > Self.indexThreshold {
            if index.isEmpty {
                for (position, member) in members.enumerated() { index[member.name] = position }
            } else {
                index[name] = members.count - 1
            }
        }
    }
}

/// What every container of one encoding shares: the tree and the value strategies.
final class FormEncodingContext {
    let root = FormNode(.object(FormObject()))
    let options: FormValueOptions
    /// Whether the value asked for an unkeyed container at the root, even one left empty.
    var rootIsUnkeyed = false

    init(options: FormValueOptions) {
        self.options = options
    }
}

/// The strategies that shape values as they are encoded (keys are shaped when written out).
struct FormValueOptions {
    let boolEncoding: URLEncodedFormEncoder.BoolEncoding
    let dataEncoding: URLEncodedFormEncoder.DataEncoding
    let dateEncoding: URLEncodedFormEncoder.DateEncoding
    let nilEncoding: URLEncodedFormEncoder.NilEncoding
}
