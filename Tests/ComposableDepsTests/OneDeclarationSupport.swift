import ComposableDeps

// A property of the same name as one in `OneDeclarationTests.swift`: its own dependency, since
// the key of a one-line declaration is its file and its name.
extension Dependencies {
  fileprivate var sameName: String {
    get { self[default: "there, live", test: "there, test"] }
    set { self[default: "there, live", test: "there, test"] = newValue }
  }

  var sameNameInAnotherFile: String {
    get { sameName }
    set { sameName = newValue }
  }
}
