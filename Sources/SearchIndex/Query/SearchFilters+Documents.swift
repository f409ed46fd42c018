import AppleSite

extension SearchFilters {
  /// Whether a whole document passes the filters that apply to documents: kind (`code`,
  /// a passage kind, lets every talk through), source, event (as people write it: `WWDC24`),
  /// year (or the year of its `wwdcYYYY` event) and language. Speakers are passages' and
  /// are not looked at.
  public func accepts(_ document: StoredDocument) -> Bool {
    let documentKinds = Set(kinds.map { $0.lowercased() })
    let events = Set(events.map(EventName.normalized))
    return
      (documentKinds.isEmpty || documentKinds.contains(document.kind.rawValue)
      || (documentKinds.contains("code") && document.kind == .talk))
      && (sources.isEmpty || sources.contains { $0.lowercased() == document.id.lowercased() })
      && (events.isEmpty || events.contains(document.event?.lowercased() ?? ""))
      && (years.isEmpty || years.contains(document.year ?? EventName.year(document.event) ?? Int.min))
      && acceptsLanguage(document.language) && acceptsDocumentation(document)
  }
}
