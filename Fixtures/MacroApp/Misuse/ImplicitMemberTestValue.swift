// expect: 12: cannot infer contextual base in reference to member 'mock'
import DepsCore

struct Weather: Sendable {
  static let live = Weather()
  static let mock = Weather()
}

// A macro's arguments are type-checked before it sees the property: `test:` needs its type
// written, `test: Weather.mock` (Docs/GettingStarted.md).
extension Dependencies {
  @DependencyEntry(test: .mock) var weather: Weather = .live
}
