import CollectionLayout
import Geometry2D

/// A data source of `count` items in one section (the articles' `numberOfItemsInSection:`).
final class CountedItems: CollectionViewDataSource {
  var count: Int
  init(_ count: Int) { self.count = count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
}

/// One 60 Hz frame, as the sandbox steps.
let frameTime = 1.0 / 60

/// Steps the collection view `seconds` in frames.
func run(_ cv: CollectionView, seconds: Double) {
  for _ in 0..<Int((seconds / frameTime).rounded()) { cv.advance(by: frameTime) }
}
