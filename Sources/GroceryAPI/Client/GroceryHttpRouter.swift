public import NetworkKit

/// The grocery sample's catalog endpoints. They need a bearer access token, which an
/// ``AuthService`` adds to every request.
///
/// ```swift
/// let categories = try await service.groceryCategories()  // sends GroceryHttpRouter.getGroceryCategories
/// ```
public enum GroceryHttpRouter: HTTPRouter, Equatable {
    /// `GET categories`: every category.
    case getGroceryCategories
    /// `GET category/{id}`: the groceries of one category.
    case getGroceries(categoryId: Int)

    /// The sample's base URL (``AuthHttpRouter/defaultBaseUrlString``).
    public var baseUrlString: String { AuthHttpRouter.defaultBaseUrlString }

    /// `categories` or `category/{id}`.
    public var path: String {
        switch self {
        case .getGroceryCategories: "categories"
        case .getGroceries(let categoryId): "category/\(categoryId)"
        }
    }

    /// `GET`.
    public var method: HTTPMethod { .get }
}
