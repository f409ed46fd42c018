/// A number with a fixed count of decimals, as C's `%.Nf` writes it: the exact binary value
/// rounded to nearest, ties to even ("0.125" at two decimals is "0.12", "1.0045" is
/// "1.004" because the double nearest 1.0045 lies below it). Without Foundation, whose
/// `String(format:)` a process that only searches does not link.
public enum DecimalText {
  /// `value` with `decimals` digits after the point (0 to 9; no point at 0). NaN and the
  /// infinities are written as C writes them ("nan", "inf", "-inf"), and a value too large
  /// to scale exactly (|value| × 10^decimals ≥ 2^52) as Swift's shortest form.
  public static func fixed(_ value: Double, decimals: Int) -> String {
    precondition((0...9).contains(decimals), "decimals must be 0 to 9")
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var divisor: Int64 = 1
    for _ in 0..<decimals { divisor *= 10 }
    let scale = Double(divisor)  // at most 10^9: exact.
    let magnitude = abs(value)
    let product = magnitude * scale
    guard product < 0x1p52 else { return value.description }
    // product is magnitude × scale rounded; `error` is what that rounding dropped, exactly.
    let error = (-product).addingProduct(magnitude, scale)
    let below = product.rounded(.down)
    var units = below
    let fraction = product - below
    if fraction > 0.5 || (fraction == 0.5 && error > 0) {
      units += 1
    } else if fraction == 0.5 && error == 0 && below.truncatingRemainder(dividingBy: 2) == 1 {
      units += 1
    }
    let digits = Int64(units)  // below 2^52 + 1: exact.
    let negative = value < 0 || (value == 0 && value.sign == .minus)
    var text = negative ? "-" : ""
    text += String(digits / divisor)
    if decimals > 0 {
      let remainder = String(digits % divisor)
      text += "." + String(repeating: "0", count: decimals - remainder.count) + remainder
    }
    return text
  }
}
