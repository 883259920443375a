import CSDL2

/// A failed SDL call: what we were doing, and what SDL said.
public struct SDLError: Error, CustomStringConvertible {
  public var context: String
  public var sdlMessage: String

  init(_ context: String) {
    self.context = context
    self.sdlMessage = String(cString: SDL_GetError())
  }

  public var description: String { sdlMessage.isEmpty ? context : "\(context): \(sdlMessage)" }
}
