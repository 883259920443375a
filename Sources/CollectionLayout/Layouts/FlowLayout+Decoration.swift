import Geometry2D

extension FlowLayout {
  /// The decoration kind of the section backgrounds (`showsSectionBackgrounds`).
  public static let elementKindSectionBackground = "FlowLayoutSectionBackground"

  /// A section's whole extent (header to footer, across the content), inset by `sectionBackgroundInsets`.
  func backgroundFrame(_ section: FlowSection) -> Rect {
    let whole = rect(main: section.start, cross: 0, mainLength: section.end - section.start, crossLength: crossExtent)
    let i = sectionBackgroundInsets
    return Rect(
      x: whole.minX + i.left, y: whole.minY + i.top, width: Swift.max(0, whole.width - i.horizontal),
      height: Swift.max(0, whole.height - i.vertical))
  }

  func backgroundAttributes(section: Int, frame: Rect) -> LayoutAttributes {
    let a = Self.layoutAttributesClass.init(
      forDecorationViewOfKind: FlowLayout.elementKindSectionBackground,
      with: IndexPath(item: 0, section: section))
    a.frame = frame
    // Behind the cells.
    a.zIndex = -1
    return a
  }

  func flowLayoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
    let s = indexPath.section
    guard kind == FlowLayout.elementKindSectionBackground, showsSectionBackgrounds, indexPath.item == 0, s >= 0,
      s < sections.count
    else { return nil }
    return backgroundAttributes(section: s, frame: backgroundFrame(sections[s]))
  }

  func flowIndexPathsToInsertForDecorationView(ofKind kind: String) -> [IndexPath] {
    guard kind == FlowLayout.elementKindSectionBackground, showsSectionBackgrounds else { return [] }
    return pendingUpdateItems.compactMap { u in
      guard u.updateAction == .insert, let ip = u.indexPathAfterUpdate, ip.item == IndexPath.notFound else {
        return nil
      }
      return IndexPath(item: 0, section: ip.section)
    }
  }

  func flowIndexPathsToDeleteForDecorationView(ofKind kind: String) -> [IndexPath] {
    guard kind == FlowLayout.elementKindSectionBackground, showsSectionBackgrounds else { return [] }
    return pendingUpdateItems.compactMap { u in
      guard u.updateAction == .delete, let ip = u.indexPathBeforeUpdate, ip.item == IndexPath.notFound else {
        return nil
      }
      return IndexPath(item: 0, section: ip.section)
    }
  }
}
