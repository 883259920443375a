/// Which of the contact softnesses a contact's rows take: between moving bodies, against an immovable
/// one (stiffer), or against a boundary segment (stiffer still). The contact keeps the kind, a byte in
/// its flags, and the rows look the softness up (`ContactSoftnesses`): kept in the contact, the
/// softness's 24 bytes were a ninth of what every pass wrote and read of every contact.
enum ContactSoftness: UInt8 {
  case moving, immovable, wall
}

/// The softness of each kind of contact (`ContactSoftness`), as the store made them for its step.
struct ContactSoftnesses {
  var moving: Softness
  var immovable: Softness
  var wall: Softness

  static let rigid = ContactSoftnesses(moving: .rigid, immovable: .rigid, wall: .rigid)

  @inline(__always) subscript(_ kind: ContactSoftness) -> Softness {
    switch kind {
    case .moving: moving
    case .immovable: immovable
    case .wall: wall
    }
  }
}
