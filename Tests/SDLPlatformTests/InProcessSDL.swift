import Testing

/// The suites that draw with SDL and SDL_ttf in the test process. The libraries are not thread-safe
/// (SDL_ttf keeps one FreeType library for every font, and each canvas starts the video subsystem if it
/// is not running), so these suites run one at a time, not beside each other: each is serialized, and so
/// is their common parent.
@Suite(.serialized) enum InProcessSDL {}
