/// Exit statuses, like grep: 0 done; 1 a plain "no" (no hits, some sources failed,
/// some quotes did not verify); 2 usage or fatal error.
public enum ExitStatus: Int32, Sendable, Equatable {
  case success = 0
  case failure = 1
  case usage = 2
}
