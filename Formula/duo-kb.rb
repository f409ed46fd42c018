# Homebrew formula for duo-kb: a source build of the repository's branch tip, for macOS.
#
# Homebrew installs formulae from taps only. From a clone, scripts/tap makes the local tap
# duo-kb/local, with a copy of this file whose head is the clone itself (its checked-out
# branch, last commit):
#
#   scripts/tap && brew install --HEAD duo-kb/local/duo-kb
#
# Published, this file is Formula/duo-kb.rb in the tap repository OWNER/homebrew-duo-kb, with
# OWNER the account that hosts duo-kb ('scripts/tap --print URL' writes it with that URL):
#
#   brew tap OWNER/duo-kb && brew install --HEAD OWNER/duo-kb/duo-kb
#
# It builds with the same script as every other build here (scripts/release-build), and
# installs the binaries (duo-kb, and duo-kb-harvest beside it for the commands that harvest
# and serve), the manual page and the completions for bash, zsh and fish. Tests keep it in
# step with the code: Tests/DuoKBCLITests (the version, the files it installs) and
# scripts/check-packaging (its dependencies, against Package.swift's platform and tools
# version).
class DuoKb < Formula
  desc "Exact quotes from Apple's developer talks and Human Interface Guidelines"
  homepage "https://github.com/OWNER/duo-kb"
  license :cannot_represent
  head "https://github.com/OWNER/duo-kb.git", branch: "main"

  # pkgconf: SwiftPM finds libmicrohttpd.pc through pkg-config. Xcode 16.3 is Swift 6.1.
  depends_on "pkgconf" => :build
  depends_on xcode: ["16.3", :build]
  # duo-kb-harvest links it, for serve.
  depends_on "libmicrohttpd"
  depends_on macos: :sequoia

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
