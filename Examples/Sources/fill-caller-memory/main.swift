// Draws into memory the program owns (as a frame buffer, a Core Graphics bitmap context's
// data, an SDL surface or a video frame would be), through a MutablePixelView over it: no copy
// in or out.
//
//   fill-caller-memory [OUTPUT.png]
//
// Without arguments it writes the result to a temporary folder.
import ExampleSupport
import PixelOps
import PixelOpsIO

ExampleArguments.run {
  let arguments = ExampleArguments()
  guard arguments.values.count <= 1 else {
    ExampleArguments.fail("expected at most an output path", usage: "fill-caller-memory [OUTPUT.png]")
  }
  let outputPath = arguments.values.first ?? ExampleArguments.temporaryPath("caller-memory.png")

  // The caller's memory: 640x480 pixels, 4 bytes each, rows padded to 2,624 bytes (a stride
  // wider than the pixels, as many frame buffers have). Its pixel format:
  let callerFormat = PixelFormat.bgra8Premultiplied  // Core Graphics', Cairo's and most video frames' order; drawn natively
  let width = 640
  let height = 480
  let rowBytes = 2_624
  let memory = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * height, alignment: 64)
  defer { memory.deallocate() }
  memory.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * height)

  let view = try MutablePixelView(
    unsafeBaseAddress: memory, width: width, height: height, rowBytes: rowBytes, format: callerFormat)

  // A white background, a half-transparent blue panel, and a photo scaled into a rect with
  // fractional edges, composited at 80 % opacity in the same pass.
  try Compositor.fill(view.bounds, of: view, with: .white)
  try Compositor.fill(
    PixelRect(x: 40, y: 40, width: 300, height: 200), of: view,
    with: PremultipliedColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.5))
  let photo = try GeneratedImages.photo(width: 400, height: 300)
  try photo.withView { source in
    try Compositor.draw(
      source, in: FractionalPixelRect(x: 200.5, y: 150.25, width: 400, height: 300), onto: view, filter: .bicubic,
      options: CompositeOptions(opacity: 0.8))
  }

  // The pixels are in the caller's memory; read one back directly.
  let corner = memory.load(fromByteOffset: 0, as: UInt32.self)
  let centre = view.rowAddress(240).load(fromByteOffset: 320 * 4, as: UInt32.self)
  print(
    "fill-caller-memory: \(callerFormat) pixels at (0, 0): 0x\(String(corner, radix: 16)), (320, 240): 0x\(String(centre, radix: 16))"
  )

  // Written from the same memory, through a read-only view.
  try PNG.write(view.readOnly, to: outputPath)
  print("fill-caller-memory: \(width)x\(height), row bytes \(rowBytes) -> \(outputPath)")
}
