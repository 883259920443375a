/// A scene the sandbox can open by name.
package struct SceneEntry: Sendable {
  package let name: String
  package let summary: String
  package let make: @Sendable (SceneContext) -> any Scene

  package init(name: String, summary: String, make: @escaping @Sendable (SceneContext) -> any Scene) {
    self.name = name
    self.summary = summary
    self.make = make
  }
}
