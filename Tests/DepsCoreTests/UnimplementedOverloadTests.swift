import DepsCore
import Testing

/// Compiles every shape of endpoint `unimplemented` must build; each line is a compile-time
/// check that the overload set picks exactly one function (an ambiguity fails the build).
@Suite struct UnimplementedOverloadTests {
  struct Client: Sendable {
    var s0: @Sendable () -> Int
    var s1: @Sendable (Int) -> String
    var s2: @Sendable (Int, String) -> [Int]
    var s3: @Sendable (Int, String, Double) -> Bool
    var a0: @Sendable () async -> Int
    var a1: @Sendable (Int) async -> String
    var a2: @Sendable (Int, String) async -> [Int]
    var a3: @Sendable (Int, String, Double) async -> Bool
    var t0: @Sendable () throws -> Int
    var t1: @Sendable (Int) throws -> String
    var t2: @Sendable (Int, String) throws -> [Int]
    var t3: @Sendable (Int, String, Double) throws -> Bool
    var at0: @Sendable () async throws -> Int
    var at1: @Sendable (Int) async throws -> String
    var at2: @Sendable (Int, String) async throws -> [Int]
    var at3: @Sendable (Int, String, Double) async throws -> Bool
    var void0: @Sendable () -> Void
    var voidAsync1: @Sendable (Int) async -> Void
  }

  static let withPlaceholder = Client(
    s0: unimplemented("s0", placeholder: 0),
    s1: unimplemented("s1", placeholder: ""),
    s2: unimplemented("s2", placeholder: []),
    s3: unimplemented("s3", placeholder: false),
    a0: unimplemented("a0", placeholder: 0),
    a1: unimplemented("a1", placeholder: ""),
    a2: unimplemented("a2", placeholder: []),
    a3: unimplemented("a3", placeholder: false),
    t0: unimplemented("t0", placeholder: 0),
    t1: unimplemented("t1", placeholder: ""),
    t2: unimplemented("t2", placeholder: []),
    t3: unimplemented("t3", placeholder: false),
    at0: unimplemented("at0", placeholder: 0),
    at1: unimplemented("at1", placeholder: ""),
    at2: unimplemented("at2", placeholder: []),
    at3: unimplemented("at3", placeholder: false),
    void0: unimplemented("void0", placeholder: ()),
    voidAsync1: unimplemented("voidAsync1", placeholder: ())
  )

  @Test func everyShapeCompiles() {
    // Non-`@Sendable` closure types, and the forms without a placeholder (throwing).
    let plain: (Int) throws -> String = unimplemented("x", placeholder: "")
    let t0: @Sendable () throws -> Int = unimplemented("t0")
    let t1: @Sendable (Int) throws -> String = unimplemented("t1")
    let t2: @Sendable (Int, String) throws -> [Int] = unimplemented("t2")
    let t3: @Sendable (Int, String, Double) throws -> Bool = unimplemented("t3")
    let at0: @Sendable () async throws -> Int = unimplemented("at0")
    let at1: @Sendable (Int) async throws -> String = unimplemented("at1")
    let at2: @Sendable (Int, String) async throws -> [Int] = unimplemented("at2")
    let at3: @Sendable (Int, String, Double) async throws -> Bool = unimplemented("at3")
    let noDescription: @Sendable () throws -> Int = unimplemented()
    let voidThrowing: @Sendable () async throws -> Void = unimplemented("v")
    // Any number of arguments: the argument list is a parameter pack.
    let s5: @Sendable (Int, String, Double, Bool, [Int]) -> Int = unimplemented("s5", placeholder: 0)
    let at4: @Sendable (Int, String, Double, Bool) async throws -> Int = unimplemented("at4")
    _ = (plain, t0, t1, t2, t3, at0, at1, at2, at3, noDescription, voidThrowing, s5, at4)
    _ = Self.withPlaceholder
  }
}
