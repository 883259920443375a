import Geometry2D

extension FlowLayout {
  /// Whether a scroll moves headers or footers (`sectionHeadersPinToVisibleBounds`, `…Footers…`).
  var pinsHeadersOrFooters: Bool { sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds }

  /// The visible extent along the scroll axis, inside the content inset (content points).
  private var visibleMainRange: (start: Double, end: Double)? {
    guard let cv = collectionView else { return nil }
    let b = cv.bounds, inset = cv.contentInset
    return isVertical ? (b.minY + inset.top, b.maxY - inset.bottom) : (b.minX + inset.left, b.maxX - inset.right)
  }

  /// The header where it is shown: at its place, or (pinned) held at the visible start while its section
  /// is on screen, pushed off by the end of the section's items so two headers never overlap.
  func shownHeaderFrame(_ section: FlowSection) -> Rect {
    guard sectionHeadersPinToVisibleBounds, let visible = visibleMainRange else { return headerFrame(section) }
    let latest = section.footerStart - section.headerLength
    let main = Swift.max(section.start, Swift.min(visible.start, latest))
    return rect(main: main, cross: 0, mainLength: section.headerLength, crossLength: crossExtent)
  }

  /// The footer where it is shown: at its place, or (pinned) held at the visible end while its section is
  /// on screen, never above the end of the section's header.
  func shownFooterFrame(_ section: FlowSection) -> Rect {
    guard sectionFootersPinToVisibleBounds, let visible = visibleMainRange else { return footerFrame(section) }
    let earliest = section.start + section.headerLength
    let main = Swift.min(section.footerStart, Swift.max(visible.end - section.footerLength, earliest))
    return rect(main: main, cross: 0, mainLength: section.footerLength, crossLength: crossExtent)
  }
}
