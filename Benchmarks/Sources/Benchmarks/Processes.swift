import BenchmarkSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#else
  #error("The benchmarks run on Apple platforms and Linux (Glibc): this platform has neither.")
#endif

/// `--processes=N`: the run repeated in N processes of this binary, one after another, and each
/// row's spread over them. A process's value for a row is its median over its rounds (as in a
/// single run); a row (or a target ratio) that reads differently in different processes, by where
/// its data landed in memory or by what the machine was doing, shows as a max/min above 1.
enum Processes {
  /// The hidden flag a child runs with: it runs as usual, then prints its values as `@` lines.
  static let childFlag = "--process-child"

  /// A child's line: a row's median (`@row`, group, name, ns, batch size, every round's ns) or a
  /// target's ratio (`@target`, name, ratio, bound, PASS or MISS), tab-separated.
  static func report(row benchmark: Benchmark, _ nanoseconds: Double, batch: Int, rounds: [Double]) {
    let rounds = rounds.map { String(Int($0.rounded())) }.joined(separator: ",")
    print("@row\t\(benchmark.group)\t\(benchmark.name)\t\(nanoseconds)\t\(batch)\t\(rounds)")
  }

  /// A child's line for `target` (see `report(row:_:batch:rounds:)`).
  static func report(_ target: Target) {
    print("@target\t\(target.name)\t\(target.value)\t\(target.goal)\t\(target.met ? "PASS" : "MISS")")
  }

  /// One process's values, in the order it printed them.
  private struct Run {
    var rows: [(key: String, value: Double, batch: Int, rounds: String)] = []
    var targets: [(name: String, value: Double, goal: String, met: Bool)] = []
    var loadBefore = 0.0
  }

  /// Runs `count` children with `arguments` (this run's, without `--processes=`), prints the table
  /// of spreads, and returns whether every child ran to its end.
  static func run(count: Int, arguments: [String]) -> Bool {
    let command = ([executablePath()] + arguments + [childFlag]).map(shellQuoted).joined(separator: " ")
    var runs: [Run] = []
    for index in 0..<count {
      var run = Run()
      run.loadBefore = loadAverage()
      guard let pipe = popen(command, "r") else {
        print("--processes: popen failed (errno \(errno)) for: \(command)")
        return false
      }
      var buffer = [CChar](repeating: 0, count: 4096)
      while fgets(&buffer, Int32(buffer.count), pipe) != nil {
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fields = line.dropLast(line.hasSuffix("\n") ? 1 : 0).split(separator: "\t").map(String.init)
        if fields.first == "@row", fields.count == 6, let value = Double(fields[3]),
          let batch = Int(fields[4])
        {
          run.rows.append(("\(fields[1]) / \(fields[2])", value, batch, fields[5]))
        } else if fields.first == "@target", fields.count == 5, let value = Double(fields[2]) {
          run.targets.append((fields[1], value, fields[3], fields[4] == "PASS"))
        }
      }
      let status = pclose(pipe)
      guard status == 0, !run.rows.isEmpty else {
        print("--processes: process \(index + 1) of \(count) failed (status \(status)): \(command)")
        return false
      }
      runs.append(run)
      // To stderr, so that the table on stdout stays one block.
      let progress =
        "process \(index + 1)/\(count) done; load average before it \(format(run.loadBefore, 2))\n"
      _ = progress.withCString { write(2, $0, strlen($0)) }
    }
    printSpread(runs)
    return true
  }

  private static func printSpread(_ runs: [Run]) {
    let loads = runs.map(\.loadBefore)
    print(
      "Spread over \(runs.count) processes, run one after another; a process's value is its median "
        + "over its rounds.")
    print(
      "1-minute load average before each process: \(format(loads.min()!, 2)) to \(format(loads.max()!, 2))"
        + " (\(sysconf(Int32(_SC_NPROCESSORS_ONLN))) CPUs online).")
    print()
    let keys = runs[0].rows.map(\.key)
    let width = keys.map(\.count).max()! + 2
    print(
      pad("row (ns per operation)", width, left: true) + pad("min", 10) + pad("median", 10) + pad("max", 10)
        + pad("max/min", 9))
    var unsteady: [Int] = []
    for (index, key) in keys.enumerated() {
      let values = runs.map { $0.rows[index].value }
      let spread = values.max()! / values.min()!
      print(
        pad(key, width, left: true) + pad(format(values.min()!, 2), 10) + pad(format(median(values), 2), 10)
          + pad(format(values.max()!, 2), 10) + pad(format(spread, 2), 9))
      if spread > 1.5 { unsteady.append(index) }
    }
    if !runs[0].targets.isEmpty {
      print()
      let names = runs[0].targets.map(\.name)
      let targetWidth = names.map(\.count).max()! + 2
      print(
        pad("target ratio", targetWidth, left: true) + pad("min", 9) + pad("median", 9) + pad("max", 9)
          + pad("max/min", 9) + "  bound     PASS")
      for (index, name) in names.enumerated() {
        let values = runs.map { $0.targets[index].value }
        let passed = runs.filter { $0.targets[index].met }.count
        print(
          pad(name, targetWidth, left: true) + pad(format(values.min()!, 2), 9)
            + pad(format(median(values), 2), 9) + pad(format(values.max()!, 2), 9)
            + pad(format(values.max()! / values.min()!, 2), 9) + "  "
            + pad(runs[0].targets[index].goal, 10, left: true)
            + "\(passed)/\(runs.count)")
      }
    }
    if !unsteady.isEmpty {
      print()
      print(
        "Rows whose max/min is above 1.5: each process's value in order, and the slowest process's "
          + "batch size and rounds (a slow state of the process or of the row shows in every round, "
          + "a burst of load in some):")
      for index in unsteady {
        let values = runs.map { $0.rows[index] }
        let slowest = values.indices.max { values[$0].value < values[$1].value }!
        print("  \(keys[index]): " + values.map { format($0.value, 1) }.joined(separator: ", "))
        print(
          "    process \(slowest + 1): batch \(values[slowest].batch), rounds [\(values[slowest].rounds)]")
      }
    }
  }

  /// This binary's path, for running it again.
  private static func executablePath() -> String {
    #if canImport(Glibc)
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      if length > 0 {
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
    #endif
    return CommandLine.arguments[0]
  }

  private static func shellQuoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }

  /// The 1-minute load average.
  private static func loadAverage() -> Double {
    var loads = [Double](repeating: .nan, count: 3)
    return getloadavg(&loads, 3) >= 1 ? loads[0] : .nan
  }
}
