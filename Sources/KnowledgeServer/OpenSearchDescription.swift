import HTTPServing

/// `GET /opensearch.xml`: an OpenSearch 1.1 description of the page's search, so that a
/// browser can add the server as a search engine (the page links it with `rel="search"`).
/// Its URL template is `/?q={searchTerms}` on the authority the request named in `Host`
/// (a template must be absolute), which the page reads on load and runs.
enum OpenSearchDescription {
  static let path = "/opensearch.xml"
  static let contentType = "application/opensearchdescription+xml; charset=utf-8"

  static func response(_ request: ServerRequest) -> ServerResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      return ServerResponse(
        status: 405, headers: [("Allow", "GET, HEAD"), ("Content-Type", "text/plain; charset=utf-8")],
        body: Array("Method not allowed\n".utf8))
    }
    guard let host = request.header("host"), isAuthority(host) else {
      return ServerResponse(
        status: 400, contentType: "text/plain; charset=utf-8",
        text: "opensearch.xml names this server by the request's Host header, and it has none that is a host[:port]\n")
    }
    return ServerResponse(
      status: 200,
      headers: [("Content-Type", contentType), ("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-cache")],
      body: Array(document(origin: "http://\(host)").utf8))
  }

  /// The description for a server at `origin` (`http://127.0.0.1:8700`).
  static func document(origin: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
      <ShortName>duo-kb</ShortName>
      <Description>Apple's developer talks and Human Interface Guidelines: exact quotes with their source and time</Description>
      <InputEncoding>UTF-8</InputEncoding>
      <Image type="image/svg+xml">\(origin)/favicon.svg</Image>
      <Url type="text/html" method="get" template="\(origin)/?q={searchTerms}"/>
    </OpenSearchDescription>

    """
  }

  /// `host[:port]` or `[v6]:port` of letters, digits and `.-:[]` only: nothing that XML or a
  /// URL would read as more than a name.
  static func isAuthority(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 255
      && text.unicodeScalars.allSatisfy { scalar in
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".", "-", ":", "[", "]": true
        default: false
        }
      }
  }
}
