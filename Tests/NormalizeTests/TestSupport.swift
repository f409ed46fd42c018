import Normalize

/// A cue whose raw payload is its text (no tags), for tables.
func cue(
  _ start: Int, _ end: Int, _ text: String, settings: String? = nil, voice: String? = nil, raw: String? = nil
) -> StoredCue {
  StoredCue(startMilliseconds: start, endMilliseconds: end, raw: raw ?? text, text: text, settings: settings, voice: voice)
}

/// SplitMix64: a small seeded generator, so property tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Whether `needle`'s UTF-8 bytes occur in `haystack`'s (byte-exact, no Unicode equivalence).
func isByteSlice(_ needle: String, of haystack: String) -> Bool {
  let n = Array(needle.utf8)
  let h = Array(haystack.utf8)
  guard !n.isEmpty else { return true }
  guard n.count <= h.count else { return false }
  for start in 0...(h.count - n.count) where h[start] == n[0] {
    if h[start..<(start + n.count)].elementsEqual(n) { return true }
  }
  return false
}

/// `m:ss.mmm` for golden dumps.
func clock(_ milliseconds: Int?) -> String {
  guard let milliseconds else { return "-" }
  let seconds = milliseconds / 1000
  let minutes = seconds / 60
  let secondsText = String(seconds % 60)
  let msText = String(milliseconds % 1000)
  return "\(minutes):\(secondsText.count < 2 ? "0" : "")\(secondsText).\(String(repeating: "0", count: 3 - msText.count))\(msText)"
}
