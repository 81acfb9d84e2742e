// expect: 6: @DependencyEntry declares a property of Dependencies; to fix, move it into 'extension Dependencies' (or 'nonisolated extension Dependencies')
import DepsCore

// An entry must be a property of Dependencies.
struct Settings {
  @DependencyEntry var retries: Int = 3
}
