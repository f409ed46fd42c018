import DuoKBCLI
import ProcessTuning

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

HeapRetention.bound()
let status = DuoKBCLI.runExecutable(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
