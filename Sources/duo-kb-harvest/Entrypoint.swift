import DuoKBHarvestCLI
import Foundation

let status = await DuoKBHarvestCLI.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
