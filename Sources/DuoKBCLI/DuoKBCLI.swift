/// The command-line front: parses arguments, calls the library, prints.
public enum DuoKBCLI {
  public static let version = "0.1.0"
}
