import CSDL2
import Geometry2D
import SandboxCore

/// The renderer on a software surface, with no display and no video driver at all. Its output is the
/// same bits on every run and machine with the same SDL, which is what pixel tests and `hooke capture`
/// need.
package final class HeadlessCanvas {
  package let width: Int
  package let height: Int
  private let surface: UnsafeMutablePointer<SDL_Surface>
  private let sdlRenderer: OpaquePointer
  package let renderer: DrawListRenderer

  /// A canvas of `width`×`height` pixels at one pixel per point. `environment` is read for `HOOKE_FONT`.
  package init(width: Int, height: Int, environment: [String: String] = [:]) throws {
    guard width > 0, height > 0, width <= 16384, height <= 16384 else {
      throw SDLError("a canvas must be between 1×1 and 16384×16384 pixels, not \(width)×\(height)")
    }
    guard
      let s = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width), Int32(height), 32,
        SDL_PIXELFORMAT_ARGB8888.rawValue)
    else {
      throw SDLError("could not make a \(width)×\(height) surface")
    }
    guard let r = SDL_CreateSoftwareRenderer(s) else {
      SDL_FreeSurface(s)
      throw SDLError("could not make a software renderer")
    }
    self.width = width
    self.height = height
    surface = s
    sdlRenderer = r
    renderer = DrawListRenderer(renderer: r, environment: environment)
    renderer.surface = { s }
  }

  deinit {
    SDL_DestroyRenderer(sdlRenderer)
    SDL_FreeSurface(surface)
  }

  package var size: Size { Size(width: Double(width), height: Double(height)) }

  package func render(_ list: DrawList) { renderer.render(list) }

  /// The pixels drawn so far.
  package func image() -> PixelImage {
    SDL_RenderFlush(sdlRenderer)
    return PixelImage(surface: surface)
  }
}
