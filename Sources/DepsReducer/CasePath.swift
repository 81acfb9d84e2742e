/// A path from an enum to the value held by one of its cases: the enum counterpart of a key path.
///
/// A case path can *embed* a value into its case, and try to *extract* the value back out of a
/// root, which fails (returns `nil`) when the root is in another case. Reducers use case paths to
/// pick out a child's actions from the parent's actions, and a child's state from an enum state.
///
/// Most case paths are written with the `/` prefix operator:
///
/// ```swift
/// enum AppAction { case counter(CounterAction), logout }
///
/// let counter = /AppAction.counter        // CasePath<AppAction, CounterAction>
/// counter.extract(from: .counter(.increment))   // .increment
/// counter.extract(from: .logout)                // nil
/// ```
///
/// Case paths for any embedding can also be made by hand with ``init(embed:extract:)``.
public struct CasePath<Root, Value>: Sendable {
  @usableFromInline let embedValue: @Sendable (Value) -> Root
  @usableFromInline let extractValue: @Sendable (Root) -> Value?
  /// How the case path was written (`/AppAction.child`), when it was made with `/` and its case
  /// can be told; `nil` for one made by hand. See ``writtenForm``.
  @usableFromInline let written: (@Sendable () -> String?)?
  /// What a case path made with `/` learned about its case, read by ``extract(from:)`` inline so
  /// that a root whose case is known is extracted without calling `extractValue`; `nil` for one
  /// made by hand, or by `/` where reflection reads `Mirror` alone.
  ///
  /// Unretained, so that reading it takes no reference count: the optimizer cannot tell that a
  /// strong reference in a field of a borrowed case path is alive, and retained and released it
  /// around every read (40 instructions a level in the `pullbacks-4` instruction budget row).
  /// `learnedOwner` keeps the object as long as this case path.
  @usableFromInline let learned: Unmanaged<LearnedEnumCase>?
  /// The object `learned` reads, kept alive.
  @usableFromInline let learnedOwner: LearnedEnumCase?

  /// Creates a case path from an embedding function and an extracting function.
  ///
  /// `extract` must return the value that `embed` put into a root, and `nil` for roots that
  /// `embed` cannot produce.
  ///
  /// ```swift
  /// let success = CasePath<Result<Int, any Error>, Int>(
  ///   embed: { .success($0) },
  ///   extract: { if case .success(let value) = $0 { value } else { nil } }
  /// )
  /// ```
  ///
  /// `@preconcurrency`, so that `embed: AppAction.child` compiles without a warning in the Swift 5
  /// language mode, where a case constructor is not inferred `@Sendable`.
  ///
  /// - Parameters:
  ///   - embed: Puts a value into the case.
  ///   - extract: Gets the value out of a root in the case, or `nil` for a root in another case.
  @inlinable @preconcurrency
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embedValue = embed
    self.extractValue = extract
    self.written = nil
    self.learned = nil
    self.learnedOwner = nil
  }

  /// Creates a case path that can tell how it was written, for the `/` operators.
  ///
  /// - Parameter learned: What `extract` learns about the case, when it learns (`extract` must be
  ///   `EnumReflection.extractor(case:learned:)` with the same object): ``extract(from:)`` reads
  ///   it first.
  @inlinable
  init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?,
    written: @escaping @Sendable () -> String?,
    learned: LearnedEnumCase? = nil
  ) {
    self.embedValue = embed
    self.extractValue = extract
    self.written = written
    self.learned = learned.map(Unmanaged.passUnretained)
    self.learnedOwner = learned
  }

  /// Puts `value` into the case this path leads to.
  ///
  /// ```swift
  /// (/AppAction.counter).embed(.increment)   // AppAction.counter(.increment)
  /// ```
  ///
  /// - Parameter value: The value to embed.
  /// - Returns: A root in this path's case, holding `value`.
  @inlinable
  public func embed(_ value: Value) -> Root {
    embedValue(value)
  }

  /// Gets the value out of `root` if `root` is in the case this path leads to.
  ///
  /// ```swift
  /// (/AppAction.counter).extract(from: .logout)   // nil
  /// ```
  ///
  /// - Parameter root: The root to look into.
  /// - Returns: The case's value, or `nil` when `root` is in another case.
  @inlinable
  public func extract(from root: Root) -> Value? {
    // A root whose case is known is answered here, inline where the case path is used, as
    // `extractValue` would answer it (it reads the same `learned` first); the rest are reflected.
    if let learned {
      // `learnedOwner`, a field of `self`, keeps `learned` alive for this call.
      assert(
        learnedOwner.map(ObjectIdentifier.init) == ObjectIdentifier(learned.takeUnretainedValue()),
        "Deps: a case path keeps the learned case it reads")
      let known = learned._withUnsafeGuaranteedRef {
        EnumReflection.knownExtraction(of: root, learned: $0, as: Value.self)
      }
      switch known {
      case .value(let value): return value
      case .otherCase: return nil
      case .unknown: break
      }
    }
    return extractValue(root)
  }
}

extension CasePath where Root == Value {
  /// The identity case path: every root is "in the case", and its value is the root itself.
  ///
  /// Written `/.self` with the prefix operator.
  ///
  /// ```swift
  /// let identity: CasePath<AppAction, AppAction> = /.self
  /// ```
  @inlinable
  public static var `self`: Self {
    Self(embed: { $0 }, extract: { $0 })
  }
}

extension CasePath {
  /// The case path as a user wrote it, for failure texts: `/AppAction.child` for one made with
  /// `/` whose case can be told, else `a CasePath<AppAction, ChildAction>`.
  ///
  /// The case of `/AppAction.child` is known when it is the only case whose payload has exactly
  /// the case path's value type, or once the case path extracted from a root in its case, or in
  /// another case with a payload of that type. (A labeled payload, `case move(from: Int, to: Int)`,
  /// has a type of its own, with the labels: its case is known after an extraction.)
  package var writtenForm: String {
    written?() ?? "a CasePath<\(Root.self), \(Value.self)>"
  }
}
