extension DocumentReader {
  /// The `documentation` object `DocumentWriter.documentation` writes.
  mutating func documentationMetadata() throws(DocumentModelError) -> DocumentationMetadata {
    var metadata = DocumentationMetadata()
    var keys = KeySet()
    var object = try json.beginObject()
    while let key = try json.nextKey(&object) {
      switch key {
      case "role":
        try keys.insert(0, key, json)
        metadata.role = try optionalString()
      case "symbolKind":
        try keys.insert(1, key, json)
        metadata.symbolKind = try optionalString()
      case "roleHeading":
        try keys.insert(2, key, json)
        metadata.roleHeading = try optionalString()
      case "modules":
        try keys.insert(3, key, json)
        metadata.modules = try array { reader throws(DocumentModelError) in try reader.json.string() }
      case "platforms":
        try keys.insert(4, key, json)
        metadata.platforms = try array { reader throws(DocumentModelError) in try reader.platform() }
      case "deprecationSummary":
        try keys.insert(5, key, json)
        metadata.deprecationSummary = try optionalString()
      default:
        try keys.insertUnknown(key, json)
        try json.skipValue()
      }
    }
    return metadata
  }

  private mutating func platform() throws(DocumentModelError) -> PlatformAvailability {
    var platform = PlatformAvailability(name: "")
    var name: String?
    var keys = KeySet()
    let start = json.offset
    var object = try json.beginObject()
    while let key = try json.nextKey(&object) {
      switch key {
      case "name":
        try keys.insert(0, key, json)
        name = try json.string()
      case "introduced":
        try keys.insert(1, key, json)
        platform.introduced = try optionalString()
      case "deprecated":
        try keys.insert(2, key, json)
        platform.deprecated = try optionalString()
      case "isDeprecated":
        try keys.insert(3, key, json)
        platform.isDeprecatedFlag = try json.bool()
      case "isBeta":
        try keys.insert(4, key, json)
        platform.isBeta = try json.bool()
      case "isUnavailable":
        try keys.insert(5, key, json)
        platform.isUnavailable = try json.bool()
      default:
        try keys.insertUnknown(key, json)
        try json.skipValue()
      }
    }
    platform.name = try required(name, "name", start)
    return platform
  }
}
