// swift-tools-version: 6.1
import PackageDescription

let strictSwift: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "PixelOps",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .visionOS(.v2)],
  products: [
    // Pixel buffers and views, geometry, conversions, kernels and the thread pool.
    // Builds with nothing installed on the system.
    .library(name: "PixelOps", targets: ["PixelOps"]),
    // PNG and TIFF reading and writing through the system's libpng and libtiff.
    .library(name: "PixelOpsIO", targets: ["PixelOpsIO"]),
    // Measures the kernels; its command line is parsed by hand, so the package has no dependencies.
    .executable(name: "bench", targets: ["Bench"]),
    // Benchmark cases and deterministic generated inputs (for the Benchmarks/ package; not API).
    .library(name: "PixelOpsBenchmarkSupport", targets: ["PixelOpsBenchmarkSupport"]),
  ],
  targets: [
    .target(name: "PixelOps", dependencies: ["CLaneIntrinsics"], swiftSettings: strictSwift),
    // x86 vector instructions the lane helpers call as intrinsics (see its header): inline C
    // functions, no system library.
    .target(name: "CLaneIntrinsics"),

    // System libraries, linked only by PixelOpsIO.
    .systemLibrary(
      name: "CLibPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    .systemLibrary(
      name: "CLibTIFF",
      pkgConfig: "libtiff-4",
      providers: [.apt(["libtiff-dev"]), .brew(["libtiff"])]
    ),
    // C shims that keep libpng's longjmp and libtiff's varargs callbacks out of Swift frames.
    .target(name: "CPNGSupport", dependencies: ["CLibPNG"]),
    .target(name: "CTIFFSupport", dependencies: ["CLibTIFF"]),

    .target(
      name: "PixelOpsIO",
      dependencies: ["PixelOps", "CPNGSupport", "CTIFFSupport"],
      swiftSettings: strictSwift
    ),
    // The benchmark cases and generated inputs, shared by `bench` and the Benchmarks/ package.
    .target(name: "PixelOpsBenchmarkSupport", dependencies: ["PixelOps", "PixelOpsIO"], swiftSettings: strictSwift),
    .executableTarget(
      name: "Bench",
      dependencies: ["PixelOps", "PixelOpsIO", "PixelOpsBenchmarkSupport"],
      swiftSettings: strictSwift
    ),
    // Helpers both test targets share: seeded randomness, the random-image generator, guarded
    // memory. A regular target (test targets cannot depend on each other), used only by the tests.
    .target(
      name: "PixelOpsTestSupport", dependencies: ["PixelOps"], path: "Tests/PixelOpsTestSupport",
      swiftSettings: strictSwift),
    .testTarget(
      name: "PixelOpsTests", dependencies: ["PixelOps", "PixelOpsTestSupport"], resources: [.copy("Resources")],
      swiftSettings: strictSwift),
    // bench's command line (the executable's module, imported @testable).
    .testTarget(name: "BenchTests", dependencies: ["Bench", "PixelOpsBenchmarkSupport"], swiftSettings: strictSwift),
    .testTarget(
      name: "PixelOpsIOTests",
      dependencies: ["PixelOpsIO", "PixelOps", "PixelOpsTestSupport"],
      resources: [.copy("Resources")],
      swiftSettings: strictSwift
    ),
  ]
)
