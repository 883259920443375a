/// One change of a batch update, as the layout sees it in `prepare(forCollectionViewUpdates:)`:
/// UICollectionViewUpdateItem. A whole-section change has `item == IndexPath.notFound`.
public final class CollectionViewUpdateItem: CustomStringConvertible {
  /// UICollectionViewUpdateItem.Action.
  public enum Action: Hashable, Sendable {
    /// Insert, delete, reload, move, or none (a placeholder UIKit also has).
    case insert, delete, reload, move, none
  }

  /// What the change does.
  public let updateAction: Action
  /// Where the element was before the update (nil for an insert).
  public let indexPathBeforeUpdate: IndexPath?
  /// Where the element is after the update (nil for a delete).
  public let indexPathAfterUpdate: IndexPath?

  /// A change of `action` from `before` to `after` (nil where the action has no such side).
  public init(action: Action, before: IndexPath?, after: IndexPath?) {
    self.updateAction = action
    self.indexPathBeforeUpdate = before
    self.indexPathAfterUpdate = after
  }

  /// Whether the update inserts, deletes, moves or reloads a whole section.
  public var isSectionUpdate: Bool {
    (indexPathBeforeUpdate ?? indexPathAfterUpdate)?.item == IndexPath.notFound
  }

  public var description: String {
    "\(updateAction) \(indexPathBeforeUpdate.map { "\($0)" } ?? "-") → \(indexPathAfterUpdate.map { "\($0)" } ?? "-")"
  }
}
