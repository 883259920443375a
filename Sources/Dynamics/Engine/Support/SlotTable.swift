/// Stable ids for what the world creates and destroys (bodies, joints), as Box2D v3's id pools: an id
/// never changes while its thing lives, a destroyed id goes on a free list and is handed out again
/// (last freed, first reused, once `recycle()` says nothing refers to it), and each slot's generation is bumped when it is freed, so a handle kept
/// past the destruction reads as stale instead of naming whatever took the slot. Destroying one thing
/// re-indexes nothing else.
struct SlotTable {
  /// Per slot: bumped every time the slot is freed.
  private(set) var generations: [UInt32] = []
  private(set) var isLive: [Bool] = []
  private var free: [Int32] = []
  /// Freed since the last `recycle()`: stale already, not handed out yet.
  private var retired: [Int32] = []

  /// Slots ever handed out (live or free).
  var capacity: Int { generations.count }
  var liveCount: Int { generations.count - free.count - retired.count }

  /// A slot for a new thing: the last one freed, else a new one at the end.
  mutating func allocate() -> Int32 {
    if let i = free.popLast() {
      isLive[Int(i)] = true
      return i
    }
    generations.append(0)
    isLive.append(true)
    return Int32(generations.count - 1)
  }

  mutating func release(_ i: Int32) {
    precondition(isLive[Int(i)], "SlotTable: slot \(i) freed twice")
    isLive[Int(i)] = false
    generations[Int(i)] &+= 1
    retired.append(i)
  }

  /// Makes the slots freed since the last call available again: the world calls it once nothing
  /// refers to them any more (its contacts dropped, its proxies purged).
  mutating func recycle() {
    free += retired
    retired.removeAll()
  }

  func isCurrent(_ i: Int32, generation: UInt32) -> Bool {
    i >= 0 && Int(i) < generations.count && isLive[Int(i)] && generations[Int(i)] == generation
  }

  func contains(_ i: Int32) -> Bool { i >= 0 && Int(i) < isLive.count && isLive[Int(i)] }
}
