import Foundation
import NetworkKit

extension AuthAPI {
    /// Logs in.
    ///
    /// - Parameter credentials: The e-mail address and password.
    /// - Returns: The access and refresh tokens.
    /// - Throws: ``GroceryAPIError``: ``GroceryAPIError/rejected(statusCode:_:)`` with 401 for wrong
    ///   credentials, 422 for missing fields.
    public func login(_ credentials: AuthModel) async throws(GroceryAPIError) -> TokenModel {
        try await fetch(AuthHttpRouter.login(credentials), as: TokenModel.self)
    }

    /// The account an access token belongs to (`GET user`).
    ///
    /// - Parameter token: The access token.
    /// - Returns: The user.
    /// - Throws: ``GroceryAPIError/rejected(statusCode:_:)`` with 401 (`token_expired`, `invalid_token`).
    public func validate(token: String) async throws(GroceryAPIError) -> UserModel {
        try await fetch(AuthHttpRouter.validate(token: token), as: UserModel.self)
    }

    /// Exchanges a refresh token for a new token pair; the old refresh token stops working.
    ///
    /// - Parameter refreshToken: The refresh token.
    /// - Returns: The new tokens.
    /// - Throws: ``GroceryAPIError/rejected(statusCode:_:)`` with 401 for a spent or unknown token.
    public func refresh(refreshToken: String) async throws(GroceryAPIError) -> TokenModel {
        try await fetch(AuthHttpRouter.refreshToken(token: refreshToken), as: TokenModel.self)
    }

    /// Ends the session of an access token; both tokens stop working.
    ///
    /// - Parameter token: The access token.
    /// - Throws: ``GroceryAPIError/rejected(statusCode:_:)`` with 401 for an unknown token.
    public func logout(token: String) async throws(GroceryAPIError) {
        _ = try await send(AuthHttpRouter.logout(token: token))
    }

    /// Every grocery category. Needs a client that adds the bearer token (as ``AuthService``'s does).
    ///
    /// - Returns: The categories.
    /// - Throws: ``GroceryAPIError``; ``GroceryAPIError/rejected(statusCode:_:)`` with 401 without a token.
    public func groceryCategories() async throws(GroceryAPIError) -> [CategoryModel] {
        try await fetch(GroceryHttpRouter.getGroceryCategories, as: [CategoryModel].self)
    }

    /// The groceries of one category. Needs a client that adds the bearer token.
    ///
    /// - Parameter categoryId: The category's number.
    /// - Returns: The groceries.
    /// - Throws: ``GroceryAPIError``; ``GroceryAPIError/rejected(statusCode:_:)`` with 404 for an unknown category.
    public func groceries(categoryId: Int) async throws(GroceryAPIError) -> [GroceryModel] {
        try await fetch(GroceryHttpRouter.getGroceries(categoryId: categoryId), as: [GroceryModel].self)
    }

    /// Sends `route` to ``baseURL``.
    func send(_ route: some HTTPRouter) async throws(GroceryAPIError) -> (statusCode: Int, data: Data) {
        try await backend.send(route.rebased(onto: baseURL))
    }

    /// Sends `route` to ``baseURL`` and decodes the JSON answer.
    func fetch<Value: Decodable & Sendable>(_ route: some HTTPRouter, as type: Value.Type)
        async throws(GroceryAPIError) -> Value
    {
        try await backend.fetch(route.rebased(onto: baseURL), as: type)
    }
}
