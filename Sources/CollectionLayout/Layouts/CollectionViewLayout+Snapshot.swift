/// Saving and restoring a layout on its own: for a layout that is not the collection view's now (one
/// a person switches back to), which a collection view's snapshot does not hold. A superset of UIKit.
extension CollectionViewLayout {
  /// What a layout keeps that decides what it does next (its flow geometry, a physics layout's springs
  /// and animator), with the values of the attributes objects it shares.
  public struct Snapshot {
    let layout: ObjectIdentifier
    let state: Any
    let attributes: SavedAttributes
    /// The collection view it was installed in then (weak, as the layout holds it).
    weak var collectionView: CollectionView?
  }

  /// Takes a snapshot; taking one changes nothing.
  public func takeSnapshot() -> Snapshot {
    var attributes = SavedAttributes()
    let state = saveLayoutState(&attributes)
    return Snapshot(
      layout: ObjectIdentifier(self), state: state, attributes: attributes, collectionView: collectionView)
  }

  /// Puts the layout back as `snapshot` found it.
  /// - Precondition: this layout took the snapshot.
  public func restore(_ snapshot: Snapshot) {
    precondition(
      snapshot.layout == ObjectIdentifier(self), "CollectionViewLayout.restore(_:): another layout's snapshot")
    collectionView = snapshot.collectionView
    restoreLayoutState(snapshot.state)
    snapshot.attributes.restore()
  }
}
