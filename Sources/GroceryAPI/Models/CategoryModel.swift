/// A grocery category, as `categories` lists them.
public struct CategoryModel: Codable, Sendable, Equatable {
    /// The number used in `category/{id}`.
    public var id: Int
    /// The category's name, such as `Fruit`.
    public var name: String

    /// Creates a category.
    ///
    /// - Parameters:
    ///   - id:   the category number.
    ///   - name: the name.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// One grocery item, as `category/{id}` lists them.
public struct GroceryModel: Codable, Sendable, Equatable {
    /// The item's number.
    public var id: Int
    /// The category it belongs to.
    public var categoryId: Int
    /// The item's name, such as `Apples`.
    public var name: String
    /// The price in minor units (cents), so no floating point touches money.
    public var priceInCents: Int
    /// What the price is for, such as `1 kg`.
    public var unit: String

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - id:           the item number.
    ///   - categoryId:   its category's number.
    ///   - name:         the name.
    ///   - priceInCents: the price in cents.
    ///   - unit:         what the price is for.
    public init(id: Int, categoryId: Int, name: String, priceInCents: Int, unit: String) {
        self.id = id
        self.categoryId = categoryId
        self.name = name
        self.priceInCents = priceInCents
        self.unit = unit
    }
}
