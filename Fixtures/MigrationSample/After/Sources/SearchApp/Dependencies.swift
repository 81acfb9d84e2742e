import ComposableDeps  // migration: `import ComposableDeps`

/// Finds the words that start with a query.
struct WordsClient: Sendable {  // migration: `DependencyKey.Value` must be `Sendable`
  var search: @Sendable (String) async throws -> [String]
}

extension WordsClient {
  static let live = WordsClient { query in
    ["apple", "apricot", "banana", "blueberry", "cherry"].filter { $0.hasPrefix(query) }
  }
}

/// Records what the user does.
struct AnalyticsClient: Sendable {  // migration: `DependencyKey.Value` must be `Sendable`
  var track: @Sendable (String) -> Void
}

private struct WordsClientKey: DependencyKey {
  static var defaultValue: WordsClient { .live }
  // migration: a `testValue` for every key
  static let testValue = WordsClient(search: unimplemented("WordsClient.search"))
}

private struct AnalyticsClientKey: DependencyKey {
  static var defaultValue: AnalyticsClient { AnalyticsClient { print("analytics:", $0) } }
  // migration: a `testValue` for every key
  static let testValue = AnalyticsClient(track: unimplemented("AnalyticsClient.track", placeholder: ()))
}

// migration: delete the scheduler dependencies

extension Dependencies {
  var words: WordsClient {
    get { self[WordsClientKey.self] }
    set { self[WordsClientKey.self] = newValue }
  }

  var analytics: AnalyticsClient {
    get { self[AnalyticsClientKey.self] }
    set { self[AnalyticsClientKey.self] = newValue }
  }
  // migration: delete the scheduler dependencies
}
