/// The contacts of the narrow phase's slices after the first, as one sequence appended to the first
/// slice's list (the store's) once every slice is done: the list grows once, to its final count, and
/// each slice copies its own contacts to its place (`FoundContacts.base`) on the pool's threads.
///
/// Appended slice by slice on the caller as each was ready, the whole list but the first slice (22,000
/// boxes: some 44,000 contacts, 10 MB) was copied by one thread, a twentieth of the caller's time on
/// two workers. The copy goes through `_copyContents`, where the array hands its uninitialized tail to
/// the sequence: growing the list to its count first would have written every contact twice.
struct LaterSlicesContacts: Sequence {
  /// The pass's slices (the first one's contacts are the list being appended to, not read here).
  let found: UnsafeMutablePointer<FoundContacts>
  let slices: Int
  /// The first slice's count: where the second slice's contacts begin in the list.
  let firstCount: Int
  /// The contacts of the slices after the first.
  let count: Int
  let workers: WorkerPool

  /// The slices' places in the list, and the count of the others: after every slice was joined.
  init(_ found: UnsafeMutablePointer<FoundContacts>, slices: Int, on workers: WorkerPool) {
    (self.found, self.slices, self.workers) = (found, slices, workers)
    firstCount = found[0].contacts.count
    let last = found[slices - 1]
    count = slices > 1 ? last.base + last.contacts.count - firstCount : 0
  }

  var underestimatedCount: Int { count }

  /// Nothing is left once the contacts are copied.
  func makeIterator() -> EmptyCollection<Contact>.Iterator { EmptyCollection<Contact>.Iterator() }

  func _copyContents(
    initializing buffer: UnsafeMutableBufferPointer<Contact>
  ) -> (EmptyCollection<Contact>.Iterator, Int) {
    precondition(buffer.count >= count, "LaterSlicesContacts: the list's tail is shorter than the contacts")
    guard count > 0 else { return (makeIterator(), 0) }
    let (found, start, firstCount) = (found, buffer.baseAddress.unsafelyUnwrapped, firstCount)
    workers.forEachSlice(of: slices - 1, grain: 1) { range in
      for k in range.lowerBound + 1..<range.upperBound + 1 {
        found[k].contacts.withUnsafeBufferPointer { contacts in
          guard let source = contacts.baseAddress else { return }
          (start + (found[k].base - firstCount)).initialize(from: source, count: contacts.count)
        }
      }
    }
    return (makeIterator(), count)
  }
}
