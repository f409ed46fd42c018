import HTTPServing

enum StaticFileFixture {
  static let page = StaticFile(
    path: "/", contentType: "text/html; charset=utf-8", bytes: Array("<!doctype html><title>t</title>\n".utf8))
}
