// GlobalDeps, as the guides use it.
import GlobalDeps

struct FactModel {
  @Dependency(\.numberFact) var numberFact

  func fact(about number: Int) async -> String {
    await numberFact.fetch(number)
  }
}
