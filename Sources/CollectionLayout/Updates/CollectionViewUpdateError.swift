/// Why a batch update was refused. UIKit raises an exception for these; we throw, and the collection
/// view, its counts, its selection and its layout stay as they were.
public enum CollectionViewUpdateError: Error, Equatable, CustomStringConvertible {
  /// After the update a section holds a number of items that the update does not explain:
  /// `after` must equal `before` + inserted − deleted + moved in − moved out.
  case invalidNumberOfItems(
    section: Int, before: Int, after: Int, inserted: Int, deleted: Int,
    movedIn: Int, movedOut: Int)
  /// The number of sections after the update must equal `before` + inserted − deleted.
  case invalidNumberOfSections(before: Int, after: Int, inserted: Int, deleted: Int)
  /// An index path outside the items of its section (before the update for deletes, reloads and move
  /// sources; after it for inserts and move destinations).
  case itemOutOfRange(IndexPath, operation: String, itemCount: Int)
  /// A section index outside the sections (before or after the update, as for items).
  case sectionOutOfRange(Int, operation: String, sectionCount: Int)
  /// The same element named twice in incompatible ways (deleted and moved, inserted twice, …).
  case conflictingUpdates(String)

  public var description: String {
    switch self {
    case .invalidNumberOfItems(let section, let before, let after, let inserted, let deleted, let movedIn, let movedOut):
      return "Invalid update: invalid number of items in section \(section). The number of items contained in an "
        + "existing section after the update (\(after)) must be equal to the number of items contained in that "
        + "section before the update (\(before)), plus or minus the number of items inserted or deleted from that "
        + "section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or "
        + "out of that section (\(movedIn) moved in, \(movedOut) moved out). Update the data source before "
        + "calling the update."
    case .invalidNumberOfSections(let before, let after, let inserted, let deleted):
      return "Invalid update: invalid number of sections. The number of sections contained in the collection view "
        + "after the update (\(after)) must be equal to the number of sections contained in the collection view "
        + "before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) "
        + "inserted, \(deleted) deleted)."
    case .itemOutOfRange(let indexPath, let operation, let count):
      return "Invalid update: attempt to \(operation) item \(indexPath.item) in section \(indexPath.section), "
        + "which contains only \(count) items."
    case .sectionOutOfRange(let section, let operation, let count):
      return "Invalid update: attempt to \(operation) section \(section), but there are only \(count) sections."
    case .conflictingUpdates(let message):
      return "Invalid update: \(message)."
    }
  }
}
