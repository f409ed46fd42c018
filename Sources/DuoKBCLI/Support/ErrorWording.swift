import DocumentModel

/// Words an error from the library for people: the one place every error that has no
/// `UserFacingError` wording of its own passes through (see LibraryErrors+UserFacing.swift).
/// Each module's error enum words itself (`description`); an error from beneath the library
/// (a decoder, the file system) gets a few words too, never the dump of a Swift enum.
package enum ErrorWording {
  package static func describe(_ error: any Error) -> String {
    if let error = error as? any UserFacingError { return error.summary }
    return ErrorReason.of(error)
  }
}
