import Testing

@testable import DuoKBCLI

/// `/etc/passwd` as duo-kb reads it on Linux, where it is a static executable and must not
/// ask glibc's NSS modules (`AccountFile`).
@Suite struct AccountFileTests {
  static let file = """
    # accounts
    root:x:0:0:root:/root:/bin/bash

    +nisuser::::::
    -blocked:x:7:7::/home/blocked:/bin/sh
    ada:x:1000:1000:Ada,,,:/home/ada:/bin/zsh
    short:x:1001:1001:/home/short
    long:x:1002:1002:x:/home/long:/bin/sh:extra
    relative:x:1003:1003::home/relative:/bin/sh
    empty:x:1004:1004:::/bin/sh
    ada:x:2000:2000::/home/second-ada:/bin/sh
    big:x:4294967295:1::/home/big:/bin/sh
    huge:x:4294967296:1::/home/huge:/bin/sh
    minus:x:-1:1::/home/minus:/bin/sh
    """

  static func home(ofUser name: String, in text: String = file) -> String? {
    AccountFile.home(in: Array(text.utf8)) { $0[0].elementsEqual(name.utf8) }
  }

  static func home(ofUserID id: UInt32, in text: String = file) -> String? {
    AccountFile.home(in: Array(text.utf8)) { AccountFile.userID($0[2]) == id }
  }

  @Test(arguments: [
    ("root", "/root"),
    ("ada", "/home/ada"),  // the first line of a name, as glibc's files service
    ("big", "/home/big"),
  ])
  func findsTheHomeOfAnAccount(name: String, home: String) {
    #expect(Self.home(ofUser: name) == home)
  }

  @Test(arguments: [
    "nosuchuser", "nisuser", "+nisuser", "blocked", "-blocked", "short", "long", "relative", "empty", "",
    "# accounts", "Ada", "ad",
  ])
  func passesOverWhatIsNotAnAccountWithAHome(name: String) {
    #expect(Self.home(ofUser: name) == nil)
  }

  @Test func findsByUserID() {
    #expect(Self.home(ofUserID: 0) == "/root")
    #expect(Self.home(ofUserID: 1000) == "/home/ada")
    #expect(Self.home(ofUserID: 2000) == "/home/second-ada")
    #expect(Self.home(ofUserID: UInt32.max) == "/home/big")
    #expect(Self.home(ofUserID: 1) == nil)
    #expect(Self.home(ofUserID: 7) == nil)
  }

  @Test(
    arguments: [
      ("0", 0), ("1000", 1000), ("4294967295", UInt32.max), ("4294967296", nil), ("99999999999", nil),
      ("-1", nil), ("", nil), ("1e3", nil), (" 1", nil), ("+1", nil), ("0x10", nil),
    ] as [(String, UInt32?)])
  func readsUserIDsWithOverflowChecks(field: String, id: UInt32?) {
    #expect(AccountFile.userID(ArraySlice(field.utf8)) == id)
  }

  @Test func hostileFilesFindNothingAndDoNotTrap() {
    // Not UTF-8 in the home, a NUL in it, no line break at all, carriage returns, a
    // truncated last line, colons only.
    var invalid = Array("bad:x:5:5::/home/".utf8)
    invalid += [0xFF, 0xFE]
    invalid += Array(":/bin/sh\n".utf8)
    #expect(AccountFile.home(in: invalid) { $0[0].elementsEqual("bad".utf8) } == nil)
    #expect(Self.home(ofUser: "nul", in: "nul:x:6:6::/home/n\u{0}ul:/bin/sh") == nil)
    #expect(Self.home(ofUser: "cut", in: "cut:x:8:8::/home/cu") == nil)
    #expect(Self.home(ofUser: "cr", in: "cr:x:9:9::/home/cr:/bin/sh\r\n") == "/home/cr")
    #expect(Self.home(ofUser: "", in: ":::::::\n::::::") == nil)
    #expect(Self.home(ofUser: "a", in: String(repeating: ":", count: 100_000)) == nil)
    #expect(Self.home(ofUser: "a", in: "") == nil)
  }

  @Test func aUserInNoFileLeavesTheTildeAsWritten() {
    let path = "~duo-kb-no-such-user-\(UInt32.random(in: 0...UInt32.max))/x"
    #expect(TildeExpansion.expand(path, environment: [:]) == path)
  }
}
