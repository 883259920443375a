import CSDL2

/// The system clipboard, through SDL (on X11 the CLIPBOARD selection, served while the window pumps
/// events). Needs SDL's video subsystem, so a window must be open.
package enum Clipboard {
  /// Puts `text` on the clipboard.
  package static func set(_ text: String) throws {
    guard SDL_SetClipboardText(text) == 0 else { throw SDLError("could not put the text on the clipboard") }
  }

  /// The clipboard's text, empty when it holds none.
  package static func text() -> String {
    guard let p = SDL_GetClipboardText() else { return "" }
    defer { SDL_free(p) }
    return String(cString: p)
  }
}
