import MockServerKit

extension GroceryRoutes {
    func installCatalogRoutes(on server: MockServer) {
        let catalog = configuration.catalog
        server.stub(method: .get, path: "categories") { request in
            if case .failure(let rejection) = self.authenticatedUser(request) { return rejection.response }
            return Self.success(catalog.categories)
        }
        server.stub(method: .get, path: "category/:id") { request in
            if case .failure(let rejection) = self.authenticatedUser(request) { return rejection.response }
            guard let id = request.pathParameters["id"].flatMap({ Int($0) }),
                catalog.categories.contains(where: { $0.id == id })
            else { return Self.failure(404, "not_found", "There is no such category.") }
            return Self.success(catalog.groceries.filter { $0.categoryId == id })
        }
    }
}
