import ComposableDeps
import DepsTesting
import Testing

// TCA 0.40's view-state tests (TicTacToe's LoginSwiftUITests, TwoFactorSwiftUITests): a test
// store scoped to a view's state and actions.

private struct LoginState: Equatable {
  var email = ""
  var password = ""
  var isLoggingIn = false
  var token: String?
}

private enum LoginAction: Equatable {
  case emailChanged(String)
  case passwordChanged(String)
  case loginButtonTapped
  case loginResponse(String)
}

private let loginReducer = Reducer<LoginState, LoginAction, Void> { state, action, _ in
  switch action {
  case .emailChanged(let email):
    state.email = email
    return .none
  case .passwordChanged(let password):
    state.password = password
    return .none
  case .loginButtonTapped:
    state.isLoggingIn = true
    return .send(.loginResponse("deadbeef"))
  case .loginResponse(let token):
    state.isLoggingIn = false
    state.token = token
    return .none
  }
}

/// What the view shows: less than the state, and derived from it.
private struct LoginViewState: Equatable {
  var email: String
  var isLoginButtonDisabled: Bool
  var isActivityIndicatorVisible: Bool

  init(state: LoginState) {
    email = state.email
    isLoginButtonDisabled = state.email.isEmpty || state.password.isEmpty
    isActivityIndicatorVisible = state.isLoggingIn
  }
}

private enum LoginViewAction: Equatable {
  case emailChanged(String)
  case passwordChanged(String)
  case loginButtonTapped
}

extension LoginAction {
  fileprivate init(action: LoginViewAction) {
    switch action {
    case .emailChanged(let email): self = .emailChanged(email)
    case .passwordChanged(let password): self = .passwordChanged(password)
    case .loginButtonTapped: self = .loginButtonTapped
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ScopedTestStoreTests {
  @Test func sendsViewActionsAndAssertsOnViewState() async {
    let store = TestStore(initialState: LoginState(), reducer: loginReducer, environment: ())
      .scope(state: LoginViewState.init(state:), action: LoginAction.init(action:))

    #expect(store.state.isLoginButtonDisabled)
    await store.send(.emailChanged("blob@pointfree.co")) {
      $0.email = "blob@pointfree.co"
    }
    // The password is not part of the view state: only the button changes.
    await store.send(.passwordChanged("password")) {
      $0.isLoginButtonDisabled = false
    }
    await store.send(.loginButtonTapped) {
      $0.isActivityIndicatorVisible = true
    }
    // Received actions are the underlying store's, asserted on the view state.
    await store.receive(.loginResponse("deadbeef")) {
      $0.isActivityIndicatorVisible = false
    }
    #expect(store.store.state.token == "deadbeef")
    await store.finish()
  }

  @Test func aViewStateMismatchFailsNamingTheViewAction() async {
    let store = TestStore(initialState: LoginState(), reducer: loginReducer, environment: ())
      .scope(state: LoginViewState.init(state:), action: LoginAction.init(action:))
    let failures = await failureTexts {
      await store.send(.emailChanged("a")) {
        $0.email = "b"
      }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.hasPrefix(mismatchText("send(LoginViewAction.emailChanged(\"a\"))")) == true)
    #expect(failures.first?.contains("email: \"b\"") == true)
  }

  @Test func aChangeOutsideTheViewStateIsNotTheViewsToAssert() async {
    // The reducer changes `password`, which the view state leaves out (the button stays disabled
    // while the email is empty): an assert closure there is the no-change failure.
    let store = TestStore(initialState: LoginState(), reducer: loginReducer, environment: ())
      .scope(state: LoginViewState.init(state:), action: LoginAction.init(action:))
    let failures = await failureTexts {
      await store.send(.passwordChanged("a")) { _ = $0 }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.hasPrefix(noChangeText) == true)
  }

  @Test func aScopeOfAScopeComposesBothFunctions() async {
    let store = TestStore(initialState: LoginState(), reducer: loginReducer, environment: ())
      .scope(state: LoginViewState.init(state:), action: LoginAction.init(action:))
      .scope(state: \.email, action: LoginViewAction.emailChanged)
    await store.send("blob") { $0 = "blob" }
    #expect(store.state == "blob")
  }

  @Test func aScopeOfStateAloneSendsTheStoresActions() async {
    let store = TestStore(initialState: LoginState(), reducer: loginReducer, environment: ())
      .scope(state: \.token)
    await store.send(.loginButtonTapped)
    await store.receive(/LoginAction.loginResponse) { $0 = "deadbeef" }
    await store.finish()
  }
}
