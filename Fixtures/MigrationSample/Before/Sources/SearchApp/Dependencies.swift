import ComposableArchitecture
import ComposableEnvironment

/// Finds the words that start with a query.
struct WordsClient {
  var search: @Sendable (String) async throws -> [String]
}

extension WordsClient {
  static let live = WordsClient { query in
    ["apple", "apricot", "banana", "blueberry", "cherry"].filter { $0.hasPrefix(query) }
  }
}

/// Records what the user does.
struct AnalyticsClient {
  var track: @Sendable (String) -> Void
}

private struct WordsClientKey: DependencyKey {
  static var defaultValue: WordsClient { .live }
}

private struct AnalyticsClientKey: DependencyKey {
  static var defaultValue: AnalyticsClient { AnalyticsClient { print("analytics:", $0) } }
}

private struct MainQueueKey: DependencyKey {
  static var defaultValue: AnySchedulerOf<DispatchQueue> { .main }
}

extension Dependencies {
  var words: WordsClient {
    get { self[WordsClientKey.self] }
    set { self[WordsClientKey.self] = newValue }
  }

  var analytics: AnalyticsClient {
    get { self[AnalyticsClientKey.self] }
    set { self[AnalyticsClientKey.self] = newValue }
  }

  var mainQueue: AnySchedulerOf<DispatchQueue> {
    get { self[MainQueueKey.self] }
    set { self[MainQueueKey.self] = newValue }
  }
}
