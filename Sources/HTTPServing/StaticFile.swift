/// One file the server answers with as it is: the path it is served at, its media type and
/// its bytes (a page, a style sheet, a script, handed in by whoever starts the server).
public struct StaticFile: Sendable, Equatable {
  /// The request path, starting with `/` (`/`, `/app.js`).
  public var path: String
  /// The `Content-Type` it is served with (`text/html; charset=utf-8`).
  public var contentType: String
  public var bytes: [UInt8]

  public init(path: String, contentType: String, bytes: [UInt8]) {
    self.path = path
    self.contentType = contentType
    self.bytes = bytes
  }
}
