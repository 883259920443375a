/// The animator's hold on a body it created: the body's stable slot in `PhysicsWorld.bodies` and the
/// slot's generation when it was made (see `SlotTable`). The slot is also what joint rows, contacts,
/// shapes and behaviors' `bodyIndices` store: it never moves while the body lives.
struct BodyHandle: Equatable {
  var index: Int32
  var generation: UInt32
}
