import Dynamics
import Geometry2D

extension SceneDescription {
  /// A field behavior from its file description (the kind was checked on reading).
  func buildField(_ behavior: Behavior, items: [DynamicBody]) -> DynamicBehavior {
    // FieldBehavior arrives with issue 5; until then a field in a file is refused when the file is read.
    DynamicBehavior()
  }
}
