import Corpus
import DocumentModel
import Foundation

extension Refresher {
  /// Reads a catalog source (conditionally, against its saved listing) and returns its
  /// report entry and the talk sources it adds: every listed talk that matches the filter.
  /// A catalog that fails still adds the talks it listed last time.
  func expand(_ catalog: SourceEntry) async -> (RefreshReport.Entry, [SourceEntry]) {
    let key = Self.catalogKey(catalog.url)
    let saved = state.listing(forKey: key)
    func sources(_ talks: [CatalogTalk]) -> [SourceEntry] {
      talks.filter { catalog.filter?.matches($0) ?? true }.map {
        var talk = SourceEntry(kind: .talk, url: $0.url, language: catalog.language, languages: catalog.languages)
        talk.published = $0.published
        return talk
      }
    }
    if let reason = stopReason() {
      return (Self.notAttempted(catalog, reason: reason), sources(saved?.talks ?? []))
    }
    do throws(HarvestError) {
      let response = try await fetcher.forSource(deadlineSeconds: sourceTimeoutSeconds).fetch(
        catalog.url, cached: saved.map { CachedValidators(etag: $0.etag, lastModified: $0.lastModified) },
        maxBodyBytes: Self.maxCatalogBytes)
      var talks: [CatalogTalk]
      if response.isNotModified, let saved {
        talks = saved.talks
      } else {
        do {
          talks = try CatalogReader.talks(in: response.body, url: response.finalURL)
        } catch {
          throw HarvestError.invalidSource(url: catalog.url, reason: error.description)
        }
        guard !talks.isEmpty else {
          throw HarvestError.invalidSource(url: catalog.url, reason: "the catalog lists no talks")
        }
        let listing = CatalogListing(
          url: catalog.url, etag: response.etag, lastModified: response.lastModified, talks: talks)
        if listing != saved {
          do { try writer.write(listing, key: key) } catch { throw .corpus(error) }
        }
      }
      let matching = sources(talks)
      var entry = RefreshReport.Entry(source: catalog.url, status: .unchanged)
      entry.catalogTalks = matching.count
      return (entry, matching)
    } catch {
      var entry = RefreshReport.Entry(source: catalog.url, status: .failed, error: error.description)
      if let saved { entry.warnings.append("refreshing the \(saved.talks.count) talks it listed before") }
      return (entry, sources(saved?.talks ?? []))
    }
  }

  /// Apple's full catalog is a few MB.
  static let maxCatalogBytes = 32 << 20

  /// The file name of a catalog's saved listing: the first 16 hex digits of the SHA-256
  /// of its URL.
  static func catalogKey(_ url: String) -> String {
    String(SHA256.hexDigest(Array(url.utf8)).prefix(16))
  }
}
