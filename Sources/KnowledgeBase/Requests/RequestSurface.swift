/// The front ends that turn requests into calls of the knowledge base: the command line,
/// the JSON API under `/api/` and the MCP tools. A field's bound may differ on one of them
/// (`SearchRequest.limit`), said in the field, never in the front end.
public enum RequestSurface: String, Sendable, CaseIterable {
  case cli
  case api
  case mcp
}

/// A whole-number field of a request, described once: its name (the CLI's `--name`, the
/// API's query parameter and the MCP argument), its default and bounds on each surface and
/// one line of help. The front ends read their numbers from here and word their own errors.
public struct IntegerField: Sendable {
  /// The name on the surfaces `names` does not spell otherwise.
  public let name: String
  /// One line: what the number says (`How many passages to return`).
  public let help: String
  public let minimum: Int
  private let maximums: [RequestSurface: Int]
  private let defaults: [RequestSurface: Int]
  private let names: [RequestSurface: String]

  /// A field with one name, default and maximum on every surface, except those `names`,
  /// `maximums` and `defaults` give otherwise.
  public init(
    name: String, help: String, default standard: Int, minimum: Int, maximum: Int,
    maximums: [RequestSurface: Int] = [:], defaults: [RequestSurface: Int] = [:], names: [RequestSurface: String] = [:]
  ) {
    self.name = name
    self.names = names
    self.help = help
    self.minimum = minimum
    var allMaximums: [RequestSurface: Int] = [:]
    var allDefaults: [RequestSurface: Int] = [:]
    for surface in RequestSurface.allCases {
      allMaximums[surface] = maximums[surface] ?? maximum
      allDefaults[surface] = defaults[surface] ?? standard
    }
    self.maximums = allMaximums
    self.defaults = allDefaults
  }

  /// The field's name on `surface` (the CLI's option without `--`).
  public func name(on surface: RequestSurface) -> String { names[surface] ?? name }

  /// The largest value `surface` takes.
  public func maximum(on surface: RequestSurface) -> Int { maximums[surface] ?? minimum }

  /// The value `surface` uses when the request leaves the field out.
  public func defaultValue(on surface: RequestSurface) -> Int { defaults[surface] ?? minimum }

  /// The values `surface` takes.
  public func bounds(on surface: RequestSurface) -> ClosedRange<Int> { minimum...maximum(on: surface) }
}

/// A true-or-false field of a request, off unless asked for: its name and one line of help.
public struct FlagField: Sendable {
  public let name: String
  public let help: String

  public init(name: String, help: String) {
    self.name = name
    self.help = help
  }
}
