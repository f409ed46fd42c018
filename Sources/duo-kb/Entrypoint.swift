import DuoKBCLI
import Foundation

let status = DuoKBCLI.runExecutable(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
