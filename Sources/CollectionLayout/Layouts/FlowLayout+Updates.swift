import Geometry2D

extension FlowLayout {
  /// Fresh attributes from the flow geometry (not the possibly overridden `layoutAttributesForItem(at:)`,
  /// whose object a physics subclass may own), so a subclass calling super gets a copy to change.
  func flowInitialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
    guard let a = itemAttributes(at: itemIndexPath) else { return nil }
    a.alpha = 0
    return a
  }

  func flowFinalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
    let s = itemIndexPath.section, i = itemIndexPath.item
    guard s >= 0, s < previousSections.count, i >= 0, i < previousSections[s].itemCount else { return nil }
    let a = cellAttributes(itemIndexPath, itemFrame(i, in: previousSections[s]))
    a.alpha = 0
    return a
  }

  func flowInitialLayoutAttributesForAppearingSupplementaryElement(
    ofKind kind: String,
    at indexPath: IndexPath
  ) -> LayoutAttributes? {
    guard let a = supplementaryAttributes(ofKind: kind, at: indexPath) else { return nil }
    a.alpha = 0
    return a
  }

  func flowFinalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind kind: String,
    at indexPath: IndexPath
  ) -> LayoutAttributes? {
    let s = indexPath.section
    guard s >= 0, s < previousSections.count else { return nil }
    let section = previousSections[s]
    let frame: Rect
    switch kind {
    case CollectionView.elementKindSectionHeader where section.headerLength > 0: frame = headerFrame(section)
    case CollectionView.elementKindSectionFooter where section.footerLength > 0: frame = footerFrame(section)
    default: return nil
    }
    let a = supplementaryAttributes(kind, section: s, frame: frame)
    a.alpha = 0
    return a
  }

  func flowInitialLayoutAttributesForAppearingDecorationElement(
    ofKind kind: String,
    at indexPath: IndexPath
  ) -> LayoutAttributes? {
    guard let a = flowLayoutAttributesForDecorationView(ofKind: kind, at: indexPath) else { return nil }
    a.alpha = 0
    return a
  }

  func flowFinalLayoutAttributesForDisappearingDecorationElement(
    ofKind kind: String,
    at indexPath: IndexPath
  ) -> LayoutAttributes? {
    let s = indexPath.section
    guard kind == FlowLayout.elementKindSectionBackground, showsSectionBackgrounds, s >= 0, s < previousSections.count
    else { return nil }
    let a = backgroundAttributes(section: s, frame: backgroundFrame(previousSections[s]))
    a.alpha = 0
    return a
  }
}
