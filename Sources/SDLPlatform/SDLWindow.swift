import CSDL2
import Geometry2D
import SandboxCore

/// A resizable, high-DPI-aware window with its renderer. Drawing is in points; on a high-DPI screen the
/// renderer's scale maps them to the larger drawable.
package final class SDLWindow {
  private let window: OpaquePointer
  private let sdlRenderer: OpaquePointer
  package let renderer: DrawListRenderer
  /// The name of SDL's renderer ("software", "opengl", …).
  package let rendererName: String

  /// Why a window cannot be opened here, in one line, or nil when a display looks available.
  package static func displayProblem(environment: [String: String]) -> String? {
    let has = { (k: String) in !(environment[k] ?? "").isEmpty }
    if has("DISPLAY") || has("WAYLAND_DISPLAY") || has("SDL_VIDEODRIVER") { return nil }
    return "hooke: no display: neither DISPLAY nor WAYLAND_DISPLAY is set, so no window can open; "
      + "run it in a desktop session or under xvfb-run, or render without one: hooke capture --scene NAME --output FILE.png"
  }

  /// Opens a window of `size` points titled `title`. `software` picks SDL's software renderer
  /// (deterministic pixels, and faster than llvmpipe on machines without a GPU).
  /// `keepSoftwareGL` keeps the accelerated renderer even when its OpenGL is a software one.
  package init(title: String, size: Size, software: Bool, keepSoftwareGL: Bool = false, environment: [String: String])
    throws
  {
    if SDL_WasInit(SDL_INIT_VIDEO) == 0, SDL_InitSubSystem(SDL_INIT_VIDEO) != 0 {
      throw SDLError("hooke: could not start SDL's video (is the display reachable?)")
    }
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
    let flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    guard let w = SDL_CreateWindow(title, centered, centered, Int32(size.width), Int32(size.height), flags) else {
      throw SDLError("hooke: could not open a \(Int(size.width))×\(Int(size.height)) window")
    }
    let (r, name) = try SDLWindow.makeRenderer(for: w, software: software, keepSoftwareGL: keepSoftwareGL)
    window = w
    sdlRenderer = r
    rendererName = name
    renderer = DrawListRenderer(renderer: r, environment: environment)
    if name.hasPrefix("software") { renderer.surface = { SDL_GetWindowSurface(w) } }
    SDL_StopTextInput()
    updateScale()
  }

  /// The display's refresh rate in hertz (SDL's display mode), or 60 where SDL cannot tell (some X
  /// servers report 0): the rate the window paces its frames to.
  package var refreshRate: Double {
    var mode = SDL_DisplayMode()
    let index = SDL_GetWindowDisplayIndex(window)
    guard index >= 0, SDL_GetCurrentDisplayMode(index, &mode) == 0, mode.refresh_rate > 0 else { return 60 }
    return Double(mode.refresh_rate)
  }

  /// The window's renderer and the name the HUD shows. An accelerated renderer whose OpenGL turns out to
  /// be a software rasterizer (llvmpipe, softpipe, swrast) is replaced by SDL's software renderer: on
  /// this project's test machine the springy list at 1280×800 took 9.5 ms a frame on llvmpipe and 5.0 ms
  /// in software (`scripts/bench-window`).
  static func makeRenderer(for w: OpaquePointer, software: Bool, keepSoftwareGL: Bool) throws -> (OpaquePointer, String)
  {
    if !software,
      let r = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
    {
      let name = rendererName(r)
      guard let gl = openGLRenderer(), isSoftwareGL(gl) else { return (r, name) }
      if keepSoftwareGL { return (r, "\(name) on \(gl)") }
      SDL_DestroyRenderer(r)
      return (try makeSoftwareRenderer(for: w), "software — GL is \(gl)")
    }
    return (try makeSoftwareRenderer(for: w), "software")
  }

  /// SDL's software renderer, shown through the X11 framebuffer: by default SDL shows the window
  /// surface through an OpenGL texture, which on a software GL costs more than the drawing.
  static func makeSoftwareRenderer(for w: OpaquePointer) throws -> OpaquePointer {
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    guard let r = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
      SDL_DestroyWindow(w)
      throw SDLError("hooke: could not create a renderer for the window")
    }
    return r
  }

  static func rendererName(_ r: OpaquePointer) -> String {
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(r, &info)
    return info.name.map { String(cString: $0) } ?? "unknown"
  }

  /// GL_RENDERER of the current OpenGL context, if there is one (the accelerated renderer's).
  static func openGLRenderer() -> String? {
    typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
    guard SDL_GL_GetCurrentContext() != nil, let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
    let glGetString = unsafeBitCast(address, to: GetString.self)
    let GL_RENDERER: UInt32 = 0x1F01
    // "llvmpipe (LLVM 15.0.6, 256 bits)": the name before the details.
    return glGetString(GL_RENDERER).map {
      String(String(cString: $0).prefix { $0 != "(" }.reversed().drop { $0 == " " }.reversed())
    }
  }

  /// Mesa's CPU rasterizers.
  static func isSoftwareGL(_ name: String) -> Bool {
    let n = name.lowercased()
    return n.contains("llvmpipe") || n.contains("softpipe") || n.contains("swrast")
  }

  deinit {
    SDL_DestroyRenderer(sdlRenderer)
    SDL_DestroyWindow(window)
  }

  package var title: String {
    get { String(cString: SDL_GetWindowTitle(window)) }
    set { SDL_SetWindowTitle(window, newValue) }
  }

  /// The window's size in points (what input coordinates use).
  package var size: Size {
    var w: Int32 = 0, h: Int32 = 0
    SDL_GetWindowSize(window, &w, &h)
    return Size(width: Double(w), height: Double(h))
  }

  /// The drawable's size in pixels.
  package var pixelSize: (width: Int, height: Int) {
    var w: Int32 = 0, h: Int32 = 0
    SDL_GetRendererOutputSize(sdlRenderer, &w, &h)
    return (Int(w), Int(h))
  }

  /// Re-reads pixels per point; call after a resize or a move to another screen.
  package func updateScale() {
    let s = size
    renderer.scale = s.width > 0 ? Double(pixelSize.width) / s.width : 1
  }

  package func render(_ list: DrawList) { renderer.render(list) }

  /// The frame drawn so far, before it is presented.
  package func capture() throws -> PixelImage {
    SDL_RenderSetScale(sdlRenderer, 1, 1)
    defer { SDL_RenderSetScale(sdlRenderer, Float(renderer.scale), Float(renderer.scale)) }
    let p = pixelSize
    return try PixelImage.read(from: sdlRenderer, width: p.width, height: p.height)
  }

  package func present() { SDL_RenderPresent(sdlRenderer) }
}
