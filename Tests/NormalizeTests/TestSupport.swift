import DocumentModel

/// A cue whose raw payload is its text (no tags), for tables.
func cue(
  _ start: Int, _ end: Int, _ text: String, settings: String? = nil, voice: String? = nil, raw: String? = nil
) -> StoredCue {
  StoredCue(
    startMilliseconds: start, endMilliseconds: end, raw: raw ?? text, text: text, settings: settings, voice: voice)
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
  return
    "\(minutes):\(secondsText.count < 2 ? "0" : "")\(secondsText).\(String(repeating: "0", count: 3 - msText.count))\(msText)"
}

/// Whether the characters of `needle` other than spaces appear in `haystack` in order.
func isSubsequence(_ needle: String, of haystack: String) -> Bool {
  var rest = haystack.unicodeScalars[...]
  for scalar in needle.unicodeScalars where scalar != " " {
    guard let found = rest.firstIndex(of: scalar) else { return false }
    rest = rest[rest.index(after: found)...]
  }
  return true
}
