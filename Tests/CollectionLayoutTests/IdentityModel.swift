import Geometry2D
@testable import CollectionLayout

/// A cell that remembers the item it was configured for, as a UIKit cell keeps the content its data
/// source gave it while it stays on screen.
final class TaggedCell: CollectionViewCell {
  var item = -1
  override func prepareForReuse() { item = -1 }
}

/// A data source of unique item identities per section; it configures each cell with its item's id.
final class IdentityDataSource: CollectionViewDataSource {
  var sections: [[Int]]
  var nextID: Int

  init(sections: [Int]) {
    var id = 0
    self.sections = sections.map { n in (0..<n).map { _ in defer { id += 1 }; return id } }
    nextID = id
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tagged", for: indexPath)
    (cell as? TaggedCell)?.item = sections[indexPath.section][indexPath.item]
    return cell
  }

  func makeID() -> Int { defer { nextID += 1 }; return nextID }
}

enum Identity {
  /// A collection view of `sections` over `layout`, shown in a 400×600 frame (wide for a carousel).
  static func make(_ layout: CollectionViewLayout, sections: [Int], frame: Rect = Rect(x: 0, y: 0, width: 400, height: 600))
    -> (CollectionView, IdentityDataSource) {
    let cv = CollectionView(frame: frame, collectionViewLayout: layout)
    cv.register(TaggedCell.self, forCellWithReuseIdentifier: "tagged")
    let data = IdentityDataSource(sections: sections)
    cv.dataSource = data
    cv.layoutIfNeeded()
    return (cv, data)
  }

  /// What is wrong with the displayed cells: a cell whose configured item is not the one the data source
  /// has at its index path, or an index path out of range. Empty when every cell shows its own item.
  static func problems(_ cv: CollectionView, _ data: IdentityDataSource) -> [String] {
    var out: [String] = []
    for e in cv.displayedElements where e.attributes.representedElementCategory == .cell && !e.isDisappearing {
      let ip = e.attributes.indexPath
      guard data.sections.indices.contains(ip.section), data.sections[ip.section].indices.contains(ip.item) else {
        out.append("a cell at \(ip) is outside the data (\(data.sections.map(\.count)))")
        continue
      }
      let shows = (e.view as? TaggedCell)?.item ?? -1
      let has = data.sections[ip.section][ip.item]
      if shows != has { out.append("the cell at \(ip) shows item \(shows), the data source has \(has)") }
    }
    return out
  }
}
