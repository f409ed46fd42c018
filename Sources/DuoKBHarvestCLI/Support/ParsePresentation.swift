import Foundation

/// What `duo-kb parse` prints: lines for people, and a JSON value for programs.
struct ParsePresentation {
  var text: String
  var value: Any

  func json() throws -> String {
    let data = try JSONSerialization.data(
      withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

/// `m:ss.ttt` or `h:mm:ss.ttt` for milliseconds.
func clockTime(milliseconds: Int) -> String {
  let sign = milliseconds < 0 ? "-" : ""
  let total = abs(milliseconds)
  let hours = total / 3_600_000
  let minutes = total / 60_000 % 60
  let seconds = total / 1000 % 60
  let fraction = String(format: "%03d", total % 1000)
  let secondsText = String(format: "%02d", seconds)
  if hours > 0 { return "\(sign)\(hours):\(String(format: "%02d", minutes)):\(secondsText).\(fraction)" }
  return "\(sign)\(minutes):\(secondsText).\(fraction)"
}
