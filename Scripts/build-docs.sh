#!/usr/bin/env bash
# Builds the DocC documentation of every public module and checks it.
#
# Fails when docc prints any warning or error (docc itself exits 0 on warnings), or when a public
# symbol has no doc comment (Scripts/check-docs.swift). Output: .docs-build/<Module>/ (git-ignored).
#
# Usage: Scripts/build-docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(DepsCore DepsReducer ComposableDeps GlobalDeps DepsTesting)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== swift package dump-symbol-graph"
graphs="$(swift build --show-bin-path)/../symbolgraph"
# Stale graphs of a previous run must not pass for fresh ones.
rm -rf "$graphs"
dump_status=0
swift package dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols >"$work/dump.log" 2>&1 || dump_status=$?
if [[ $dump_status -ne 0 ]]; then
  # SwiftPM also tries the synthesized test-runner modules (swift_composable_depsPackageTests,
  # ...DiscoveredTests), which it cannot load, and exits 1 for them. Those are not ours to document;
  # any other error fails the build.
  if grep -E '^error:' "$work/dump.log" | grep -vqE "Failed to emit symbol graph for '[A-Za-z0-9_]+Package(Discovered)?Tests'"; then
    cat "$work/dump.log"
    echo "dump-symbol-graph failed (exit status $dump_status)" >&2
    exit 1
  fi
fi
for module in "${modules[@]}"; do
  if [[ ! -f "$graphs/$module.symbols.json" ]]; then
    cat "$work/dump.log"
    echo "dump-symbol-graph wrote no graph for $module" >&2
    exit 1
  fi
done
graphs="$(cd "$graphs" && pwd)"

mkdir -p .docs-build
failed=0
for module in "${modules[@]}"; do
  echo "== docc convert $module"
  # Only this module's graphs: its own and its extensions of other modules' types. Other modules'
  # graphs would make docc document their symbols as this module's.
  graph_dir="$work/$module-graphs"
  mkdir -p "$graph_dir"
  cp "$graphs/$module.symbols.json" "$graph_dir/"
  shopt -s nullglob
  for extension_graph in "$graphs/$module"@*.symbols.json; do
    cp "$extension_graph" "$graph_dir/"
  done
  shopt -u nullglob

  log="$work/$module.log"
  rm -rf ".docs-build/$module"
  status=0
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graph_dir" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "com.swift-composable-deps.$module" \
    --output-path ".docs-build/$module" >"$log" 2>&1 || status=$?
  problems="$(grep -ciE '(warning|error):' "$log" || true)"
  if [[ $status -ne 0 || $problems -ne 0 ]]; then
    cat "$log"
    echo "docc: $module: exit status $status, $problems warnings or errors" >&2
    failed=1
  else
    echo "$module: no warnings"
  fi
done

echo "== Scripts/check-docs.swift"
swift Scripts/check-docs.swift "$graphs" "${modules[@]}" || failed=1

if [[ $failed -ne 0 ]]; then
  echo "build-docs: FAILED" >&2
  exit 1
fi
echo "build-docs: OK"
