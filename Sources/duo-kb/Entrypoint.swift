import DuoKBCLI
import Foundation

let status = await DuoKBCLI.runExecutable(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
