/// The position of an item in a collection view: NSIndexPath's `item` and `section`.
///
/// Ordered section first, then item, the order in which a flow layout places items.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The item's index within its section.
  public var item: Int
  /// The section's index.
  public var section: Int

  /// The index path of `item` in `section` (NSIndexPath(item:section:)).
  public init(item: Int, section: Int) {
    self.item = item
    self.section = section
  }

  /// UIKit's `row`, the same as `item` (table views say row).
  public var row: Int { item }

  /// The item value UIKit's update items use (NSNotFound) when a whole section is inserted, deleted,
  /// moved or reloaded.
  public static let notFound = Int.max

  /// An index path that stands for a whole section (`item == IndexPath.notFound`).
  public static func section(_ section: Int) -> IndexPath { IndexPath(item: notFound, section: section) }

  public static func < (a: IndexPath, b: IndexPath) -> Bool {
    a.section != b.section ? a.section < b.section : a.item < b.item
  }

  public var description: String { "[\(section), \(item == IndexPath.notFound ? "*" : String(item))]" }
}
