"""scripts/check-portability and the macOS branch of scripts/bootstrap.

  python3 -m unittest discover -s Tests/checks -p 'test_*.py'     (from the repository root)
"""
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKER = os.path.join(ROOT, "scripts", "check-portability")
BOOTSTRAP = os.path.join(ROOT, "scripts", "bootstrap")


def write(path, text, executable=True):
    with open(path, "w", encoding="utf-8") as file:
        file.write(textwrap.dedent(text).lstrip("\n"))
    if executable:
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


class CheckPortabilityTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="check-portability-")
        self.addCleanup(shutil.rmtree, self.folder)

    def check(self, *paths):
        result = subprocess.run([sys.executable, CHECKER] + list(paths), capture_output=True, text=True)
        return result.returncode, result.stdout + result.stderr

    def script(self, name, body):
        path = os.path.join(self.folder, name)
        write(path, "#!/usr/bin/env bash\nset -euo pipefail\n" + textwrap.dedent(body).lstrip("\n"))
        return path

    # Each planted feature: (file name, body, line of the feature, words of the finding).
    PLANTED = [
        ("wait-n", "sleep 1 &\nwait -n\n", 4, "wait -n"),
        ("mapfile", "mapfile -t lines <file\n", 3, "mapfile"),
        ("assoc", "f() {\n  declare -A seen\n}\n", 4, "associative array"),
        ("lower", 'x=ABC\necho "${x,,}"\n', 4, "case modification"),
        ("read-t", 'if IFS= read -r -t 1 line; then :\nelif [ $? -gt 128 ]; then :\nfi\n', 3, "read -t"),
        ("sed-i", "sed -i 's/a/b/' file\n", 3, "sed -i"),
        ("gnu-time", '/usr/bin/time -f "%M" -o out true\n', 3, "/usr/bin/time -f"),
        ("tar-sort", 'tar -C out --sort=name -cf - dir | gzip -n >a.tgz\n', 3, "tar --sort"),
        ("empty-array", 'extra=()\n[ -n "${1:-}" ] && extra=(--flag)\nrun "${extra[@]}"\n', 5, "extra[@]"),
        ("in-substitution", 'count="$(readlink -f "$0")"\n', 3, "readlink -f"),
        ("date-nanos", "started=$(date +%s.%N)\n", 3, "date +%N"),
        ("continued", 'tar -C out \\\n  --owner=0 -cf - dir\n', 4, "tar --owner"),
    ]

    def test_each_planted_feature_is_reported_with_its_file_and_line(self):
        for name, body, line, words in self.PLANTED:
            with self.subTest(name):
                path = self.script(name, body)
                status, output = self.check(path)
                self.assertEqual(status, 1, output)
                finding = [l for l in output.splitlines() if words in l]
                self.assertTrue(finding, output)
                self.assertTrue(finding[0].startswith("%s:%d: " % (os.path.relpath(path), line))
                                or finding[0].startswith("%s:%d: " % (path, line)), finding[0])
                self.assertIn(" — ", finding[0])
                self.assertIn("findings" if output.count("\n") > 2 else "finding", output.splitlines()[-1])

    def test_features_in_comments_strings_and_python_heredocs_are_not_code(self):
        path = self.script("mentions", '''
            # wait -n, mapfile, declare -A, ${x,,}, sed -i, /usr/bin/time -f, tar --sort=name
            echo "wait -n is bash 4; so are mapfile and declare -A and \\${x,,}"
            echo 'sed -i and /usr/bin/time -f "%M" and tar --sort=name are GNU'
            printf '%s\\n' "read -t returns > 128 on a timeout in bash 4" >&2
            items=()  # "${items[@]}" under set -u
            python3 - <<'PY'
            import subprocess
            subprocess.run(["sed", "-i", "s/a/b/", "f"])  # mapfile, wait -n, ${x,,}
            PY
            python3 - "$1" <<PY
            print("tar --sort=name and date -d")
            PY
            cat <<'TEXT'
            sed -i, grep -P, readlink -f
            TEXT
            echo "done: $(printf '%s' "sed -i is named here")"
        ''')
        status, output = self.check(path)
        self.assertEqual(status, 0, output)
        self.assertIn("1 shell scripts", output)

    def test_a_live_heredoc_substitution_is_code(self):
        path = self.script("live", '''
            cat <<TEXT
            built at $(date -d yesterday)
            TEXT
        ''')
        status, output = self.check(path)
        self.assertEqual(status, 1, output)
        self.assertIn(":4: `date -d`", output)

    def test_guarded_and_checked_empty_arrays_pass(self):
        path = self.script("guarded", '''
            extra=()
            run ${extra[@]+"${extra[@]}"}
            more=()
            if [ ${#more[@]} -gt 0 ]; then run "${more[@]}"; fi
            fixed=(a b)
            run "${fixed[@]}"
        ''')
        status, output = self.check(path)
        self.assertEqual(status, 0, output)

    def test_empty_arrays_without_set_u_pass(self):
        path = os.path.join(self.folder, "no-u")
        write(path, '#!/bin/bash\nextra=()\nrun "${extra[@]}"\n')
        status, output = self.check(path)
        self.assertEqual(status, 0, output)

    def test_portable_marker_with_a_reason_exempts_its_line_and_the_next(self):
        path = self.script("marked", '''
            case "$(uname -s)" in
              Darwin) sed -i '' 's/a/b/' file ;;  # portable: BSD spelling, in the Darwin branch
              Linux)
                # portable: GNU spelling in the Linux branch; the Darwin) twin is above.
                sed -i 's/a/b/' file
                ;;
            esac
        ''')
        status, output = self.check(path)
        self.assertEqual(status, 0, output)

    def test_portable_marker_without_a_reason_does_not_exempt(self):
        path = self.script("unexplained", '''
            sed -i 's/a/b/' file  # portable:
        ''')
        status, output = self.check(path)
        self.assertEqual(status, 1, output)
        self.assertIn(":3: `sed -i`", output)
        self.assertIn("without a reason", output)

    def test_linux_only_file_is_exempt_when_it_refuses_darwin(self):
        path = os.path.join(self.folder, "linux-only")
        write(path, '''
            #!/usr/bin/env bash
            # linux-only: uses libFuzzer, which the Xcode toolchain lacks.
            if [ "$(uname -s)" = Darwin ]; then
              echo "linux-only: needs libFuzzer, which Xcode's toolchain lacks" >&2
              exit 1
            fi
            sed -i 's/a/b/' file
            mapfile -t lines <file
        ''')
        status, output = self.check(path)
        self.assertEqual(status, 0, output)

    def test_linux_only_file_must_refuse_darwin_and_give_a_reason(self):
        silent = os.path.join(self.folder, "silent")
        write(silent, "#!/usr/bin/env bash\n# linux-only: GNU sed\nsed -i 's/a/b/' file\n")
        status, output = self.check(silent)
        self.assertEqual(status, 1, output)
        self.assertIn("does not refuse Darwin", output)
        bare = os.path.join(self.folder, "bare")
        write(bare, '#!/usr/bin/env bash\n# linux-only:\n[ "$(uname -s)" = Darwin ] && { echo no >&2; exit 1; }\n')
        status, output = self.check(bare)
        self.assertEqual(status, 1, output)
        self.assertIn("without a reason", output)

    def test_files_without_a_shell_shebang_are_not_read(self):
        write(os.path.join(self.folder, "tool.py"), "#!/usr/bin/env python3\nprint('sed -i')\n")
        write(os.path.join(self.folder, "notes.txt"), "sed -i 's/a/b/' file\n", executable=False)
        status, output = self.check(self.folder)
        self.assertEqual(status, 0, output)
        self.assertIn("0 shell scripts", output)

    def test_the_repository_scripts_pass(self):
        status, output = self.check()
        self.assertEqual(status, 0, output)


class BootstrapOnMacTests(unittest.TestCase):
    """scripts/bootstrap as on a Mac: stub uname, swift, pkg-config and brew first on PATH."""

    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="bootstrap-darwin-")
        self.addCleanup(shutil.rmtree, self.folder)
        self.bin = os.path.join(self.folder, "bin")
        os.mkdir(self.bin)
        self.brew_log = os.path.join(self.folder, "brew.log")
        self.stub("uname", 'case "${1:-}" in -m) echo arm64 ;; *) echo Darwin ;; esac')
        self.stub("brew", 'echo "$*" >>"%s"\ncase "$1" in list) exit 1 ;; esac' % self.brew_log)
        self.swift("6.1")
        self.pkg_config(present=False)
        # The few tools it runs besides the stubs, alone on PATH: none of this machine's own
        # fish, nginx or browser may answer for a Mac's.
        self.tools = os.path.join(self.folder, "tools")
        os.mkdir(self.tools)
        for tool in ("sed", "head"):
            os.symlink(shutil.which(tool), os.path.join(self.tools, tool))

    def stub(self, name, body):
        write(os.path.join(self.bin, name), "#!/bin/sh\n" + body + "\n")

    def swift(self, version):
        self.stub("swift", "echo 'swift-driver version: 1.120.5 Apple Swift version %s "
                           "(swiftlang-6.1.0.110.21 clang-1700.0.13.3)'\necho 'Target: arm64-apple-macosx15.0'" % version)

    def pkg_config(self, present):
        self.stub("pkg-config", "exit %d" % (0 if present else 1))

    def run_bootstrap(self, *arguments, environment=None):
        env = {"PATH": self.bin + os.pathsep + self.tools, "HOME": self.folder}
        env.update(environment or {})
        return subprocess.run([shutil.which("bash"), BOOTSTRAP] + list(arguments), capture_output=True, text=True, env=env)

    def brew_calls(self):
        if not os.path.exists(self.brew_log):
            return []
        with open(self.brew_log, encoding="utf-8") as file:
            return file.read().splitlines()

    def test_missing_packages_are_named_with_the_command_and_nothing_is_installed(self):
        result = self.run_bootstrap()
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("brew install libmicrohttpd pkgconf", result.stderr)
        self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)
        self.assertFalse([call for call in self.brew_calls() if call.startswith("install")], self.brew_calls())

    def test_only_what_brew_lacks_is_named(self):
        self.stub("brew", 'echo "$*" >>"%s"\ncase "$*" in "list --versions pkgconf") echo "pkgconf 2.4.3" ;; '
                          'list*) exit 1 ;; esac' % self.brew_log)
        result = self.run_bootstrap()
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("brew install libmicrohttpd", result.stderr)
        self.assertNotIn("pkgconf", result.stderr)

    def test_install_runs_brew_install_with_the_missing_packages(self):
        for arguments, environment in [(["--install"], None), ([], {"DUO_KB_INSTALL_MISSING": "1"})]:
            with self.subTest(arguments=arguments, environment=environment):
                if os.path.exists(self.brew_log):
                    os.remove(self.brew_log)
                result = self.run_bootstrap(*arguments, environment=environment)
                self.assertEqual(result.returncode, 0, result.stderr)
                installs = [call.split() for call in self.brew_calls() if call.startswith("install")]
                self.assertEqual(len(installs), 1, self.brew_calls())
                self.assertEqual(sorted(installs[0][1:]), ["libmicrohttpd", "pkgconf"])

    def test_silent_when_nothing_is_missing(self):
        self.pkg_config(present=True)
        result = self.run_bootstrap()
        self.assertEqual((result.returncode, result.stdout, result.stderr), (0, "", ""))
        self.assertEqual(self.brew_calls(), [])

    def test_tests_also_need_fish_nginx_and_a_browser(self):
        self.pkg_config(present=True)
        result = self.run_bootstrap("--tests")
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("brew install fish nginx", result.stderr)
        self.assertIn("brew install --cask google-chrome", result.stderr)
        for name in ("fish", "nginx", "chromium"):
            self.stub(name, "exit 0")
        result = self.run_bootstrap("--tests")
        self.assertEqual((result.returncode, result.stderr), (0, ""))

    def test_swift_older_than_6_1_is_refused_with_the_xcode_message(self):
        self.pkg_config(present=True)
        self.swift("6.0.3")
        result = self.run_bootstrap()
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("duo-kb needs Xcode 16.3 or later (Swift 6.1)", result.stderr)
        self.assertIn("xcode-select --install", result.stderr)
        self.assertEqual(self.brew_calls(), [])

    def test_without_homebrew_it_says_how_to_get_it(self):
        os.remove(os.path.join(self.bin, "brew"))
        result = self.run_bootstrap("--install")
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("Homebrew", result.stderr)
        self.assertIn("brew install", result.stderr)


if __name__ == "__main__":
    unittest.main()
