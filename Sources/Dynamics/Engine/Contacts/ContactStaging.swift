/// The last few contacts a slice of the narrow phase made, held in a small buffer (lent by the slice,
/// on the stack) until they join the slice's list together.
///
/// Appended to the list one by one, a contact's fields, computed before the list's uniqueness check (a
/// call, which keeps no value in a register), were spilled to the stack around it and read back to be
/// copied: a fifth of making a carried-along contact. Here they are written straight to the buffer, and
/// the list is checked and grown once a batch.
struct ContactStaging {
  private var buffer: UnsafeMutablePointer<Contact>?
  private(set) var count = 0

  /// Contacts the buffer holds.
  static let capacity = 32

  /// No buffer: between slices.
  init() { buffer = nil }

  /// Staging into `buffer`, which holds `capacity` contacts.
  init(buffer: UnsafeMutablePointer<Contact>) { self.buffer = buffer }

  var isFull: Bool { count == ContactStaging.capacity }

  /// Stages `c` (there is room: `isFull` was checked before the contact was made).
  @inline(__always) mutating func add(_ c: Contact) {
    (buffer.unsafelyUnwrapped + count).initialize(to: c)
    count &+= 1
  }

  /// Appends the staged contacts to `list`, in order, and empties the buffer.
  mutating func flush(into list: inout [Contact]) {
    guard count > 0 else { return }
    list.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count))
    count = 0
  }
}

extension FoundContacts {
  /// Makes room for one more contact, before it is made.
  @inline(__always) mutating func makeRoom() {
    if staging.isFull { staging.flush(into: &contacts) }
  }

  /// Appends what is staged and lets go of the buffer (the slice is over).
  mutating func flushStaging() {
    staging.flush(into: &contacts)
    staging = ContactStaging()
  }
}
