import Foundation

/// The HTTP client seen through a site mirror: takes and returns logical URLs.
public struct SiteFetcher: Sendable {
  public let client: HTTPClient
  public let mirror: SiteMirror

  public init(client: HTTPClient, mirror: SiteMirror = SiteMirror()) {
    self.client = client
    self.mirror = mirror
  }

  /// Fetches one URL; a 304 comes back as a response (`isNotModified`), other non-2xx
  /// statuses are errors.
  public func fetch(_ url: String, etag: String? = nil, lastModified: String? = nil)
    async throws(HarvestError) -> HTTPResponse
  {
    let request = HTTPRequest(
      url: mirror.requestURL(for: url), etag: etag, lastModified: lastModified)
    do {
      return logical(try await client.fetch(request), requested: url)
    } catch {
      throw .http(error)
    }
  }

  /// Fetches many URLs concurrently (bounded) and returns them in order; the first
  /// failure, in order, is thrown.
  public func fetchAll(_ urls: [String], maxConcurrent: Int) async throws(HarvestError)
    -> [HTTPResponse]
  {
    let requests = urls.map { HTTPRequest(url: mirror.requestURL(for: $0)) }
    let results = await client.fetchAll(requests, maxConcurrent: maxConcurrent)
    var responses: [HTTPResponse] = []
    responses.reserveCapacity(results.count)
    for (index, result) in results.enumerated() {
      switch result {
      case .success(let response): responses.append(logical(response, requested: urls[index]))
      case .failure(let error): throw .http(error)
      }
    }
    return responses
  }

  /// Fetches many resources concurrently (bounded), each conditionally with its
  /// validators, and returns them in order; the first failure, in order, is thrown.
  public func fetchAll(validating validators: [ResourceValidator], maxConcurrent: Int)
    async throws(HarvestError) -> [HTTPResponse]
  {
    let requests = validators.map {
      HTTPRequest(url: mirror.requestURL(for: $0.url), etag: $0.etag, lastModified: $0.lastModified)
    }
    let results = await client.fetchAll(requests, maxConcurrent: maxConcurrent)
    var responses: [HTTPResponse] = []
    responses.reserveCapacity(results.count)
    for (index, result) in results.enumerated() {
      switch result {
      case .success(let response): responses.append(logical(response, requested: validators[index].url))
      case .failure(let error): throw .http(error)
      }
    }
    return responses
  }

  /// The response as if the original had answered. A mirror's validators (ETag,
  /// Last-Modified) are its own, not the original's: they are dropped, so that a later
  /// conditional request to the original cannot be answered 304 by mistake.
  private func logical(_ response: HTTPResponse, requested: String) -> HTTPResponse {
    var response = response
    response.requestedURL = requested
    if mirror.requestURL(for: requested) != requested {
      response.headers = HTTPHeaders(
        response.headers.fields.filter { !["etag", "last-modified"].contains($0.name.lowercased()) })
    }
    response.finalURL = mirror.logicalURL(for: response.finalURL)
    return response
  }
}
