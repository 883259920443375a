// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for the parsers, in a package of their own so the main build never sees
// -sanitize=fuzzer. Built and run by scripts/fuzz:
//   swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// They see only the public part of `Scenes`: `FuzzEntryPoints`, which runs one input.
let package = Package(
  name: "HookeFuzz",
  dependencies: [.package(name: "Hooke", path: "..")],
  targets: [
    .target(name: "CFuzzDriver"),
    .executableTarget(
      name: "FuzzSceneFile",
      dependencies: [
        "CFuzzDriver",
        .product(name: "Scenes", package: "Hooke")
      ]),
    .executableTarget(
      name: "FuzzRecording",
      dependencies: [
        "CFuzzDriver",
        .product(name: "Scenes", package: "Hooke")
      ])
  ],
  swiftLanguageModes: [.v6]
)
