/// duo-kb's version, written once: the CLI prints it, the HTTP client sends it in its
/// User-Agent, the MCP server reports it.
public enum DuoKBVersion {
  public static let current = "0.1.0"
}
