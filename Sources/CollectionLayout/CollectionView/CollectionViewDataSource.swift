/// Where a collection view gets its content: UICollectionViewDataSource.
///
/// Only the item counts are required. Cells and supplementary views default to plain recycled views
/// from the reuse pool (registered classes, or the base classes).
public protocol CollectionViewDataSource: AnyObject {
  /// The number of sections. Default 1.
  func numberOfSections(in collectionView: CollectionView) -> Int
  /// The number of items in `section`. Required.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  /// The cell model for an item coming on screen; usually `collectionView.dequeueReusableCell(…)`,
  /// configured. Default: a cell dequeued with `CollectionView.defaultReuseIdentifier`.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
  /// The view for a header, a footer or another supplementary kind coming on screen. Default: a view
  /// dequeued with `CollectionView.defaultReuseIdentifier` for that kind.
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView
}

extension CollectionViewDataSource {
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
  {
    collectionView.dequeueReusableCell(withReuseIdentifier: CollectionView.defaultReuseIdentifier, for: indexPath)
  }

  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: CollectionView.defaultReuseIdentifier,
      for: indexPath)
  }
}
