/// The categories and groceries a ``GroceryServer`` serves.
public struct GroceryCatalog: Sendable, Equatable {
    /// The categories, in the order `categories` lists them.
    public var categories: [CategoryModel]
    /// Every grocery item; `category/{id}` lists those whose `categoryId` matches.
    public var groceries: [GroceryModel]

    /// Creates a catalog.
    ///
    /// - Parameters:
    ///   - categories: the categories.
    ///   - groceries:  the items.
    public init(categories: [CategoryModel], groceries: [GroceryModel]) {
        self.categories = categories
        self.groceries = groceries
    }

    /// A small built-in catalog: three categories with a few items each.
    public static let sample = GroceryCatalog(
        categories: [
            CategoryModel(id: 1, name: "Fruit"),
            CategoryModel(id: 2, name: "Dairy"),
            CategoryModel(id: 3, name: "Bakery"),
        ],
        groceries: [
            GroceryModel(id: 101, categoryId: 1, name: "Apples", priceInCents: 349, unit: "1 kg"),
            GroceryModel(id: 102, categoryId: 1, name: "Bananas", priceInCents: 199, unit: "1 kg"),
            GroceryModel(id: 103, categoryId: 1, name: "Blueberries", priceInCents: 299, unit: "250 g"),
            GroceryModel(id: 201, categoryId: 2, name: "Milk", priceInCents: 119, unit: "1 l"),
            GroceryModel(id: 202, categoryId: 2, name: "Butter", priceInCents: 259, unit: "250 g"),
            GroceryModel(id: 301, categoryId: 3, name: "Sourdough loaf", priceInCents: 450, unit: "800 g"),
        ])
}
