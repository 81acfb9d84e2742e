/// A path from an enum to the value held by one of its cases: the enum counterpart of a key path.
///
/// A case path *embeds* a value into its case and *extracts* it back out of a root, `nil` for a
/// root in another case. Most are written with the `/` prefix operator:
///
/// ```swift
/// enum AppAction { case counter(CounterAction), logout }
///
/// let counter = /AppAction.counter        // CasePath<AppAction, CounterAction>
/// counter.extract(from: .counter(.increment))   // .increment
/// counter.extract(from: .logout)                // nil
/// ```
public struct CasePath<Root, Value>: Sendable {
  @usableFromInline let embedValue: @Sendable (Value) -> Root
  @usableFromInline let extractValue: @Sendable (Root) -> Value?
  /// `nil` for a case path made by hand. See ``writtenForm``.
  @usableFromInline let written: (@Sendable () -> String?)?
  /// Read by ``extract(from:)`` inline, so that a root whose case is known is extracted without
  /// calling `extractValue`; `nil` for a case path made by hand, or where `/` reads `Mirror` alone.
  ///
  /// Unretained: the optimizer cannot tell that a strong reference in a field of a borrowed case
  /// path is alive, and retained and released it around every read (40 instructions a level in
  /// the `pullbacks-4` instruction budget row). `learnedOwner` keeps the object alive.
  @usableFromInline let learned: Unmanaged<LearnedEnumCase>?
  @usableFromInline let learnedOwner: LearnedEnumCase?

  /// Creates a case path from an embedding function and an extracting function, which must return
  /// the value that `embed` put into a root, and `nil` for roots that `embed` cannot produce.
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

  /// For the `/` operators. `extract` must be `EnumReflection.extractor(case:learned:)` with the
  /// same `learned`, which ``extract(from:)`` reads first.
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

  /// A root in this path's case, holding `value`.
  @inlinable
  public func embed(_ value: Value) -> Root {
    embedValue(value)
  }

  /// The value of `root`'s case, or `nil` when `root` is in another case.
  @inlinable
  public func extract(from root: Root) -> Value? {
    // Answered inline as `extractValue` would (it reads the same `learned` first).
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
  /// The identity case path, `/.self`: every root is in the case, and is its value.
  @inlinable
  public static var `self`: Self {
    Self(embed: { $0 }, extract: { $0 })
  }
}

extension CasePath {
  /// The case path as a user wrote it, for failure texts: `/AppAction.child`, else
  /// `a CasePath<AppAction, ChildAction>`.
  ///
  /// The case of `/AppAction.child` is known when it is the only case whose payload has exactly
  /// the case path's value type, or once the case path extracted from a root in its case, or in
  /// another case with a payload of that type.
  package var writtenForm: String {
    written?() ?? "a CasePath<\(Root.self), \(Value.self)>"
  }
}
