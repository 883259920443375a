import CSDL2

/// A failed SDL call: what we were doing, and what SDL said.
package struct SDLError: Error, CustomStringConvertible {
  package var context: String
  package var sdlMessage: String

  init(_ context: String) {
    self.context = context
    self.sdlMessage = String(cString: SDL_GetError())
  }

  package var description: String { sdlMessage.isEmpty ? context : "\(context): \(sdlMessage)" }
}
