import Foundation
import HLS

/// A playlist through the parser, then the subtitle choice and the dump `duo-kb parse` prints.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHLS(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let url = URL(string: "https://devstreaming-cdn.apple.com/videos/wwdc/2025/101/cmaf.m3u8")!
  guard let playlist = try? PlaylistParser().parse(Data(bytes: data, count: size), url: url) else { return 0 }
  _ = playlist.dump()
  if case .master(let master) = playlist {
    _ = SubtitleSelector(preferredLanguages: ["en", "ja"]).choose(from: master)
  }
  if case .media(let media) = playlist {
    _ = try? media.requireUnencrypted()
    _ = media.totalDurationSeconds
  }
  return 0
}
