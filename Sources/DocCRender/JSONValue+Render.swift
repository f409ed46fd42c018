import JSON

extension JSONValue {
  /// `type`, or `kind` for the layout nodes (row, tabNavigator, fullWidth...) that the
  /// render spec keys by `kind`.
  var nodeType: String? { self["type"]?.stringValue ?? self["kind"]?.stringValue }

  var isObject: Bool { objectValue != nil }
}
