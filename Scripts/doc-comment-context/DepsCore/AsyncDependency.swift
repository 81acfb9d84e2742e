// The asynchronous dependencies the examples of AsyncDependency.swift override and read.
actor FactCache {}

actor Database {
  static func open(path: String) async throws -> Database { Database() }
}

enum FactCacheKey: AsyncDependencyKey {
  static func makeDefault() async throws -> FactCache { FactCache() }
}

enum DatabaseKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Database { try await Database.open(path: "app.sqlite") }
}

extension Dependencies {
  var factCache: AsyncDependency<FactCache> {
    get { self[FactCacheKey.self] }
    set { self[FactCacheKey.self] = newValue }
  }
  var database: AsyncDependency<Database> {
    get { self[DatabaseKey.self] }
    set { self[DatabaseKey.self] = newValue }
  }
}
