// expect: 5: @DependencyEntry needs the type of 'retries' written; to fix, declare it as 'var retries: <Type> = …'
import DepsCore

extension Dependencies {
  @DependencyEntry var retries = 3
}
