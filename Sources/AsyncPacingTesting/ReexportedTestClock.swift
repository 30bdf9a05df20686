// A test target imports `AsyncPacing` and `AsyncPacingTesting`, and finds `TestClock`,
// `withTestClock` and the rest of the test clock here: they live in a module of their own that
// imports no testing library, so that a program that is no test can use them too.
@_exported import AsyncPacingTestClock
