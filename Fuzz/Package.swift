// swift-tools-version: 5.4
import PackageDescription

// libFuzzer targets for the PNG and TIFF readers: a separate package that depends on PixelOps
// by path, so the fuzzing flags stay on the command line and out of PixelOps' manifest.
// Build and run with scripts/fuzz.sh (see the README, "Fuzzing"); the flags it passes are
//
//   swift build --package-path Fuzz -c release \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// `-sanitize=fuzzer` instruments every Swift module for coverage and links libFuzzer, whose
// `main` calls each target's `LLVMFuzzerTestOneInput`; `-parse-as-library` keeps Swift from
// emitting a `main` of its own. A plain `swift build` (no flags) builds nothing runnable.
let package = Package(
  name: "PixelOpsFuzz",
  dependencies: [.package(name: "PixelOps", path: "..")],
  targets: [
    // The checks both targets make on a decoded image.
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "PixelOps", package: "PixelOps"), .product(name: "PixelOpsIO", package: "PixelOps"),
      ]),
    .executableTarget(
      name: "fuzz-png",
      dependencies: [
        "FuzzSupport", .product(name: "PixelOps", package: "PixelOps"),
        .product(name: "PixelOpsIO", package: "PixelOps"),
      ]),
    .executableTarget(
      name: "fuzz-tiff",
      dependencies: [
        "FuzzSupport", .product(name: "PixelOps", package: "PixelOps"),
        .product(name: "PixelOpsIO", package: "PixelOps"),
      ]),
  ]
)
