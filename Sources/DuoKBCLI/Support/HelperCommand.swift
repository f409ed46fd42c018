/// The code of the commands that `duo-kb-harvest` runs (`Executable.harvest`), for the
/// executable that has it: for a command, what runs it with its split command line, or
/// nil when this executable does not have its code.
package typealias HelperCommandCode =
  (any Command.Type) -> ((ParsedArguments, CommandContext) async throws -> ExitStatus)?
