"""scripts/build-progress: a long build is never silent, on a terminal or not.

  python3 -m unittest discover -s Tests/checks -p 'test_*.py'     (from the repository root)

The script runs from a scratch copy of scripts/ whose release-build is a stand-in that
prints what SwiftPM prints (a lock message, steps) and takes a few seconds.
"""
import os
import shutil
import stat
import subprocess
import tempfile
import textwrap
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "build-progress")
LOCK = ("Another instance of SwiftPM is already running using '/src/.build', "
        "waiting until that process has finished execution...")


class BuildProgressTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="build-progress-")
        self.addCleanup(shutil.rmtree, self.folder)
        scripts = os.path.join(self.folder, "scripts")
        os.mkdir(scripts)
        shutil.copy(SCRIPT, scripts)

    def build(self, body, seconds="1"):
        """Runs build-progress over a release-build with `body`, stderr to a file."""
        path = os.path.join(self.folder, "scripts", "release-build")
        with open(path, "w", encoding="utf-8") as file:
            file.write("#!/usr/bin/env bash\n" + textwrap.dedent(body).lstrip("\n"))
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
        errors = os.path.join(self.folder, "stderr.txt")
        environment = dict(os.environ, DUO_KB_PROGRESS_SECONDS=seconds)
        with open(errors, "w", encoding="utf-8") as stderr:
            result = subprocess.run(
                ["bash", os.path.join(self.folder, "scripts", "build-progress"), "--product", "duo-kb"],
                stdout=subprocess.PIPE, stderr=stderr, env=environment, text=True, timeout=60)
        with open(errors, encoding="utf-8") as stderr:
            return result.returncode, stderr.read()

    # The sleeps below are the subject: a build that is silent long enough for progress lines.
    def test_waiting_for_the_lock_is_passed_through_and_explained(self):
        status, errors = self.build(f"""
            echo "{LOCK}" >&2
            sleep 3
            echo "[0/2] Write swift-version"
            sleep 3
            echo "[1/2] Compiling Harvest Refresher.swift"
            sleep 2
            """)
        self.assertEqual(status, 0, errors)
        lines = errors.splitlines()
        self.assertEqual(lines.count("swift build: " + LOCK), 1, errors)
        progress = [line for line in lines if line.startswith("building duo-kb, ")]
        self.assertGreaterEqual(len(progress), 4, errors)
        self.assertTrue(any("waiting for another build of this checkout to finish" in line for line in progress), errors)
        self.assertTrue(any(line.endswith("[1/2] Compiling Harvest Refresher.swift") for line in progress), errors)
        self.assertNotIn("\r", errors, "no redrawn line off a terminal")
        self.assertTrue(lines[-1].startswith("built duo-kb in "), errors)

    def test_silence_before_the_first_step_says_the_build_is_starting(self):
        status, errors = self.build("sleep 3\necho '[1/1] Compiling'\n")
        self.assertEqual(status, 0, errors)
        self.assertIn("starting swift build", errors)

    def test_an_up_to_date_build_says_nothing(self):
        status, errors = self.build("echo '[0/1] Write swift-version'\necho 'Build complete!'\n", seconds="5")
        self.assertEqual((status, errors), (0, ""))

    def test_a_failed_build_shows_its_whole_output(self):
        status, errors = self.build("echo 'error: no such module' >&2\nexit 3\n", seconds="5")
        self.assertEqual(status, 3)
        self.assertIn("error: no such module", errors)


if __name__ == "__main__":
    unittest.main()
