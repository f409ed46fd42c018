"""scripts/check-darwin-twins on planted Swift files, and on the repository itself."""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "check-darwin-twins")


def run(*paths):
    return subprocess.run([sys.executable, SCRIPT, *paths], capture_output=True, text=True)


class DarwinTwinsTests(unittest.TestCase):
    def check(self, source):
        """The checker's result on one planted file."""
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "Planted.swift")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(textwrap.dedent(source))
            return run(path)

    def assert_refused(self, source, line):
        result = self.check(source)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn(f"Planted.swift:{line}:", result.stdout)
        self.assertIn("no Darwin twin", result.stdout)

    def assert_accepted(self, source):
        result = self.check(source)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_a_linux_block_alone_is_refused(self):
        for condition in ("os(Linux)", "canImport(Glibc)", "canImport(Musl)", "canImport(FoundationNetworking)",
                          "os(Linux) && arch(x86_64)"):
            with self.subTest(condition=condition):
                self.assert_refused(f"""\
                    func f() {{
                      #if {condition}
                        _ = malloc_trim(0)
                      #endif
                    }}
                    """, 2)

    def test_an_elseif_linux_branch_without_darwin_is_refused(self):
        self.assert_refused("""\
            #if os(Windows)
              import WinSDK
            #elseif canImport(Glibc)
              import Glibc
            #endif
            """, 3)

    def test_a_darwin_branch_or_an_else_is_a_twin(self):
        self.assert_accepted("""\
            #if canImport(Glibc)
              import Glibc
            #elseif canImport(Musl)
              import Musl
            #elseif canImport(Darwin)
              import Darwin
            #endif
            #if os(Linux)
              let a = 1
            #else
              let a = 2
            #endif
            #if os(macOS)
              let b = 1
            #elseif os(Linux)
              let b = 2
            #endif
            """)

    def test_a_reason_above_the_if_is_enough_and_must_say_something(self):
        self.assert_accepted("""\
            // Darwin: its allocator returns freed pages by itself.
            #if os(Linux)
              _ = malloc_trim(0)
            #endif
            """)
        self.assert_refused("""\
            // Darwin:
            #if os(Linux)
              _ = malloc_trim(0)
            #endif
            """, 2)
        # A reason separated from the #if by code belongs to something else.
        self.assert_refused("""\
            // Darwin: its allocator returns freed pages by itself.
            let x = 1
            #if os(Linux)
              _ = malloc_trim(0)
            #endif
            """, 3)

    def test_nested_blocks_are_checked_each(self):
        self.assert_refused("""\
            #if canImport(Glibc)
              import Glibc
            #elseif canImport(Darwin)
              import Darwin
              #if os(Linux)
                let never = 1
              #endif
            #endif
            """, 5)

    def test_negated_conditions_and_directives_in_comments_or_strings_are_not_blocks(self):
        self.assert_accepted("""\
            #if !os(Linux)
              let a = 1
            #endif
            /*
            #if os(Linux)
            #endif
            */
            let text = \"\"\"
              #if os(Linux)
              #endif
              \"\"\"
            """)

    def test_an_unbalanced_chain_is_reported(self):
        result = self.check("#if os(macOS)\nlet a = 1\n")
        self.assertEqual(result.returncode, 1)
        self.assertIn("unbalanced", result.stdout)

    def test_the_repository_passes(self):
        result = run()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)


if __name__ == "__main__":
    unittest.main()
