"""Tests of scripts/check-availability: planted sources in a package laid out like ours, compiled by
swiftc into an index store of their own, then checked. Run from the repository's root:

  python3 -m unittest discover -s Tests/checks -p 'test_*.py'
"""
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "check-availability")
SWIFTC = shutil.which("swiftc")

VALIDATING = """
func decode(_ bytes: [UInt8]) -> String? {
  %s
}
"""
CALL = "String(validating: bytes, as: UTF8.self)"


@unittest.skipUnless(SWIFTC, "needs swiftc")
class CheckAvailabilityTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.mkdtemp(prefix="check-availability-")
        cls.cache = os.path.join(cls.scratch, "cache")  # the symbol graphs' availability, once for all
        cls.count = 0

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.scratch, ignore_errors=True)

    def check(self, source, platform='.macOS("14.0")', tools="6.1", compile=True, checks=None, extra=()):
        """Plants source as Sources/Planted/x.swift and runs the check; returns (status, output)."""
        type(self).count += 1
        package = os.path.join(self.scratch, "p%d" % self.count)
        os.makedirs(os.path.join(package, "Sources", "Planted"))
        with open(os.path.join(package, "Package.swift"), "w") as handle:
            handle.write("// swift-tools-version:%s\nimport PackageDescription\n\nlet package = Package(\n"
                         "  name: \"Planted\",\n  platforms: [%s],\n  targets: [.target(name: \"Planted\")]\n)\n"
                         % (tools, platform))
        path = os.path.join(package, "Sources", "Planted", "x.swift")
        with open(path, "w") as handle:
            handle.write(textwrap.dedent(source))
        store = os.path.join(package, "store")
        command = [sys.executable, SCRIPT, "--package", package, "--cache-dir", self.cache]
        if compile:
            result = subprocess.run(
                [SWIFTC, "-module-name", "Planted", "-parse-as-library", "-index-store-path", store,
                 "-index-ignore-system-modules", "-c", path, "-o", os.devnull],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
            self.assertEqual(result.returncode, 0, result.stdout)
            command += ["--index-store", store]
        if checks:
            command += ["--checks", checks]
        result = subprocess.run(command + list(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                universal_newlines=True)
        return result.returncode, result.stdout + result.stderr

    def assertPasses(self, outcome):
        status, output = outcome
        self.assertEqual(status, 0, output)

    def assertFinds(self, outcome, *texts):
        status, output = outcome
        self.assertEqual(status, 1, output)
        for text in texts:
            self.assertIn(text, output)

    # Availability, from the symbol graphs and the index store.

    def test_a_newer_api_below_its_version_fails(self):
        self.assertFinds(
            self.check(VALIDATING % ("return " + CALL)),
            "Sources/Planted/x.swift:3:10: 'String.init(validating:as:)' is available from macOS 15.0; "
            "the package targets macOS 14.0")

    def test_a_newer_api_at_its_version_passes(self):
        self.assertPasses(self.check(VALIDATING % ("return " + CALL), platform=".macOS(.v15)"))

    def test_the_target_option_overrides_the_manifest(self):
        self.assertFinds(self.check(VALIDATING % ("return " + CALL), platform=".macOS(.v15)", extra=["--target", "14.0"]),
                         "macOS 15.0")

    def test_inside_if_available_passes(self):
        self.assertPasses(self.check(VALIDATING % (
            "if #available(macOS 15, *) {\n    return %s\n  } else {\n    return nil\n  }" % CALL)))

    def test_in_the_else_branch_of_if_available_fails(self):
        self.assertFinds(self.check(VALIDATING % (
            "if #available(macOS 15, *) {\n    return nil\n  } else {\n    return %s\n  }" % CALL)),
            "x.swift:6:12: 'String.init(validating:as:)'")

    def test_after_guard_available_passes(self):
        self.assertPasses(self.check(VALIDATING % (
            "guard #available(macOS 15, *) else { return nil }\n  return " + CALL)))

    def test_an_available_function_passes(self):
        self.assertPasses(self.check("""
            @available(macOS 15, *)
            func decode(_ bytes: [UInt8]) -> String? {
              return String(validating: bytes, as: UTF8.self)
            }
            """))

    def test_an_available_type_with_introduced_passes(self):
        self.assertPasses(self.check("""
            @available(macOS, introduced: 15.0)
            struct Decoder {
              func decode(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }
            }
            """))

    def test_after_an_available_function_fails(self):
        self.assertFinds(self.check("""
            @available(macOS 15, *)
            func newer() {}

            func decode(_ bytes: [UInt8]) -> String? {
              String(validating: bytes, as: UTF8.self)
            }
            """), "x.swift:6:3: 'String.init(validating:as:)'")

    def test_a_comment_or_a_string_passes(self):
        self.assertPasses(self.check('''
            // String(validating: bytes, as: UTF8.self)
            /* String(validating: bytes, as: UTF8.self) */
            let text = "String(validating: bytes, as: UTF8.self)"
            let block = #"""
              } String(validating: bytes, as: UTF8.self) {
              """#
            '''))

    def test_a_newer_type_fails(self):
        self.assertFinds(self.check("""
            import Synchronization
            let counter = Mutex(0)
            """), "'Mutex' is available from macOS 15.0")

    def test_no_index_store_cannot_run(self):
        status, output = self.check(VALIDATING % ("return " + CALL), compile=False,
                                    extra=["--index-store", os.path.join(self.scratch, "none")])
        self.assertEqual(status, 2, output)
        self.assertIn("swift build --build-tests", output)

    # Typed throws.

    ROUTES = """
        struct APIFailure: Error {}
        struct Request {}
        struct Response {}
        func ok(_ request: Request) throws(APIFailure) -> Response { Response() }
        let routes: [String: (Request) throws(APIFailure) -> Response] = ["ok": ok]
        """

    def test_a_dictionary_of_typed_throws_functions_below_15_fails(self):
        self.assertFinds(self.check(self.ROUTES, checks="typed-throws", compile=False),
                         "x.swift:6:32: typed-throws function type '(Request) throws(APIFailure) -> Response' "
                         "used as a dictionary's value type")

    def test_a_dictionary_of_typed_throws_functions_at_15_passes(self):
        self.assertPasses(self.check(self.ROUTES, platform=".macOS(.v15)", checks="typed-throws", compile=False))

    def test_typed_throws_in_values_fail(self):
        status, output = self.check("""
            struct E: Error {}
            struct S {
              var handler: (() throws(E) -> Void)?
              let run: @Sendable (Int) throws(E) -> Int
              let all: [() throws(E) -> Void] = [{ () throws(E) in }]
            }
            typealias Handler = (Int) async throws(E) -> Void
            """, checks="typed-throws", compile=False)
        self.assertEqual(status, 1, output)
        for expected in ("x.swift:4:20: typed-throws function type '() throws(E) -> Void' used as an Optional",
                         "x.swift:5:28: typed-throws function type '(Int) throws(E) -> Int' used as the type of",
                         "x.swift:6:16: typed-throws function type '() throws(E) -> Void' used as an array's",
                         "x.swift:6:43: ", "used as a closure stored in a collection",
                         "x.swift:8:33: typed-throws function type '(Int) async throws(E) -> Void' used as a typealias"):
            self.assertIn(expected, output)

    def test_typed_throws_declarations_pass(self):
        self.assertPasses(self.check("""
            struct MyError: Error {}
            func f() throws(MyError) -> Int { 1 }
            func g(_ body: ([Int]) throws(MyError) -> Int) throws(MyError) -> Int {
              do throws(MyError) { _ = try f() } catch { throw error }
              return try body([1]) { (ids: [Int]) throws(MyError) -> Int in ids.count }
            }
            struct T {
              init() throws(MyError) {}
              var value: Int { get throws(MyError) { 1 } }
              let untyped: () throws(any Error) -> Void
              let never: () throws(Never) -> Void
            }
            """, checks="typed-throws", compile=False))

    # Language features newer than the floor.

    def test_a_raw_identifier_fails(self):
        self.assertFinds(self.check("func `a test`() {}\n", checks="language", compile=False),
                         "x.swift:1:6: the raw identifier `a test` needs Swift 6.2 (SE-0451); "
                         "the package supports Swift 6.1")

    def test_a_raw_identifier_with_a_newer_floor_passes(self):
        self.assertPasses(self.check("func `a test`() {}\n", tools="6.2", checks="language", compile=False))

    def test_an_escaped_keyword_passes(self):
        self.assertPasses(self.check("let `default` = 1\nlet s = \"`a test`\" // `a b`\n",
                                     checks="language", compile=False))

    def test_nonisolated_nonsending_fails(self):
        self.assertFinds(self.check("nonisolated(nonsending) func f() async {}\n", checks="language", compile=False),
                         "x.swift:1:1: nonisolated(nonsending) needs Swift 6.2 (SE-0461)")

    def test_other_newer_syntax_fails(self):
        status, output = self.check("""
            struct V<let N: Int> { var x: [4 of Int] }
            @concurrent func f() async {}
            final class C { weak let o: C? = nil; isolated deinit {} }
            let s = Swift::String()
            """, checks="language", compile=False)
        self.assertEqual(status, 1, output)
        for expected in ("x.swift:2:9: an integer generic parameter", "x.swift:2:31: the [N of T] InlineArray type",
                         "x.swift:3:1: @concurrent", "x.swift:4:17: weak let", "x.swift:4:39: isolated deinit",
                         "x.swift:5:9: the module selector Swift:: needs Swift 6.3"):
            self.assertIn(expected, output)

    # The repository itself.

    def test_the_repository_passes_at_its_declared_target(self):
        store = os.path.join(ROOT, ".build", "debug", "index", "store")
        if not os.path.isdir(store):
            self.skipTest("no index store: run swift build --build-tests first")
        result = subprocess.run([sys.executable, SCRIPT], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                universal_newlines=True, cwd=ROOT)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)


if __name__ == "__main__":
    unittest.main()
