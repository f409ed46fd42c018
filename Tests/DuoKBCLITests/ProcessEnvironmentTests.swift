import Foundation
import Testing

@testable import DuoKBCLI

/// The executable reads its environment itself on Linux (`ProcessEnvironment`); it must say
/// what Foundation says.
@Suite struct ProcessEnvironmentTests {
  @Test func readsWhatFoundationReads() {
    let name = "DUO_KB_ENVIRONMENT_TEST_\(getpid())"
    setenv(name, "a=b= c", 1)
    defer { unsetenv(name) }
    let read = ProcessEnvironment.current()
    #expect(read[name] == "a=b= c")
    #expect(read == ProcessInfo.processInfo.environment)
  }
}
