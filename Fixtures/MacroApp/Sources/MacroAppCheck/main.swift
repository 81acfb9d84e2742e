// Prints what the entries read in this process's context, one reading a line; `.ci/run` runs it
// with DEPS_CONTEXT=live and DEPS_CONTEXT=preview and compares the lines with what it expects.
import ComposableApp
import GlobalApp

for reading in await composableReadings() + globalReadings() { print(reading) }
