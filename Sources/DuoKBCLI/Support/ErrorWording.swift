/// Words an error from the library for people, when it has no better wording of its own.
enum ErrorWording {
  static func describe(_ error: any Error) -> String {
    String(describing: error)
  }
}
