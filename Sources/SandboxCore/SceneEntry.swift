/// A scene the sandbox can open by name.
public struct SceneEntry: Sendable {
  public let name: String
  public let summary: String
  public let make: @Sendable (SceneContext) -> any Scene

  public init(name: String, summary: String, make: @escaping @Sendable (SceneContext) -> any Scene) {
    self.name = name
    self.summary = summary
    self.make = make
  }
}
