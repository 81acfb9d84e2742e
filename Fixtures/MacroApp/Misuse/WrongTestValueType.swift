// expect: 6: cannot convert return expression of type 'String' to return type 'Dependencies.__DependencyEntryKey_retries.Value' (aka 'Int')
import DepsCore

// A test value of another type is reported at the entry's line.
extension Dependencies {
  @DependencyEntry(test: "three") var retries: Int = 3
}
