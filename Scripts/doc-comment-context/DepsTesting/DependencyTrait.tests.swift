// The model this file's tests read, through GlobalDeps' @Dependency.
struct FeatureModel {
  @Dependency(\.apiClient) var apiClient
  @Dependency(\.date) var date

  func title() async -> String { apiClient.name }
  func stamp() async -> String { "\(apiClient.name) at \(date.now)" }
}
