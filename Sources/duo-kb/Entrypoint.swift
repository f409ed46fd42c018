import DuoKBCLI
import Foundation
import ProcessTuning

HeapRetention.bound()
let status = DuoKBCLI.runExecutable(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
