// swift-tools-version: 6.1
// A separate package, so that users of PixelOps never resolve the benchmark dependencies.
import PackageDescription

let package = Package(
  name: "PixelOpsBenchmarks",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "pixman-peer", targets: ["PixmanPeer"])
  ],
  dependencies: [
    .package(name: "PixelOps", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // pixman, the peer for compositing kernels: Debian's libpixman-1-dev (Peers/setup.sh).
    .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
    .executableTarget(
      name: "PixmanPeer",
      dependencies: [
        "CPixman",
        .product(name: "PixelOps", package: "PixelOps"),
        .product(name: "PixelOpsBenchmarkSupport", package: "PixelOps"),
      ]
    ),
    .executableTarget(
      name: "KernelBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "PixelOps", package: "PixelOps"),
        .product(name: "PixelOpsBenchmarkSupport", package: "PixelOps"),
      ],
      path: "Benchmarks/KernelBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ]
)
