import DuoKBHarvestCLI
import Foundation
import ProcessTuning

HeapRetention.bound()
let status = await DuoKBHarvestCLI.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
