import DocCRender
import DuoKBCLI
import Foundation
import HLS
import Harvest
import TalkPage
import WebVTT

/// `duo-kb parse`, run in the helper executable.
extension ParseCommand: HelperCommandRunner {
  enum InputKind: String { case webVTT, playlist, renderJSON, talkPage }

  static func perform(_ options: Options, _ context: CommandContext, ownsProcess: Bool) async throws -> ExitStatus {
    guard context.positionals.count == 1, let target = context.positionals.first else {
      throw UsageError("parse takes one file or URL", hint: "duo-kb parse \(usage)")
    }
    let format = options.format
    let (data, url) = try await load(target, settings: options.settings, context: context)
    let presentation: ParsePresentation
    switch kind(of: data, name: url.lastPathComponent) {
    case .webVTT: presentation = try ParsePresenter.webVTT(data)
    case .playlist:
      presentation = try ParsePresenter.playlist(
        data, url: url, languages: [options.language])
    case .renderJSON: presentation = try ParsePresenter.renderJSON(data, url: url)
    case .talkPage: presentation = try ParsePresenter.talkPage(data, url: url)
    }
    context.stdout.write(format == "json" ? try presentation.json() : presentation.text)
    return .success
  }

  static func kind(of data: Data, name: String) -> InputKind {
    let lower = name.lowercased()
    if lower.hasSuffix(".vtt") || lower.hasSuffix(".webvtt") { return .webVTT }
    if lower.hasSuffix(".m3u8") || lower.hasSuffix(".m3u") { return .playlist }
    if lower.hasSuffix(".json") { return .renderJSON }
    if lower.hasSuffix(".html") || lower.hasSuffix(".htm") { return .talkPage }
    var head = data.prefix(64)
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
    let text = String(decoding: head, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasPrefix("WEBVTT") { return .webVTT }
    if text.hasPrefix("#EXTM3U") { return .playlist }
    if text.hasPrefix("{") { return .renderJSON }
    return .talkPage
  }

  /// Reads a local file, or fetches an http(s) URL through the harvester's client.
  static func load(_ target: String, settings: SettingsOptions, context: CommandContext) async throws -> (Data, URL) {
    if let url = URL(string: target), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    {
      let client = try HTTPClient(
        configuration: RefreshCommand.clientConfiguration(context, settings: StoredSettings.given(settings, context)))
      let response = try await SiteFetcher(client: client).fetch(target)
      return (response.body, URL(string: response.finalURL) ?? url)
    }
    let file = context.fileURL(target)
    do {
      return (try Data(contentsOf: file), file)
    } catch {
      throw CommandFailure("cannot read \(target): \(error.localizedDescription)")
    }
  }
}
