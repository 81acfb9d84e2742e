/// Reports, in a test process, a read of a dependency whose key declares no `testValue`.
///
/// A default is built once per key and store, so a report made where it is built is made once per
/// test scope; a read pays nothing unless it misses the per-thread cache in a test process.
@usableFromInline
package enum TestValueCheck {
  /// ``MissingTestValue``: 0 for `.failure`, 1 for `.warning`.
  static let setting = AtomicWord()

  /// Set while the library builds a key's `testValue` on this thread: points at a `Bool` on the
  /// builder's stack that `DependencyKey`'s default `testValue` sets.
  private static let building = ThreadLocalSlot()

  /// Set while a test process's `@Dependency` reads past the thread's cache: its declaration (an
  /// immortal ``DependencyReadSite``, unretained).
  private static let reading = ThreadLocalSlot()

  /// Set while the library reads a property only to learn its key, over a store of its own: the
  /// defaults built then are not the test's, and not reported.
  private static let learning = ThreadLocalSlot()

  @usableFromInline package static func unreported<R>(_ body: () throws -> R) rethrows -> R {
    // Any pointer that is not `nil` marks the thread; it is never followed.
    try learning.with(UnsafeMutableRawPointer(bitPattern: 1), body)
  }

  /// Notes that `DependencyKey`'s default `testValue` is read, if a test value is being built here.
  static func noteDefaultTestValue() {
    guard let flag = building.pointer else { return }
    // Set by `testValue(of:)` to the address of its `Bool`, alive while the build runs.
    flag.assumingMemoryBound(to: Bool.self).pointee = true
  }

  /// Runs `body`, a read through the `@Dependency` at `site`, so a default it builds names it.
  static func reading<R>(from site: DependencyReadSite, _ body: () throws -> R) rethrows -> R {
    // Immortal: the access table keeps it for the life of the process.
    try reading.with(Unmanaged.passUnretained(site).toOpaque(), body)
  }

  /// `Key`'s `testValue`, reported when the key declares none. The `@Dependency` site is taken here:
  /// a default this build reads in turn was not read through that `@Dependency`.
  static func testValue<Key: DependencyKey>(of _: Key.Type) -> Key.Value {
    let site = reading.pointer
    reading.pointer = nil
    defer { reading.pointer = site }
    var declaresNone = false
    let value = withUnsafeMutablePointer(to: &declaresNone) { flag in
      building.with(UnsafeMutableRawPointer(flag)) { Key.testValue }
    }
    guard declaresNone, learning.pointer == nil else { return value }
    // Set by `reading(from:_:)` to an immortal site.
    let declaration = site.map { Unmanaged<DependencyReadSite>.fromOpaque($0).takeUnretainedValue() }
    let missing = MissingRead(
      id: DependencyID(Key.self), key: DependencyNaming.name(of: Key.self),
      message: missingTestValue(
        key: DependencyNaming.name(of: Key.self), fix: DependencyNaming.testValueFix(of: Key.self),
        site: declaration))
    if let updateReads {
      updateReads.withLock { $0.append(missing) }
    } else {
      report(missing)
    }
    return value
  }

  struct MissingRead: Sendable {
    let id: DependencyID
    let key: String
    let message: String
  }

  /// The missing test values read by the update running in this task, reported when it ends.
  @TaskLocal private static var updateReads: Locked<[MissingRead]>?

  /// Runs `update` (a `withDependencies` closure, a key path write) and reports the keys it read that
  /// declare no `testValue`, but for those it then set: reading `client` to change part of it
  /// (`$0.client.fetch = { 1 }`) is the test taking charge of it, as in swift-dependencies.
  package static func checkingUpdate<Result>(
    writes: (Result) -> [DependencyID], _ update: () throws -> Result
  ) rethrows -> Result {
    guard DependencyContext.isTest else { return try update() }
    let reads = Locked<[MissingRead]>([])
    do {
      let result = try $updateReads.withValue(reads, operation: update)
      reportReads(reads, exceptFor: writes(result))
      return result
    } catch {
      reportReads(reads, exceptFor: [])
      throw error
    }
  }

  /// ``checkingUpdate(writes:_:)`` for an asynchronous update.
  package static func checkingUpdate<Result>(
    isolation: isolated (any Actor)? = #isolation,
    writes: (Result) -> [DependencyID], _ update: () async throws -> Result
  ) async throws -> Result {
    guard DependencyContext.isTest else { return try await update() }
    let reads = Locked<[MissingRead]>([])
    do {
      let result = try await $updateReads.withValue(reads, operation: update)
      reportReads(reads, exceptFor: writes(result))
      return result
    } catch {
      reportReads(reads, exceptFor: [])
      throw error
    }
  }

  private static func reportReads(_ reads: Locked<[MissingRead]>, exceptFor written: [DependencyID]) {
    for read in reads.withLock({ $0 }) where !written.contains(read.id) { report(read) }
  }

  /// Overrides ``Dependencies/missingTestValue`` for the current task: for the library's tests of the
  /// warning, which must not flip the process-wide switch while other tests run.
  @TaskLocal static var modeOverride: MissingTestValue?

  private static func report(_ read: MissingRead) {
    switch modeOverride ?? Dependencies.missingTestValue {
    case .failure:
      reportTestFailure(read.message, fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    case .warning:
      runtimeWarn(read.message, kind: read.key, failsTest: false)
    }
  }

  /// The message of a read of `key`, which declares no `testValue`, through the `@Dependency` at
  /// `site` (`nil`: through anything else); `fix` says how to give it one.
  static func missingTestValue(key: String, fix: String? = nil, site: DependencyReadSite?) -> String {
    let fix = fix ?? DependencyNaming.keyTypeFix(key)
    let declaration = site.map { "\n\n  Read through: @Dependency declared at \($0)" } ?? ""
    return """
      \(key) has no test value, but was read in a test.\(declaration)

      In a test, a dependency that nobody overrides reads its key's testValue; \(key) declares \
      none, so the test got its defaultValue, the live value. To fix: \(fix)
      """
  }
}

/// Where a `@Dependency` was declared, for the message of a missing test value; made once per
/// declaration, in test processes only, and kept forever by the access table.
package final class DependencyReadSite: Sendable, CustomStringConvertible {
  let fileID: StaticString
  let line: UInt

  init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }

  /// `Module/File.swift:12`.
  package var description: String { "\(fileID):\(line)" }
}
