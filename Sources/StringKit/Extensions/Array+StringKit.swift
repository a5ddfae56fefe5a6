public import Foundation

extension Array where Element == StringAttribute {
    /// The attributes as a container; a later attribute under the same key wins.
    public var attributeContainer: AttributeContainer {
        var container = AttributeContainer()
        for attribute in self { attribute.apply(to: &container) }
        return container
    }
}
