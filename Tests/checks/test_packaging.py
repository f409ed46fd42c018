"""scripts/check-packaging finds what it is for in planted copies, and passes the real files;
scripts/tap makes and updates the local tap through a stand-in brew.

  python3 -m unittest discover -s Tests/checks -p 'test_*.py'
"""

import os
import shutil
import subprocess
import tempfile
import textwrap
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "scripts" / "check-packaging"
TAP = ROOT / "scripts" / "tap"
HAS_RUBY = shutil.which("ruby") is not None


def run_check(root, *options):
    return subprocess.run([str(CHECK), "--root", str(root), *options], capture_output=True, text=True)


class CheckPackagingTests(unittest.TestCase):
    def setUp(self):
        self.temporary = tempfile.TemporaryDirectory()
        self.copy = Path(self.temporary.name)
        for folder in ("Formula", "scripts/schedule", ".github/workflows"):
            shutil.copytree(ROOT / folder, self.copy / folder)
        shutil.copy(ROOT / "Package.swift", self.copy / "Package.swift")

    def tearDown(self):
        self.temporary.cleanup()

    def edit(self, path, old, new):
        file = self.copy / path
        text = file.read_text()
        self.assertIn(old, text, f"{path} no longer holds {old!r}: update the test")
        file.write_text(text.replace(old, new, 1))

    def assert_fails(self, expected, *options):
        run = run_check(self.copy, *options)
        self.assertEqual(run.returncode, 1, run.stdout + run.stderr)
        self.assertIn(expected, run.stdout)

    def formula_variants(self):
        """The formula is checked through Ruby where there is Ruby, and through its text."""
        return [(), ("--no-ruby",)] if HAS_RUBY else [()]

    def test_the_real_files_pass(self):
        for options in self.formula_variants():
            run = run_check(ROOT, *options)
            self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
            self.assertIn("check-packaging: ok", run.stdout)

    def test_says_when_ruby_is_skipped(self):
        environment = dict(os.environ, PATH=os.pathsep.join(
            folder for folder in os.environ["PATH"].split(os.pathsep)
            if not (Path(folder) / "ruby").exists()))
        run = subprocess.run([shutil.which("python3"), str(CHECK), "--root", str(self.copy)],
                             capture_output=True, text=True, env=environment)
        self.assertIn("no ruby on PATH", run.stdout)
        self.assertIn("(text)", run.stdout)

    def test_double_hyphen_in_a_plist_comment_fails(self):
        self.edit("scripts/schedule/duo-kb.refresh.plist", "<plist version", "<!-- $(brew --prefix) -->\n<plist version")
        self.assert_fails("duo-kb.refresh.plist:10: not well-formed XML")

    def test_launchd_calendar_out_of_range_fails(self):
        self.edit("scripts/schedule/duo-kb.refresh.plist", "<integer>17</integer>", "<integer>61</integer>")
        self.assert_fails("StartCalendarInterval Minute 61")

    def test_formula_without_libmicrohttpd_fails(self):
        self.edit("Formula/duo-kb.rb", '  depends_on "libmicrohttpd"\n', "")
        for options in self.formula_variants():
            self.assert_fails('no depends_on "libmicrohttpd"', *options)

    def test_pkgconf_needed_at_run_time_fails(self):
        self.edit("Formula/duo-kb.rb", 'depends_on "pkgconf" => :build', 'depends_on "pkgconf"')
        for options in self.formula_variants():
            self.assert_fails("pkgconf is for the build only", *options)

    def test_xcode_older_than_the_tools_version_fails(self):
        self.edit("Formula/duo-kb.rb", 'xcode: ["16.3", :build]', 'xcode: ["16.0", :build]')
        for options in self.formula_variants():
            self.assert_fails("xcode 16.0: Package.swift's tools version needs Xcode", *options)

    def test_macos_other_than_the_package_platform_fails(self):
        self.edit("Formula/duo-kb.rb", "macos: :sequoia", "macos: :sonoma")
        for options in self.formula_variants():
            self.assert_fails("macos: :sonoma, but Package.swift's platform", *options)

    def test_homebrew_desc_rules(self):
        self.edit("Formula/duo-kb.rb", 'desc "Exact', 'desc "A tool for exact')
        for options in self.formula_variants():
            self.assert_fails("desc: starts with an article", *options)

    def test_head_without_branch_fails(self):
        self.edit("Formula/duo-kb.rb", ', branch: "main"', "")
        for options in self.formula_variants():
            self.assert_fails("head: no branch", *options)

    @unittest.skipUnless(HAS_RUBY, "needs ruby")
    def test_ruby_syntax_error_fails(self):
        self.edit("Formula/duo-kb.rb", "  def install\n", "  def install(\n")
        self.assert_fails("ruby -c")

    def test_oneshot_service_without_start_timeout_fails(self):
        self.edit("scripts/schedule/duo-kb-refresh.service", "TimeoutStartSec=", "# TimeoutStartSec=")
        self.assert_fails("without TimeoutStartSec=")

    def test_workflow_with_unknown_key_fails(self):
        self.edit(".github/workflows/macos.yml", "    runs-on: ${{ matrix.runner }}\n",
                  "    runs-on: ${{ matrix.runner }}\n    runs-after: build\n")
        self.assert_fails('unexpected key "runs-after" for "job" section')

    def test_workflow_with_bad_expression_fails(self):
        self.edit(".github/workflows/linux.yml", "run: scripts/test", "run: scripts/test ${{ matrix.nothing.( }}")
        self.assert_fails("[expression]")


class TapTests(unittest.TestCase):
    """scripts/tap in a small clone of its own, with a brew that records what it is asked."""

    def setUp(self):
        self.temporary = tempfile.TemporaryDirectory()
        base = Path(self.temporary.name)
        self.clone = base / "clone"
        (self.clone / "scripts").mkdir(parents=True)
        (self.clone / "Formula").mkdir()
        shutil.copy(TAP, self.clone / "scripts" / "tap")
        shutil.copy(ROOT / "Formula" / "duo-kb.rb", self.clone / "Formula" / "duo-kb.rb")
        self.git("init", "-q", "-b", "main")
        self.git("add", ".")
        self.git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "start")
        self.stubs = base / "stubs"
        self.stubs.mkdir()
        self.brew_root = base / "homebrew"
        self.log = base / "brew.log"
        brew = self.stubs / "brew"
        brew.write_text(textwrap.dedent(f"""\
            #!/bin/sh
            echo "$*" >>"{self.log}"
            case "$1" in
              --repository) echo "{self.brew_root}/Library/Taps/duo-kb/homebrew-local" ;;
              tap-new)
                dir="{self.brew_root}/Library/Taps/duo-kb/homebrew-local"
                [ -d "$dir" ] && {{ echo "Error: Tap is already installed!" >&2; exit 1; }}
                mkdir -p "$dir/Formula" && echo "==> Created duo-kb/local"
                ;;
              *) exit 1 ;;
            esac
            """))
        brew.chmod(0o755)
        self.tapped = self.brew_root / "Library/Taps/duo-kb/homebrew-local/Formula/duo-kb.rb"

    def tearDown(self):
        self.temporary.cleanup()

    def git(self, *arguments):
        subprocess.run(["git", "-C", str(self.clone), *arguments], check=True, capture_output=True)

    def tap(self, *arguments, with_brew=True):
        folders = [folder for folder in os.environ["PATH"].split(os.pathsep) if not (Path(folder) / "brew").exists()]
        if with_brew:
            folders.insert(0, str(self.stubs))
        return subprocess.run(["bash", str(self.clone / "scripts" / "tap"), *arguments], capture_output=True,
                              text=True, env=dict(os.environ, PATH=os.pathsep.join(folders)))

    def test_makes_the_tap_then_only_updates_it(self):
        first = self.tap()
        self.assertEqual(first.returncode, 0, first.stderr)
        formula = (self.clone / "Formula" / "duo-kb.rb").read_text().splitlines()
        tapped = self.tapped.read_text().splitlines()
        self.assertTrue(tapped[0].startswith("# Written by scripts/tap"))
        head = f'  head "file://{self.clone.resolve()}", branch: "main", using: :git'
        self.assertEqual(tapped[1:], [head if line.startswith('  head "') else line for line in formula])
        for command in ("brew install --HEAD duo-kb/local/duo-kb", "brew test duo-kb",
                        "brew upgrade --fetch-HEAD duo-kb"):
            self.assertIn(command, first.stdout)
        self.assertIn("wrote", first.stdout)

        second = self.tap()
        self.assertEqual(second.returncode, 0, second.stderr)
        self.assertIn("up to date", second.stdout)
        calls = self.log.read_text().splitlines()
        self.assertEqual([call for call in calls if call.startswith("tap-new")], ["tap-new --no-git duo-kb/local"])

    def test_builds_the_branch_it_is_given(self):
        self.git("branch", "feature")
        run = self.tap("--branch", "feature")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn('branch: "feature", using: :git', self.tapped.read_text())
        self.assertNotEqual(self.tap("--branch", "nothing").returncode, 0)

    def test_refuses_a_detached_head(self):
        self.git("checkout", "-q", "--detach")
        run = self.tap()
        self.assertEqual(run.returncode, 1)
        self.assertIn("detached", run.stderr)

    def test_refuses_without_brew(self):
        run = self.tap(with_brew=False)
        self.assertEqual(run.returncode, 1)
        self.assertIn("brew is not on PATH", run.stderr)
        self.assertFalse(self.log.exists())

    def test_prints_the_published_formula(self):
        run = self.tap("--print", "https://github.com/someone/duo-kb.git", with_brew=False)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn('  head "https://github.com/someone/duo-kb.git", branch: "main"\n', run.stdout)
        self.assertIn('  homepage "https://github.com/someone/duo-kb"\n', run.stdout)
        self.assertNotIn("OWNER/duo-kb.git", run.stdout)


if __name__ == "__main__":
    unittest.main()
