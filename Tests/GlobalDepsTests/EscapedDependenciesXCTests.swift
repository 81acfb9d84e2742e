import Dispatch
import Foundation
import GlobalDeps
import XCTest

// `withEscapedDependencies` under XCTest: a scope carried into work the main queue runs later, into
// a model's instance variable, and with overrides made there or around the yield.
//
// Ported from swift-dependencies 1.17.1, Tests/DependenciesTests/DependencyValuesTests.swift (the
// escaping tests, which wait on XCTest expectations while the main queue runs).

private struct FullDependency: DependencyKey, Sendable {
  var value: Int
  static var defaultValue: FullDependency { Self(value: 1) }
  static var previewValue: FullDependency { Self(value: 2) }
  static var testValue: FullDependency { Self(value: 3) }
}

extension Dependencies {
  fileprivate var sdXCFullDependency: FullDependency {
    get { self[FullDependency.self] }
    set { self[FullDependency.self] = newValue }
  }
}

final class EscapedDependenciesXCTests: XCTestCase {
  func testEscape() {
    let expectation = self.expectation(description: "escape")
    withDependencies {
      $0.sdXCFullDependency.value = 42
    } operation: {
      withEscapedDependencies { continuation in
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
          continuation.yield {
            @Dependency(\.sdXCFullDependency.value) var value: Int
            XCTAssertEqual(value, 42)

            DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
              continuation.yield {
                @Dependency(\.sdXCFullDependency.value) var value: Int
                XCTAssertEqual(value, 42)
                expectation.fulfill()
              }
            }
          }
        }
      }
    }

    self.wait(for: [expectation], timeout: 1)
  }

  // Upstream skips this one on Linux with Swift 6 (a Linux CI issue, says its comment).
  @MainActor
  func testEscapingInFeatureModelInstanceVariablePropagated() async {
    let expectation = self.expectation(description: "escape")

    @MainActor
    final class FeatureModel {
      @Dependency(\.sdXCFullDependency) var fullDependency
      func doSomething(expectation: XCTestExpectation) {
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            XCTAssertEqual(self.fullDependency.value, 42)
          }
          expectation.fulfill()
        }
      }
    }

    let model = withDependencies {
      $0.sdXCFullDependency.value = 42
    } operation: {
      FeatureModel()
    }

    model.doSomething(expectation: expectation)
    await fulfillment(of: [expectation], timeout: 1)
  }

  func testEscapingInFeatureModelNotPropagated() async {
    let expectation = self.expectation(description: "escape")

    @MainActor
    final class FeatureModel {
      var value = 0
      func doSomething(expectation: XCTestExpectation) {
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            @Dependency(\.sdXCFullDependency) var fullDependency: FullDependency
            self.value = fullDependency.value
          }
          expectation.fulfill()
        }
      }
    }

    let model = withDependencies {
      $0.sdXCFullDependency.value = 42
    } operation: {
      FeatureModel()
    }

    await model.doSomething(expectation: expectation)
    await fulfillment(of: [expectation], timeout: 1)
    let newValue = await model.value
    XCTAssertEqual(newValue, 3)
  }

  func testEscapingInFeatureModelWithOverride() async {
    let expectation = self.expectation(description: "escape")

    @MainActor
    final class FeatureModel {
      @Dependency(\.sdXCFullDependency) var fullDependency
      func doSomething(expectation: XCTestExpectation) {
        withEscapedDependencies { continuation in
          DispatchQueue.main.async {
            continuation.yield {
              MainActor.assumeIsolated {
                XCTAssertEqual(self.fullDependency.value, 42)
              }
              expectation.fulfill()
            }
          }
        }
      }
    }

    let model = FeatureModel()

    await withDependencies {
      $0.sdXCFullDependency.value = 42
    } operation: {
      await model.doSomething(expectation: expectation)
    }
    await fulfillment(of: [expectation], timeout: 1)
  }

  func testEscapingInFeatureModelWithOverrideOverrideEscaped() async {
    let expectation = self.expectation(description: "escape")

    @MainActor
    final class FeatureModel {
      var value = 0
      @Dependency(\.sdXCFullDependency) var fullDependency
      func doSomething(expectation: XCTestExpectation) {
        withEscapedDependencies { continuation in
          DispatchQueue.main.async {
            continuation.yield {
              withDependencies {
                $0.sdXCFullDependency.value = 999
              } operation: {
                MainActor.assumeIsolated {
                  self.value = self.fullDependency.value
                }
                expectation.fulfill()
              }
            }
          }
        }
      }
    }

    let model = FeatureModel()

    await withDependencies {
      $0.sdXCFullDependency.value = 42
    } operation: {
      await model.doSomething(expectation: expectation)
    }
    await fulfillment(of: [expectation], timeout: 1)
    let newValue = await model.value
    XCTAssertEqual(newValue, 999)
  }

  func testEscapingInFeatureModelWithOverrideNotPropagated() async {
    let expectation = self.expectation(description: "escape")

    @MainActor
    final class FeatureModel {
      var value = 0
      @Dependency(\.sdXCFullDependency) var fullDependency
      func doSomething(expectation: XCTestExpectation) {
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            self.value = self.fullDependency.value
          }
          expectation.fulfill()
        }
      }
    }

    let model = FeatureModel()

    await withDependencies {
      $0.sdXCFullDependency.value = 42
    } operation: {
      await model.doSomething(expectation: expectation)
    }
    await fulfillment(of: [expectation], timeout: 1)
    let newValue = await model.value
    XCTAssertEqual(newValue, 3)
  }
}
