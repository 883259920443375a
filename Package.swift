// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Hooke",
  products: [
    .library(name: "Geometry2D", targets: ["Geometry2D"]),
    .library(name: "Dynamics", targets: ["Dynamics"]),
    .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
    // For the fuzzers in Fuzz/ (a package of their own): its only public declarations are
    // `FuzzEntryPoints`; the rest of the app's modules is `package` or internal.
    .library(name: "Scenes", targets: ["Scenes"]),
    .executable(name: "hooke", targets: ["hooke"]),
    .executable(name: "hooke-bench", targets: ["HookeBenchmarks"]),
    .executable(name: "hooke-load", targets: ["HookeLoad"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // `swift package generate-documentation` (scripts/docs); a plugin only, nothing of it is linked.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Property-based tests (generators, shrinking, reproducible seeds) for the collection tests only.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1")
  ],
  targets: [
    .target(name: "Geometry2D"),
    .target(name: "CPrefetch"),
    // The engine is optimised in debug builds too (its `assert`s kept): the physics tests step
    // hundreds of thousands of frames, and unoptimised the SIMD contact blocks cost many times their
    // optimised time; the whole suite takes less than half as long so (docs/architecture.md).
    .target(
      name: "Dynamics", dependencies: ["Geometry2D", "CPrefetch"],
      swiftSettings: [.unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug))]),
    .target(name: "CollectionLayout", dependencies: ["Geometry2D", "Dynamics"]),
    .target(name: "SandboxCore", dependencies: ["Geometry2D"]),
    // Box2D's samples and benchmarks built through the public API, with the figures that judge them
    // (docs/peer-suite.md); shared by the peer suite's tests and hooke-bench.
    .target(name: "PeerScenes", dependencies: ["Dynamics", "Geometry2D"]),
    .target(name: "Scenes", dependencies: ["Geometry2D", "Dynamics", "CollectionLayout", "SandboxCore"]),
    // SDL2, SDL2_ttf and SDL2_image from the system (see scripts/install-deps.sh). The headers are
    // included as <SDL2/…> so no pkg-config flags are needed.
    .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]),
    .target(name: "SDLPlatform", dependencies: ["CSDL2", "SandboxCore", "Geometry2D"]),
    .executableTarget(
      name: "hooke",
      dependencies: [
        "SDLPlatform", "SandboxCore", "Scenes", "Geometry2D",
        .product(name: "ArgumentParser", package: "swift-argument-parser")
      ]),
    .executableTarget(
      name: "HookeBenchmarks",
      dependencies: [
        "SDLPlatform", "SandboxCore", "Scenes", "Geometry2D", "Dynamics", "CollectionLayout", "PeerScenes"
      ],
      path: "Benchmarks",
      exclude: ["Peers"]),  // the peer engines' C harness, built by scripts/bench-peers
    // The engine under load for minutes of simulated time (scripts/load).
    .executableTarget(name: "HookeLoad", dependencies: ["Dynamics", "CollectionLayout", "Geometry2D"], path: "Load"),
    // The seeded random source the randomized tests share.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "Geometry2DTests", dependencies: ["Geometry2D"]),
    // The peer suite's fast subset beside Box2D's figures (box2d-figures.json, measured by scripts/peer-figures).
    .testTarget(
      name: "PeerSuiteTests", dependencies: ["PeerScenes", "Geometry2D", "TestSupport"], exclude: ["box2d-figures.json"]
    ),
    .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "Geometry2D", "TestSupport"]),
    .testTarget(
      name: "CollectionLayoutTests",
      dependencies: [
        "CollectionLayout", "Dynamics", "Geometry2D", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based")
      ]),
    // Ports of the articles' Objective-C (README, Sources) through the public API only (no @testable).
    .testTarget(name: "PortTests", dependencies: ["CollectionLayout", "Dynamics", "Geometry2D"]),
    .testTarget(name: "SandboxCoreTests", dependencies: ["SandboxCore", "Geometry2D", "TestSupport"]),
    .testTarget(name: "ScenesTests", dependencies: ["Scenes", "SandboxCore", "Geometry2D", "TestSupport"]),
    .testTarget(
      name: "SDLPlatformTests",
      dependencies: ["SDLPlatform", "CSDL2", "SandboxCore", "Scenes", "Geometry2D", "TestSupport"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["SDLPlatform", "Scenes", "SandboxCore", "Geometry2D"],
      exclude: ["drive-window.sh", "drive-scene.sh", "drive-rewind.sh", "drive-rewind-random.sh"])
  ],
  swiftLanguageModes: [.v6]
)
