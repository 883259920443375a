// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for the parsers, in a package of their own so the main build never sees
// -sanitize=fuzzer. Built and run by scripts/fuzz:
//   swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
let package = Package(
  name: "HookeFuzz",
  dependencies: [.package(name: "Hooke", path: "..")],
  targets: [
    .target(name: "CFuzzDriver"),
    .executableTarget(name: "FuzzSceneFile", dependencies: [
      "CFuzzDriver",
      .product(name: "Scenes", package: "Hooke"), .product(name: "SandboxCore", package: "Hooke"),
      .product(name: "Geometry2D", package: "Hooke"),
    ]),
    .executableTarget(name: "FuzzRecording", dependencies: [
      "CFuzzDriver",
      .product(name: "Scenes", package: "Hooke"), .product(name: "SandboxCore", package: "Hooke"),
      .product(name: "Geometry2D", package: "Hooke"),
    ]),
  ],
  swiftLanguageModes: [.v6]
)
