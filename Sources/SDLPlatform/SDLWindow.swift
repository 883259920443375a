import CSDL2
import Geometry2D
import SandboxCore

/// A resizable, high-DPI-aware window with its renderer. Drawing is in points; on a high-DPI screen the
/// renderer's scale maps them to the larger drawable.
public final class SDLWindow {
  private let window: OpaquePointer
  private let sdlRenderer: OpaquePointer
  public let renderer: DrawListRenderer
  /// The name of SDL's renderer ("software", "opengl", …).
  public let rendererName: String

  /// Why a window cannot be opened here, in one line, or nil when a display looks available.
  public static func displayProblem(environment: [String: String]) -> String? {
    let has = { (k: String) in !(environment[k] ?? "").isEmpty }
    if has("DISPLAY") || has("WAYLAND_DISPLAY") || has("SDL_VIDEODRIVER") { return nil }
    return "hooke: no display: neither DISPLAY nor WAYLAND_DISPLAY is set, so no window can open; "
      + "run it in a desktop session or under xvfb-run, or render without one: hooke capture --scene NAME --output FILE.png"
  }

  /// Opens a window of `size` points titled `title`. `software` picks SDL's software renderer
  /// (deterministic pixels, and faster than llvmpipe on machines without a GPU).
  public init(title: String, size: Size, software: Bool, environment: [String: String]) throws {
    if SDL_WasInit(SDL_INIT_VIDEO) == 0, SDL_InitSubSystem(SDL_INIT_VIDEO) != 0 {
      throw SDLError("hooke: could not start SDL's video (is the display reachable?)")
    }
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
    let flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    guard let w = SDL_CreateWindow(title, centered, centered, Int32(size.width), Int32(size.height), flags) else {
      throw SDLError("hooke: could not open a \(Int(size.width))×\(Int(size.height)) window")
    }
    let rendererFlags = software ? SDL_RENDERER_SOFTWARE.rawValue
      : SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
    guard let r = SDL_CreateRenderer(w, -1, rendererFlags) ?? SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
      SDL_DestroyWindow(w)
      throw SDLError("hooke: could not create a renderer for the window")
    }
    window = w
    sdlRenderer = r
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(r, &info)
    rendererName = info.name.map { String(cString: $0) } ?? "unknown"
    renderer = DrawListRenderer(renderer: r, environment: environment)
    SDL_StopTextInput()
    updateScale()
  }

  deinit {
    SDL_DestroyRenderer(sdlRenderer)
    SDL_DestroyWindow(window)
  }

  public var title: String {
    get { String(cString: SDL_GetWindowTitle(window)) }
    set { SDL_SetWindowTitle(window, newValue) }
  }

  /// The window's size in points (what input coordinates use).
  public var size: Size {
    var w: Int32 = 0, h: Int32 = 0
    SDL_GetWindowSize(window, &w, &h)
    return Size(width: Double(w), height: Double(h))
  }

  /// The drawable's size in pixels.
  public var pixelSize: (width: Int, height: Int) {
    var w: Int32 = 0, h: Int32 = 0
    SDL_GetRendererOutputSize(sdlRenderer, &w, &h)
    return (Int(w), Int(h))
  }

  /// Re-reads pixels per point; call after a resize or a move to another screen.
  public func updateScale() {
    let s = size
    renderer.scale = s.width > 0 ? Double(pixelSize.width) / s.width : 1
  }

  public func render(_ list: DrawList) { renderer.render(list) }

  /// The frame drawn so far, before it is presented.
  public func capture() throws -> PixelImage {
    SDL_RenderSetScale(sdlRenderer, 1, 1)
    defer { SDL_RenderSetScale(sdlRenderer, Float(renderer.scale), Float(renderer.scale)) }
    let p = pixelSize
    return try PixelImage.read(from: sdlRenderer, width: p.width, height: p.height)
  }

  public func present() { SDL_RenderPresent(sdlRenderer) }
}
