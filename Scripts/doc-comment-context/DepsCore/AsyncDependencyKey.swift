// The services the examples of AsyncDependencyKey.swift build asynchronously.
actor FactCache {
  static func open() async throws -> FactCache { FactCache() }
}

actor Database {
  static func open(path: String) async throws -> Database { Database() }
}

enum DatabaseKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Database { try await Database.open(path: "app.sqlite") }
}
