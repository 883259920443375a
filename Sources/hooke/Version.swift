/// The version `hooke --version` prints; CHANGELOG.md's newest heading names the same one
/// (`VersionTests` checks that they agree).
let hookeVersion = "0.2.0"
