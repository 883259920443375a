/// Where each slice of a parallel narrow phase writes its contacts: straight into the list's storage,
/// at the place the same slice's contacts took in the last pass, so that a pass whose slices make as
/// many contacts as before (a pyramid, a pile at rest) leaves them in place and copies nothing.
///
/// Made in per-slice lists and copied after the pass (`LaterSlicesContacts`), every contact of every
/// slice but the first crossed memory twice: 10 MB a pass on 22,000 boxes, about 3.5 % of a two-worker
/// frame, and the copy read slices that had left the cache. Here a slice fills its window (`ContactWindow`:
/// as many contacts as it made last pass) and keeps the rest in its own list (`FoundContacts.contacts`,
/// the overflow). Once every slice is done, each slice's contacts belong right after the ones before
/// it: a window at its place stays, the others move there (`relocate`), and overflows follow them. The
/// order is the one slice after slice, whatever the windows: the same contacts in the same order as
/// for one thread.
struct SliceWindows {
  /// Per slice of the last parallel pass, how many contacts it made (empty: no such pass yet).
  private(set) var lastCounts: [Int] = []
  /// Per slice, where its window begins in the list (one more entry at the end: the windows' total).
  private(set) var starts: [Int] = []
  /// Passes whose slices made more contacts than the list had room for (a statistic the tests read).
  var outgrownPasses = 0

  /// Plans the windows of a pass of `slices` slices from the last pass's counts; false when there is
  /// no such plan (a first parallel pass, or another number of slices), and the slices make their
  /// contacts in lists of their own.
  mutating func plan(slices: Int) -> Bool {
    guard slices > 1, lastCounts.count == slices else { return false }
    starts.removeAll(keepingCapacity: true)
    var total = 0
    for count in lastCounts {
      starts.append(total)
      total += count
    }
    starts.append(total)
    return true
  }

  /// Plans the one window of a pass made in a single slice: all of the list's `room`.
  mutating func planAlone(room: Int) -> Bool {
    starts.removeAll(keepingCapacity: true)
    starts.append(0)
    starts.append(room)
    return true
  }

  /// Notes how many contacts each slice made this pass, for the next pass's plan.
  mutating func note(_ found: UnsafeMutablePointer<FoundContacts>, slices: Int) {
    lastCounts.removeAll(keepingCapacity: true)
    for k in 0..<slices { lastCounts.append(found[k].made) }
  }

  /// Forgets the counts (the next parallel pass makes its contacts in lists of their own).
  mutating func forget() { lastCounts.removeAll(keepingCapacity: true) }

  /// Moves each slice's window contents (`filled[k]` elements at `windowStarts[k]`) to where the slice's
  /// contacts belong (`finalStarts[k]`) in `buffer`, without overwriting contents not yet moved: those
  /// moving towards the end first, from the last slice back, then those moving towards the start, from
  /// the first on. Every slice's final place follows the one before it (`finalStarts[k] + filled[k]` at
  /// most `finalStarts[k + 1]`), and every window lies within the windows' total; then a slice moving
  /// towards the end lands before every window not yet moved, and one moving towards the start lands
  /// after every slice already in its place.
  static func relocate<T>(
    _ buffer: UnsafeMutablePointer<T>, windowStarts: UnsafeBufferPointer<Int>, filled: UnsafeBufferPointer<Int>,
    finalStarts: UnsafeBufferPointer<Int>
  ) {
    for k in filled.indices.reversed() where finalStarts[k] > windowStarts[k] && filled[k] > 0 {
      (buffer + finalStarts[k]).moveInitialize(from: buffer + windowStarts[k], count: filled[k])
    }
    for k in filled.indices where finalStarts[k] < windowStarts[k] && filled[k] > 0 {
      (buffer + finalStarts[k]).moveInitialize(from: buffer + windowStarts[k], count: filled[k])
    }
  }
}

/// The part of the list's storage where one slice writes its first contacts (`SliceWindows`).
struct ContactWindow {
  var start: UnsafeMutablePointer<Contact>?
  /// How many contacts fit (the slice's count of the last pass), and how many it holds so far.
  var capacity = 0
  var filled = 0

  /// No window: every contact goes to the slice's own list.
  static var none: ContactWindow { ContactWindow() }

  /// Where the next contact goes if the window has room for `count` more (nil: the slice's list).
  @inline(__always) func room(for count: Int) -> UnsafeMutablePointer<Contact>? {
    guard let start, capacity &- filled >= count else { return nil }
    return start + filled
  }
}

/// The contacts of a pass's slices, made in windows of the list's storage and in the slices' own
/// lists, appended to the (empty) list as one sequence: the list takes its final count once, and
/// `_copyContents`, where the array hands over its storage, puts every slice's contacts at its place.
struct PlacedSliceContacts: Sequence {
  let found: UnsafeMutablePointer<FoundContacts>
  let slices: Int
  /// The storage the windows lie in (the list's, which must not have moved).
  let storage: UnsafeMutablePointer<Contact>
  let windowStarts: UnsafeBufferPointer<Int>
  /// Scratch of `slices` entries each: the windows' counts and the slices' final places.
  let filled: UnsafeMutableBufferPointer<Int>
  let finalStarts: UnsafeMutableBufferPointer<Int>
  let count: Int

  init(
    _ found: UnsafeMutablePointer<FoundContacts>, slices: Int, storage: UnsafeMutablePointer<Contact>,
    windowStarts: UnsafeBufferPointer<Int>, filled: UnsafeMutableBufferPointer<Int>,
    finalStarts: UnsafeMutableBufferPointer<Int>
  ) {
    (self.found, self.slices, self.storage) = (found, slices, storage)
    (self.windowStarts, self.filled, self.finalStarts) = (windowStarts, filled, finalStarts)
    var total = 0
    for k in 0..<slices {
      filled[k] = found[k].window.filled
      finalStarts[k] = total
      total += found[k].made
    }
    count = total
  }

  var underestimatedCount: Int { count }

  /// Nothing is left once the contacts are in place.
  func makeIterator() -> EmptyCollection<Contact>.Iterator { EmptyCollection<Contact>.Iterator() }

  func _copyContents(
    initializing buffer: UnsafeMutableBufferPointer<Contact>
  ) -> (EmptyCollection<Contact>.Iterator, Int) {
    precondition(
      buffer.baseAddress == storage && buffer.count >= count,
      "PlacedSliceContacts: the list's storage moved or is too short for the slices' contacts")
    SliceWindows.relocate(
      storage, windowStarts: windowStarts, filled: UnsafeBufferPointer(filled),
      finalStarts: UnsafeBufferPointer(finalStarts))
    for k in 0..<slices {
      found[k].contacts.withUnsafeBufferPointer { overflow in
        guard let source = overflow.baseAddress else { return }
        (storage + finalStarts[k] + filled[k]).initialize(from: source, count: overflow.count)
      }
    }
    return (makeIterator(), count)
  }
}
