// This file's examples use APIClient as its own key.
extension APIClient: DependencyKey {
  static let defaultValue = APIClient.live
}
