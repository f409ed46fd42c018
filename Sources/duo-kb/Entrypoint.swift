import DuoKBCLI
import Foundation

let status = await DuoKBCLI.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
