/// A line-by-line difference of two texts, for showing how two states differ.
enum TextDiff {
  /// The lines of `expected` and `actual`, with lines only in `expected` marked `−`, lines only
  /// in `actual` marked `+`, and common lines indented to match.
  static func lines(expected: String, actual: String) -> [String] {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Longest common subsequence lengths of every pair of suffixes.
    var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in old.indices.reversed() {
      for j in new.indices.reversed() {
        common[i][j] =
          old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var result: [String] = []
    var (i, j) = (0, 0)
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        result.append("  \(old[i])")
        (i, j) = (i + 1, j + 1)
      } else if j == new.count || (i < old.count && common[i + 1][j] >= common[i][j + 1]) {
        result.append("− \(old[i])")
        i += 1
      } else {
        result.append("+ \(new[j])")
        j += 1
      }
    }
    return result
  }

}
