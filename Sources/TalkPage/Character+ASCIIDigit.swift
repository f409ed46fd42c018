extension Character {
  /// 0 to 9 only (`isNumber` alone also takes other scripts' digits and fractions).
  var isASCIIDigit: Bool { isASCII && isNumber }
}
