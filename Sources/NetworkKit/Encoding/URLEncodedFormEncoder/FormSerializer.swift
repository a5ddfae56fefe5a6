/// Writes the form tree out as `key=value` pairs joined by `&`.
///
/// Each node's key is built unescaped (nested keys by the key path strategy, array elements by the
/// array strategy), rewritten by the key strategy at the value, then escaped with the value by
/// ``PercentEncoding``. When sorting, the pairs under each node are sorted as text before they are
/// joined, level by level, as Alamofire does.
struct FormSerializer {
    let alphabetizes: Bool
    let arrayEncoding: URLEncodedFormEncoder.ArrayEncoding
    let keyEncoding: URLEncodedFormEncoder.KeyEncoding
    let keyPathEncoding: URLEncodedFormEncoder.KeyPathEncoding
    let spaceAsPlus: Bool
    let allowed: PercentEncoding.AllowedCharacters

    /// The text of the root object's members.
    func serialize(_ root: FormObject) -> [UInt8] {
        joined(root.members.map { member in serialize(member.node, key: member.name) })
    }

    private func serialize(_ node: FormNode, key: String) -> [UInt8] {
        switch node.content {
        case .text(let text):
            var pair: [UInt8] = []
            pair.reserveCapacity(key.utf8.count + text.utf8.count + 8)
            escape(keyEncoding.encode(key), into: &pair)
            pair.append(UInt8(ascii: "="))
            escape(text, into: &pair)
            return pair
        case .list(let slots):
            var index = 0
            var segments: [[UInt8]] = []
            segments.reserveCapacity(slots.count)
            for slot in slots {
                if case .pending = slot.content { continue }  // a dropped nil takes no position
                segments.append(serialize(slot, key: arrayEncoding.key(key, at: index)))
                index += 1
            }
            return joined(segments)
        case .object(let object):
            return joined(
                object.members.map { member in
                    serialize(member.node, key: keyPathEncoding.key(key, member: member.name))
                })
        case .pending:
            return []
        }
    }

    private func joined(_ segments: [[UInt8]]) -> [UInt8] {
        let segments = alphabetizes ? segments.sorted { $0.lexicographicallyPrecedes($1) } : segments
        var output: [UInt8] = []
        output.reserveCapacity(segments.reduce(segments.count) { $0 + $1.count })
        for segment in segments where !segment.isEmpty {
            if !output.isEmpty { output.append(UInt8(ascii: "&")) }
            output.append(contentsOf: segment)
        }
        return output
    }

    private func escape(_ text: String, into output: inout [UInt8]) {
        PercentEncoding.encode(text, allowing: allowed, spaceAsPlus: spaceAsPlus, into: &output)
    }
}
