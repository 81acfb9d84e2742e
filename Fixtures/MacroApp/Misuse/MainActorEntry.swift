// flags: -default-isolation MainActor
// expect: 7: 'retries' is isolated to the main actor (the module's default isolation), but dependencies are read from any thread; to fix, write 'nonisolated extension Dependencies' or 'nonisolated var retries'
import DepsCore

// A default-MainActor module: without `nonisolated` the entry is isolated to the main actor.
extension Dependencies {
  @DependencyEntry(test: 0) var retries: Int = 3
}
