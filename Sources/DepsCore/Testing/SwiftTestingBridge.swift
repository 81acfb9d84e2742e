/// Calls Swift Testing, found at run time, so that the library records issues in Swift Testing
/// tests without linking the framework.
///
/// Swift Testing is built with library evolution, so its structs (`Comment`, `SourceLocation`,
/// `Test`, `Issue`) are passed and returned by address in its public functions. The bridge
/// asks each type's metadata accessor for the type, opens it as a generic parameter, and calls
/// the functions through function types written with those parameters: the compiler then
/// passes every such value by address too, and copies and destroys them through their real
/// value witnesses. No layout of the framework is copied here.
package enum SwiftTestingBridge {
  /// `static Testing.Test.current.getter : Testing.Test?`
  package static let currentTestSymbol = "$s7Testing4TestV7currentACSgvgZ"
  /// `static Testing.Issue.record(_: Testing.Comment?, sourceLocation: Testing.SourceLocation) -> Testing.Issue`
  package static let recordIssueSymbol =
    "$s7Testing5IssueV6record_14sourceLocationAcA7CommentVSg_AA06SourceE0VtFZ"
  /// `Testing.Comment.init(rawValue: Swift.String) -> Testing.Comment`
  package static let commentInitSymbol = "$s7Testing7CommentV8rawValueACSS_tcfC"
  /// `Testing.SourceLocation.init(fileID:filePath:line:column:) -> Testing.SourceLocation`
  package static let sourceLocationInitSymbol =
    "$s7Testing14SourceLocationV6fileID0D4Path4line6columnACSS_SSS2itcfC"
  static let testMetadataSymbol = "$s7Testing4TestVMa"
  static let issueMetadataSymbol = "$s7Testing5IssueVMa"
  static let commentMetadataSymbol = "$s7Testing7CommentVMa"
  static let sourceLocationMetadataSymbol = "$s7Testing14SourceLocationVMa"

  /// The functions of Swift Testing the bridge calls, or `nil` when any is missing.
  private struct Functions: @unchecked Sendable {
    // @unchecked: raw pointers to code and type metadata of a loaded library, never written.
    let testType: Any.Type
    let issueType: Any.Type
    let commentType: Any.Type
    let sourceLocationType: Any.Type
    let currentTest: UnsafeMutableRawPointer
    let recordIssue: UnsafeMutableRawPointer
    let commentInit: UnsafeMutableRawPointer
    let sourceLocationInit: UnsafeMutableRawPointer
  }

  private static let functions: Functions? = {
    guard
      let testType = metadata(testMetadataSymbol),
      let issueType = metadata(issueMetadataSymbol),
      let commentType = metadata(commentMetadataSymbol),
      let sourceLocationType = metadata(sourceLocationMetadataSymbol),
      let currentTest = RuntimeSymbol.address(of: currentTestSymbol),
      let recordIssue = RuntimeSymbol.address(of: recordIssueSymbol),
      let commentInit = RuntimeSymbol.address(of: commentInitSymbol),
      let sourceLocationInit = RuntimeSymbol.address(of: sourceLocationInitSymbol)
    else { return nil }
    return Functions(
      testType: testType, issueType: issueType, commentType: commentType,
      sourceLocationType: sourceLocationType, currentTest: currentTest, recordIssue: recordIssue,
      commentInit: commentInit, sourceLocationInit: sourceLocationInit)
  }()

  /// Whether Swift Testing is loaded and the bridge found every function it calls.
  package static var isAvailable: Bool { functions != nil }

  /// Whether a Swift Testing test is running on the current task (`Test.current != nil`).
  package static var isTestRunning: Bool {
    guard let functions else { return false }
    func isRunning<Test>(_: Test.Type) -> Bool {
      let current = unsafeBitCast(
        functions.currentTest, to: (@convention(thin) () -> Test?).self)
      return current() != nil
    }
    return isRunning(functions.testType)
  }

  /// Records an issue with `message` in the running Swift Testing test, as `Issue.record` does.
  ///
  /// - Returns: `false` when Swift Testing is not loaded, and nothing was recorded.
  @discardableResult
  package static func recordIssue(
    _ message: String, fileID: String, filePath: String, line: Int, column: Int
  ) -> Bool {
    guard let functions else { return false }
    func record<Comment, SourceLocation, Issue>(
      _: Comment.Type, _: SourceLocation.Type, _: Issue.Type
    ) {
      // Initializers take their arguments owned (+1), hence `consuming`.
      let makeComment = unsafeBitCast(
        functions.commentInit, to: (@convention(thin) (consuming String) -> Comment).self)
      let makeSourceLocation = unsafeBitCast(
        functions.sourceLocationInit,
        to: (@convention(thin) (consuming String, consuming String, Int, Int) -> SourceLocation).self)
      let recordIssue = unsafeBitCast(
        functions.recordIssue,
        to: (@convention(thin) (Comment?, SourceLocation) -> Issue).self)
      let comment: Comment? = makeComment(message)
      let sourceLocation = makeSourceLocation(fileID, filePath, line, column)
      _ = recordIssue(comment, sourceLocation)
    }
    record(functions.commentType, functions.sourceLocationType, functions.issueType)
    return true
  }

  private static func metadata(_ accessorSymbol: String) -> Any.Type? {
    guard let accessor = RuntimeSymbol.address(of: accessorSymbol) else { return nil }
    // A metadata accessor takes a request (0: complete metadata) and returns the metadata and
    // its state; swiftcc returns the pair in two registers, as it does a tuple.
    let access = unsafeBitCast(
      accessor, to: (@convention(thin) (Int) -> (UnsafeRawPointer, Int)).self)
    return unsafeBitCast(access(0).0, to: Any.Type.self)
  }
}
