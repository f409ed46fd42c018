# Homebrew formula for duo-kb: a source build from this repository, for macOS.
#
#   brew install --HEAD --formula ./Formula/duo-kb.rb
#
# It builds the clone it sits in (head), with the same script as every other build here
# (scripts/release-build), and installs the binaries (duo-kb, and duo-kb-harvest beside it
# for the commands that harvest), the manual page and the completions
# for bash, zsh and fish. A test in Tests/DuoKBCLITests keeps it in step with the code:
# the version below, and the files it installs.
class DuoKb < Formula
  desc "Apple's developer talks and Human Interface Guidelines, answering with exact quotes"
  homepage "file://#{File.expand_path("../README.md", __dir__)}"
  head "file://#{File.expand_path("..", __dir__)}", using: :git
  license :cannot_represent

  depends_on xcode: ["16.0", :build]
  depends_on macos: :sonoma

  uses_from_macos "curl"
  uses_from_macos "libxml2"
  uses_from_macos "sqlite"

  DUO_KB_VERSION = "0.1.0".freeze

  def install
    # A HEAD build's version is HEAD-<commit>: --version names that commit.
    ENV["DUO_KB_COMMIT"] = version.to_s.delete_prefix("HEAD-")
    system "scripts/release-build", "--disable-sandbox", "--product", "duo-kb"
    bin.install ".build/release/duo-kb", ".build/release/duo-kb-harvest"
    man1.install "man/duo-kb.1"
    generate_completions_from_executable(bin/"duo-kb", "completions")
  end

  test do
    assert_match "duo-kb #{DUO_KB_VERSION} (commit ", shell_output("#{bin}/duo-kb --version")
    assert_match "complete -o default -F _duo_kb duo-kb", shell_output("#{bin}/duo-kb completions bash")
    (testpath/"Corpus").mkpath
    (testpath/"Corpus/sources.json").write '{"version": 1, "sources": []}'
    assert_match "home: #{testpath}", shell_output("#{bin}/duo-kb status --home #{testpath}", 1)
    assert_match "imported 1 documents", pipe_output("#{bin}/duo-kb import - --home #{testpath}",
                                                     "{\"doc\": \"wwdc2025/1\", \"text\": \"Hello there.\"}\n")
  end
end
