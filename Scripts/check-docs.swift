// Counts public symbols without a doc comment in the package's symbol graphs.
//
// Usage: swift Scripts/check-docs.swift <symbol-graph-dir> Module [Module ...]
// Exits 1 and lists the symbols when any public symbol of the named modules is undocumented.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let directory = arguments.first, arguments.count > 1 else {
  FileHandle.standardError.write("usage: swift Scripts/check-docs.swift <symbol-graph-dir> Module...\n".data(using: .utf8)!)
  exit(2)
}
let modules = Set(arguments.dropFirst())

struct Graph: Decodable {
  struct Symbol: Decodable {
    struct Identifier: Decodable { var precise: String }
    struct Kind: Decodable { var identifier: String }
    struct Location: Decodable { var uri: String }
    var identifier: Identifier
    var kind: Kind
    var pathComponents: [String]
    var accessLevel: String
    var docComment: AnyDecodable?
    var location: Location?
  }
  var symbols: [Symbol]
}

struct AnyDecodable: Decodable {
  init(from decoder: Decoder) throws {}
}

var undocumented: [String] = []
var total = 0
let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
for file in files where file.hasSuffix(".symbols.json") {
  let module = String(file.prefix { $0 != "." && $0 != "@" })
  guard modules.contains(module) else { continue }
  let data = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(file))
  let graph = try JSONDecoder().decode(Graph.self, from: data)
  for symbol in graph.symbols where ["public", "open"].contains(symbol.accessLevel) {
    // Members the compiler synthesizes or a protocol extension provides are documented there.
    if symbol.identifier.precise.contains("::SYNTHESIZED::") { continue }
    // Only symbols declared in this package: extensions of other modules' types are still ours.
    if let uri = symbol.location?.uri, !uri.contains("/Sources/") { continue }
    total += 1
    if symbol.docComment == nil {
      undocumented.append("\(module): \(symbol.kind.identifier) \(symbol.pathComponents.joined(separator: "."))")
    }
  }
}
for line in undocumented.sorted() { print("undocumented: \(line)") }
print("\(total) public symbols, \(undocumented.count) undocumented")
exit(undocumented.isEmpty ? 0 : 1)
