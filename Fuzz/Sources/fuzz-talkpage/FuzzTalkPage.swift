import Foundation
import TalkPage

/// HTML through the talk page parser (libxml2 underneath) and the talk index page reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTalkPage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let html = Data(bytes: data, count: size)
  let url = URL(string: "https://developer.apple.com/videos/play/wwdc2025/101/")!
  if let page = try? TalkPageParser().parse(html, url: url) { _ = try? page.requireMasterPlaylistURL() }
  _ = try? TalkIndexPage.parse(html, url: URL(string: "https://developer.apple.com/videos/wwdc2025/")!)
  return 0
}
