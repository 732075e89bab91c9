public import PixelOps

/// Xcode asset catalogs: the entries and slicing of an image set's `Contents.json`, and its
/// images as `ResizableImage`s.
///
/// ```swift
/// // Button.imageset/Contents.json and button@2x.png, sliced in Xcode
/// if let button = try AssetCatalog.resizableImage(imageSetAt: "Assets.xcassets/Button.imageset", scale: 2) {
///   // draw `button` at any size
/// }
/// ```
///
/// Sizes in `Contents.json` are in pixels of each entry's own file, so a 2x image's insets are
/// twice its 1x image's; they become `SliceAxis` values unchanged.
public enum AssetCatalog {
  /// The largest `Contents.json` read, 1 MiB; larger files are refused before they are decoded
  /// (Xcode writes a few kilobytes).
  public static let maximumContentsByteCount = 1 << 20

  /// The entries of a `Contents.json` held in memory, in the file's order.
  ///
  /// Keys not described on ``AssetCatalogImage`` and ``AssetCatalogSlicing`` are ignored, and
  /// so are missing ones: an absent `images` array is no entries, an absent cap inset 0, an
  /// absent centre size everything between the caps, an absent `center.mode` tile (Xcode's
  /// default).
  ///
  /// - Throws: ``AssetCatalogError/contentsTooLarge(byteCount:limit:)`` beyond
  ///   ``maximumContentsByteCount`` bytes; ``AssetCatalogError/malformedContents(detail:)`` for
  ///   input that is not a JSON object or a known key of the wrong type;
  ///   ``AssetCatalogError/invalidEntry(index:reason:)`` for an entry with an unknown or missing
  ///   resizing mode, an unknown centre mode, a scale that is not like `"2x"`, or a negative
  ///   inset or centre size.
  public static func parse(contentsJSON bytes: some Collection<UInt8>) throws(AssetCatalogError) -> [AssetCatalogImage] {
    let count = bytes.count
    guard count <= maximumContentsByteCount else {
      throw .contentsTooLarge(byteCount: count, limit: maximumContentsByteCount)
    }
    let file = try ContentsJSON.decode(Array(bytes))
    var images: [AssetCatalogImage] = []
    for (index, entry) in (file.images ?? []).enumerated() {
      do throws(AssetCatalogError) {
        images.append(try entry.image())
      } catch {
        throw .invalidEntry(index: index, reason: error)
      }
    }
    return images
  }

  /// The entries of the `Contents.json` in the image set folder at `directory`.
  ///
  /// The file's size is checked before it is read, and only regular files are read.
  ///
  /// - Throws: ``AssetCatalogError/unreadableFile(path:reason:)`` when `Contents.json` is
  ///   missing, unreadable or not a regular file, ``AssetCatalogError/contentsTooLarge(byteCount:limit:)``
  ///   without reading it when it is too large, and otherwise as ``parse(contentsJSON:)``.
  public static func images(inImageSetAt directory: String) throws(AssetCatalogError) -> [AssetCatalogImage] {
    try parse(contentsJSON: contentsBytes(at: path(of: "Contents.json", in: directory)))
  }

  /// The first entry of `images` for every device (`idiom` `universal`) at `scale`, for the
  /// default appearance (no `appearances`); `nil` when there is none.
  public static func universalImage(scale: Double, in images: [AssetCatalogImage]) -> AssetCatalogImage? {
    images.first { isDefaultUniversal($0, scale: scale) }
  }

  /// The image of the image set at `directory` for `scale`, cut as Xcode's slicing says, or `nil`
  /// when that image is not sliced (its entry names a file but has no `resizing`): the file is
  /// then not read; read it with `PNG.read(contentsOf:options:)` to draw it as a plain image.
  ///
  /// The entry is ``universalImage(scale:in:)``'s. Its PNG file is decoded to premultiplied
  /// RGBA8 with its ``AssetCatalogImage/scale`` as the buffer's `scale`, and the slicing is
  /// checked against the decoded size (``AssetCatalogSlicing/axes(imageSize:)``).
  ///
  /// - Parameters:
  ///   - directory: The `.imageset` folder, holding `Contents.json` and the image files.
  ///   - scale: Pixels per point of the entry to use (`2` for `"2x"`).
  ///   - limits: Limits the PNG decoder checks before allocating.
  /// - Returns: The entry's image and slicing, or `nil` when the entry is not sliced.
  /// - Throws: as ``images(inImageSetAt:)``; ``AssetCatalogError/noImage(scale:path:)`` when
  ///   `Contents.json` has no such entry; ``AssetCatalogError/missingFilename(scale:path:)`` or
  ///   ``AssetCatalogError/invalidFilename(_:path:)`` when the entry names no file or one outside
  ///   the folder; ``AssetCatalogError/unreadableFile(path:reason:)`` when the image file cannot
  ///   be read and ``AssetCatalogError/undecodableImage(path:_:)`` when it is not a PNG the
  ///   decoder accepts; the slicing's errors wrapped in ``AssetCatalogError/invalidEntry(index:reason:)``
  ///   when it does not fit the image.
  public static func resizableImage(
    imageSetAt directory: String, scale: Double, limits: DecodingLimits = .standard
  ) throws(AssetCatalogError) -> ResizableImage? {
    let contentsPath = path(of: "Contents.json", in: directory)
    let images = try parse(contentsJSON: contentsBytes(at: contentsPath))
    guard let index = images.firstIndex(where: { isDefaultUniversal($0, scale: scale) }) else {
      throw .noImage(scale: scale, path: contentsPath)
    }
    let entry = images[index]
    guard let filename = entry.filename else { throw .missingFilename(scale: scale, path: contentsPath) }
    guard isPlainFileName(filename) else { throw .invalidFilename(filename, path: contentsPath) }
    guard let slicing = entry.slicing else { return nil }

    var image = try decodePNG(at: path(of: filename, in: directory), limits: limits)
    let axes: (horizontal: SliceAxis, vertical: SliceAxis)
    do throws(AssetCatalogError) {
      axes = try slicing.axes(imageSize: image.size)
    } catch {
      throw .invalidEntry(index: index, reason: error)
    }
    do throws(PixelError) {
      try image.setScale(scale)
      return try ResizableImage(image, horizontal: axes.horizontal, vertical: axes.vertical)
    } catch {
      throw .pixels(error)
    }
  }

  /// The bytes of the `Contents.json` at `path`, refused unread when the file is larger than
  /// ``maximumContentsByteCount`` (one byte more than its size is asked for, so a file that grew
  /// since it was measured is refused too).
  private static func contentsBytes(at path: String) throws(AssetCatalogError) -> [UInt8] {
    let size: Int
    let bytes: [UInt8]
    do throws(ImageIOError) {
      let file = try ReadableFile(path: path)
      size = file.size
      bytes = size <= maximumContentsByteCount ? try file.bytes(count: size + 1, at: 0) : []
    } catch {
      throw fileError(error, path: path)
    }
    guard size <= maximumContentsByteCount, bytes.count <= maximumContentsByteCount else {
      throw .contentsTooLarge(byteCount: max(size, bytes.count), limit: maximumContentsByteCount)
    }
    return bytes
  }

  /// The PNG file at `path`, premultiplied RGBA8.
  private static func decodePNG(at path: String, limits: DecodingLimits) throws(AssetCatalogError) -> PixelBuffer {
    do {
      return try PNG.read(contentsOf: path, options: PNGDecodingOptions(format: .rgba8Premultiplied, limits: limits))
    } catch {
      throw fileError(error, path: path)
    }
  }

  /// An I/O error reading the file at `path` as an asset catalog error.
  private static func fileError(_ error: ImageIOError, path: String) -> AssetCatalogError {
    if case .unreadableFile(let path, let reason) = error { return .unreadableFile(path: path, reason: reason) }
    return .undecodableImage(path: path, error)
  }

  /// Whether `image` is for every device, at `scale`, in the default appearance.
  private static func isDefaultUniversal(_ image: AssetCatalogImage, scale: Double) -> Bool {
    image.idiom == "universal" && image.scale == scale && image.appearances.isEmpty
  }

  /// Whether `name` names a file directly inside a folder.
  private static func isPlainFileName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
  }

  /// The path of `name` inside `directory`.
  private static func path(of name: String, in directory: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
