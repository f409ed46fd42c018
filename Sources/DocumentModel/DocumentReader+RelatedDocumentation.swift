extension DocumentReader {
  /// The `relatedDocumentation` array `DocumentWriter` writes: `[{"title", "url"}, …]`.
  mutating func relatedDocumentation() throws(DocumentModelError) -> [RelatedDocumentation] {
    try array { reader throws(DocumentModelError) in try reader.relatedPage() }
  }

  private mutating func relatedPage() throws(DocumentModelError) -> RelatedDocumentation {
    var title: String?
    var url: String?
    var keys = KeySet()
    let start = json.offset
    var object = try json.beginObject()
    while let key = try json.nextKey(&object) {
      switch key {
      case "title":
        try keys.insert(0, key, json)
        title = try json.string()
      case "url":
        try keys.insert(1, key, json)
        url = try json.string()
      default:
        try keys.insertUnknown(key, json)
        try json.skipValue()
      }
    }
    return RelatedDocumentation(
      title: try required(title, "title", start), url: try required(url, "url", start))
  }
}
