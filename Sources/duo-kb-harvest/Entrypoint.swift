import DuoKBHarvestCLI
import Foundation
import ProcessTuning

HeapRetention.bound()
let status = await DuoKBHarvestCLI.run(Array(CommandLine.arguments.dropFirst()), ownsProcess: true)
exit(status.rawValue)
