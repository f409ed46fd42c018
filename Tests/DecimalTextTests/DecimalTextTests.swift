import DecimalText
import Foundation
import Testing

/// `DecimalText.fixed` writes what C's `%.Nf` writes: Foundation's `String(format:)` is the
/// oracle.
@Suite struct DecimalTextTests {
  @Test(
    "Table: ties go to even on the exact binary value",
    arguments: [
      (0.125, 2, "0.12"), (0.375, 2, "0.38"), (1.0045, 3, "1.004"), (0.0005, 3, "0.001"), (2.5, 0, "2"),
      (3.5, 0, "4"), (-0.0, 1, "-0.0"), (-0.04, 1, "-0.0"), (12.345, 2, "12.35"), (999.9995, 3, "1000.000"),
      (1e10, 2, "10000000000.00"), (.nan, 2, "nan"), (.infinity, 1, "inf"), (-.infinity, 1, "-inf"),
    ] as [(Double, Int, String)])
  func table(value: Double, decimals: Int, expected: String) {
    #expect(DecimalText.fixed(value, decimals: decimals) == expected)
    #expect(DecimalText.fixed(value, decimals: decimals) == String(format: "%.\(decimals)f", value))
  }

  @Test("Random values and ties agree with String(format:)")
  func random() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<100_000 {
      let decimals = Int.random(in: 0...4, using: &generator)
      let value =
        Bool.random(using: &generator)
        ? Double.random(in: -1e6...1e6, using: &generator)
        : Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 2000
      #expect(DecimalText.fixed(value, decimals: decimals) == String(format: "%.\(decimals)f", value))
    }
  }

  @Test("A value too large to scale is written in Swift's shortest form")
  func large() {
    #expect(DecimalText.fixed(1e300, decimals: 2) == "1e+300")
  }
}
