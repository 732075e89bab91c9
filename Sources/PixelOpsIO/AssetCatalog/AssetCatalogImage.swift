/// One entry of the `images` array of an image set's `Contents.json`: a slot for one idiom,
/// scale and appearance, the file that fills it and its slicing.
///
/// Only the keys below are read; others (`subtype`, `compression-type`, …) are ignored.
public struct AssetCatalogImage: Sendable, Hashable {
  /// One of an entry's `appearances`, such as `{ "appearance" : "luminosity", "value" : "dark" }`.
  public struct Appearance: Sendable, Hashable {
    /// What the appearance varies (`appearance`: `luminosity`, `contrast`).
    public var name: String
    /// The variant (`value`: `light`, `dark`, `high`).
    public var value: String

    /// An appearance with the given name and value.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The image file's name inside the image set's folder (`filename`), or `nil` for an empty slot.
  public var filename: String?
  /// Pixels per point (`scale`: `"2x"` is 2), or `nil` when the entry has none (a single-scale
  /// or vector image).
  public var scale: Double?
  /// The device family (`idiom`: `universal`, `iphone`, `ipad`, `mac`, …), or `nil` when absent.
  public var idiom: String?
  /// The appearances the entry is for; empty for the default ("Any") appearance.
  public var appearances: [Appearance]
  /// The slicing (`resizing`), or `nil` when the image is not resizable.
  public var slicing: AssetCatalogSlicing?

  /// An entry with the given values.
  public init(
    filename: String? = nil, scale: Double? = nil, idiom: String? = nil, appearances: [Appearance] = [],
    slicing: AssetCatalogSlicing? = nil
  ) {
    self.filename = filename
    self.scale = scale
    self.idiom = idiom
    self.appearances = appearances
    self.slicing = slicing
  }
}
