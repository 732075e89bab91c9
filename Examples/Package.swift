// swift-tools-version: 6.1
import PackageDescription

// Five small programs that use PixelOps the way an app would: a separate package that depends
// on PixelOps by path, as yours would by URL (see the README). Each runs on generated inputs
// when given no arguments, which is how CI runs them (`.ci/run`).
//
//   swift run -c release thumbnail photo.png thumb.png 320       # read, aspect-fit Lanczos3, write
//   swift run -c release watermark photo.png mark.png out.png     # composite a watermark at 50 %
//   swift run -c release tiff-rescale in.tif out.tif 0.5          # every page of a multi-page TIFF
//   swift run -c release fill-caller-memory out.png               # draw into memory you own
//   swift run -c release sequence-playback frames.tif out.tif     # play a multi-page TIFF as an animation
//
// Build them in release (`-c release`): a debug build runs the kernels 150-1,300 times slower.
let package = Package(
  name: "PixelOpsExamples",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "PixelOps", path: "..")],
  targets: [
    // Generated inputs and the argument handling the examples share.
    .target(name: "ExampleSupport", dependencies: [.product(name: "PixelOps", package: "PixelOps")]),
    .executableTarget(
      name: "thumbnail",
      dependencies: [
        "ExampleSupport", .product(name: "PixelOps", package: "PixelOps"),
        .product(name: "PixelOpsIO", package: "PixelOps"),
      ]),
    .executableTarget(
      name: "watermark",
      dependencies: [
        "ExampleSupport", .product(name: "PixelOps", package: "PixelOps"),
        .product(name: "PixelOpsIO", package: "PixelOps"),
      ]),
    .executableTarget(
      name: "tiff-rescale",
      dependencies: [
        "ExampleSupport", .product(name: "PixelOps", package: "PixelOps"),
        .product(name: "PixelOpsIO", package: "PixelOps"),
      ]),
    .executableTarget(
      name: "fill-caller-memory",
      dependencies: [
        "ExampleSupport", .product(name: "PixelOps", package: "PixelOps"),
        .product(name: "PixelOpsIO", package: "PixelOps"),
      ]),
    .executableTarget(
      name: "sequence-playback",
      dependencies: [
        "ExampleSupport", .product(name: "PixelOps", package: "PixelOps"),
        .product(name: "PixelOpsIO", package: "PixelOps"),
      ]),
  ]
)
