import Geometry2D

extension FlowLayout {
  /// A rectangle from main/cross coordinates.
  func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
    isVertical
      ? Rect(x: cross, y: main, width: crossLength, height: mainLength)
      : Rect(x: main, y: cross, width: mainLength, height: crossLength)
  }

  func itemFrame(_ i: Int, in section: FlowSection) -> Rect {
    switch section.items {
    case .uniform(let grid):
      let o = grid.origin(of: i)
      return rect(main: o.main, cross: o.cross, mainLength: grid.itemMain, crossLength: grid.itemCross)
    case .measured(let lines):
      let o = lines.origins[i], s = lines.sizes[i]
      return rect(main: o.main, cross: o.cross, mainLength: s.main, crossLength: s.cross)
    }
  }

  func headerFrame(_ section: FlowSection) -> Rect {
    rect(main: section.start, cross: 0, mainLength: section.headerLength, crossLength: crossExtent)
  }

  func footerFrame(_ section: FlowSection) -> Rect {
    rect(main: section.footerStart, cross: 0, mainLength: section.footerLength, crossLength: crossExtent)
  }

  func cellAttributes(_ ip: IndexPath, _ frame: Rect) -> LayoutAttributes {
    let a = Self.layoutAttributesClass.init(forCellWith: ip)
    a.frame = frame
    return a
  }

  func supplementaryAttributes(_ kind: String, section: Int, frame: Rect, pinned: Bool = false) -> LayoutAttributes {
    let a = Self.layoutAttributesClass.init(
      forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section))
    a.frame = frame
    // Above the cells, as UIKit's flow layout draws its headers and footers; pinned ones above those.
    a.zIndex = pinned ? 1024 : 10
    return a
  }

  /// The first section whose extent reaches past `main` (binary search).
  func firstSection(endingAfter main: Double) -> Int {
    var lo = 0, hi = sections.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if sections[mid].end <= main { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  func elementAttributes(in rect: Rect) -> [LayoutAttributes] {
    let m0 = isVertical ? rect.minY : rect.minX, m1 = isVertical ? rect.maxY : rect.maxX
    let c0 = isVertical ? rect.minX : rect.minY, c1 = isVertical ? rect.maxX : rect.maxY
    guard m1 > m0 || c1 > c0 else { return [] }
    var result: [LayoutAttributes] = []
    var s = firstSection(endingAfter: m0)
    while s < sections.count, sections[s].start < m1 {
      let section = sections[s]
      if showsSectionBackgrounds {
        let frame = backgroundFrame(section)
        if frame.intersects(rect) { result.append(backgroundAttributes(section: s, frame: frame)) }
      }
      if section.headerLength > 0 {
        let frame = shownHeaderFrame(section)
        if frame.intersects(rect) {
          result.append(
            supplementaryAttributes(
              CollectionView.elementKindSectionHeader, section: s, frame: frame,
              pinned: sectionHeadersPinToVisibleBounds))
        }
      }
      appendItems(of: section, s, m0: m0, m1: m1, c0: c0, c1: c1, into: &result)
      if section.footerLength > 0 {
        let frame = shownFooterFrame(section)
        if frame.intersects(rect) {
          result.append(
            supplementaryAttributes(
              CollectionView.elementKindSectionFooter, section: s, frame: frame,
              pinned: sectionFootersPinToVisibleBounds))
        }
      }
      s += 1
    }
    return result
  }

  private func appendItems(
    of section: FlowSection, _ s: Int, m0: Double, m1: Double, c0: Double, c1: Double,
    into result: inout [LayoutAttributes]
  ) {
    func overlaps(_ main: Double, _ mainLength: Double, _ cross: Double, _ crossLength: Double) -> Bool {
      main < m1 && m0 < main + mainLength && cross < c1 && c0 < cross + crossLength
    }
    switch section.items {
    case .uniform(let grid):
      guard grid.lineCount > 0, grid.linePitch > 0 else { return }
      let first = Swift.max(0, Int(((m0 - grid.itemsStart) / grid.linePitch).rounded(.down)))
      let lastLine = Int(((m1 - grid.itemsStart) / grid.linePitch).rounded(.down))
      guard first < grid.lineCount, lastLine >= 0 else { return }
      let last = Swift.min(grid.lineCount - 1, lastLine)
      guard first <= last else { return }
      for line in first...last {
        let begin = line * grid.perLine, end = Swift.min(section.itemCount, begin + grid.perLine)
        for i in begin..<end {
          let o = grid.origin(of: i)
          if overlaps(o.main, grid.itemMain, o.cross, grid.itemCross) {
            result.append(
              cellAttributes(
                IndexPath(item: i, section: s),
                rect(main: o.main, cross: o.cross, mainLength: grid.itemMain, crossLength: grid.itemCross)))
          }
        }
      }
    case .measured(let lines):
      // The first line that ends after m0.
      var lo = 0, hi = lines.lineStarts.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if lines.lineStarts[mid] + lines.lineLengths[mid] <= m0 { lo = mid + 1 } else { hi = mid }
      }
      var line = lo
      while line < lines.lineStarts.count, lines.lineStarts[line] < m1 {
        for i in lines.lineFirstItem[line]..<lines.lineFirstItem[line + 1] {
          let o = lines.origins[i], size = lines.sizes[i]
          if overlaps(o.main, size.main, o.cross, size.cross) {
            result.append(
              cellAttributes(
                IndexPath(item: i, section: s),
                rect(main: o.main, cross: o.cross, mainLength: size.main, crossLength: size.cross)))
          }
        }
        line += 1
      }
    }
  }

  func itemAttributes(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
    return cellAttributes(indexPath, itemFrame(indexPath.item, in: section))
  }

  func supplementaryAttributes(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
    let section = sections[indexPath.section]
    switch kind {
    case CollectionView.elementKindSectionHeader where section.headerLength > 0:
      return supplementaryAttributes(
        kind, section: indexPath.section, frame: shownHeaderFrame(section),
        pinned: sectionHeadersPinToVisibleBounds)
    case CollectionView.elementKindSectionFooter where section.footerLength > 0:
      return supplementaryAttributes(
        kind, section: indexPath.section, frame: shownFooterFrame(section),
        pinned: sectionFootersPinToVisibleBounds)
    default:
      return nil
    }
  }
}
