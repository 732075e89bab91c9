// C side of PixelOpsIO's TIFF codec: everything that must not be called from Swift.
//
// libtiff reports errors through varargs callbacks and reads tags through variadic
// TIFFGetField/TIFFSetField, neither of which Swift can call. This shim owns the TIFF*
// handle together with an error buffer that libtiff's per-handle handlers (libtiff >= 4.5)
// write into, so libtiff never prints to stderr; Swift sees only the opaque handle and
// plain functions with fixed argument types.
#ifndef PO_TIFF_H
#define PO_TIFF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open TIFF file (reading or writing) plus its captured error text.
typedef struct po_tiff po_tiff;

/// How opening ended. The handle is returned in every case except out-of-memory, so that
/// the caller can read the error text; it must be closed with po_tiff_close.
typedef enum {
  PO_TIFF_OPEN_OK = 0,
  /// A system call failed; the message is the system's error text.
  PO_TIFF_OPEN_SYSTEM_ERROR = 1,
  /// The file or buffer holds no bytes.
  PO_TIFF_OPEN_EMPTY = 3,
  /// libtiff refused the header or the first directory; the message is libtiff's.
  PO_TIFF_OPEN_LIBTIFF_ERROR = 4,
} po_tiff_open_status;

/// Opens a TIFF held in memory for reading. The bytes are copied. `max_single_alloc` bounds
/// every allocation libtiff makes for this handle (0: libtiff's default). Returns NULL only
/// when memory for the handle itself cannot be had.
po_tiff *po_tiff_open_memory(const void *bytes, size_t count, int64_t max_single_alloc,
                             po_tiff_open_status *status);

/// Opens the regular file open for reading on `descriptor` (`size` bytes; `name` is used in
/// libtiff's messages) without memory-mapping it. The shim reads through its own duplicate of
/// the descriptor: the caller still owns `descriptor` and closes it when it likes. Checking
/// that the descriptor is a regular file is the caller's job (a FIFO would block).
po_tiff *po_tiff_open_descriptor(int descriptor, const char *name, uint64_t size, int64_t max_single_alloc,
                                 po_tiff_open_status *status);

/// Creates (truncates) a TIFF file at `path` for writing; `big_tiff` selects BigTIFF.
/// po_tiff_finish flushes it to stable storage and closes it, reporting either's failure.
po_tiff *po_tiff_create_path(const char *path, int big_tiff, po_tiff_open_status *status);

/// Creates a TIFF in a growable memory buffer; read it with po_tiff_memory_bytes after
/// po_tiff_finish.
po_tiff *po_tiff_create_memory(int big_tiff, po_tiff_open_status *status);

/// Closes the libtiff handle (flushing a file being written), then frees everything.
void po_tiff_close(po_tiff *handle);

/// Closes the libtiff handle, flushing what is being written (a file: to stable storage, with
/// fsync and close on the descriptor it was written through), but keeps the memory buffer and
/// the error text. Returns 1 when no error was reported while closing.
int po_tiff_finish(po_tiff *handle);

/// The bytes written to a memory TIFF (valid until po_tiff_close).
const uint8_t *po_tiff_memory_bytes(const po_tiff *handle, size_t *count);

/// The last error libtiff (or this shim) reported on the handle, or NULL if none since the
/// last po_tiff_clear_error.
const char *po_tiff_last_error(const po_tiff *handle);

/// The part of po_tiff_last_error that is libtiff's message, without the module (often the
/// file's path) it names first.
const char *po_tiff_last_error_detail(const po_tiff *handle);

/// Forgets the captured error text.
void po_tiff_clear_error(po_tiff *handle);

/// Size of the file or buffer being read, in bytes.
uint64_t po_tiff_input_size(const po_tiff *handle);

// MARK: - Reading

/// Number of directories in the main IFD chain (libtiff stops at loops), or 0 on error.
uint32_t po_tiff_directory_count(po_tiff *handle);

/// Makes directory `index` (0-based, in chain order) current: nothing to do when it already
/// is, one TIFFReadDirectory when it is the next one, TIFFSetDirectory otherwise. Returns 1
/// on success.
int po_tiff_set_directory(po_tiff *handle, uint32_t index);

/// The fields of the current directory that decoding needs. Absent tags hold libtiff's
/// defaults; `has_*` say whether the tag was present.
typedef struct {
  uint32_t width;
  uint32_t height;
  uint16_t bits_per_sample;
  uint16_t samples_per_pixel;
  uint16_t sample_format;
  uint16_t photometric;
  int has_photometric;
  uint16_t planar_config;
  uint16_t compression;
  uint16_t orientation;
  uint16_t extra_sample_count;
  /// The first four ExtraSamples values (EXTRASAMPLE_*); the rest are ignored.
  uint16_t extra_samples[4];
  int is_tiled;
  uint32_t rows_per_strip;
  uint32_t tile_width;
  uint32_t tile_height;
  /// Strips or tiles in the directory, all planes together.
  uint32_t chunk_count;
  /// Bytes one decoded strip or tile occupies as libtiff computes it (0 on overflow).
  uint64_t chunk_size;
  /// Bytes the whole page's samples take stored uncompressed as libtiff computes them, YCbCr
  /// subsampling included (every row of every plane; 0 on overflow).
  uint64_t page_bytes;
  int has_colormap;
} po_tiff_page_fields;

/// Reads the current directory's fields. Returns 1 when width and height are present.
int po_tiff_read_page_fields(po_tiff *handle, po_tiff_page_fields *fields);

/// The current directory's ColorMap (each array holds 2^bits_per_sample entries). Returns 1
/// when present.
int po_tiff_colormap(po_tiff *handle, const uint16_t **red, const uint16_t **green,
                     const uint16_t **blue);

/// Asks libtiff's JPEG codec to convert YCbCr to RGB (TIFFTAG_JPEGCOLORMODE) for the
/// current directory, and recomputes the strip or tile size. Returns 1 on success.
int po_tiff_request_jpeg_rgb(po_tiff *handle, uint64_t *chunk_size);

/// Index of the strip holding `row` of `plane`.
uint32_t po_tiff_compute_strip(po_tiff *handle, uint32_t row, uint16_t plane);

/// Index of the tile holding pixel (`x`, `y`) of `plane`.
uint32_t po_tiff_compute_tile(po_tiff *handle, uint32_t x, uint32_t y, uint16_t plane);

/// Decodes strip `index` into `buffer` (at most `size` bytes). Returns the byte count or -1.
int64_t po_tiff_read_strip(po_tiff *handle, uint32_t index, void *buffer, int64_t size);

/// Decodes row `row` of plane `plane` into `buffer` (one scanline, TIFFScanlineSize bytes),
/// decoding the strip incrementally: rows read in order cost one pass over the strip, and
/// only the compressed strip and codec state are held, not the decoded strip. Not for
/// JPEG or tiled pages. Returns 1 on success.
int po_tiff_read_scanline(po_tiff *handle, uint32_t row, uint16_t plane, void *buffer);

/// Decodes tile `index` into `buffer` (at most `size` bytes). Returns the byte count or -1.
int64_t po_tiff_read_tile(po_tiff *handle, uint32_t index, void *buffer, int64_t size);

/// Whether libtiff's RGBA interface can read the current directory; its reason otherwise
/// becomes the error text.
int po_tiff_rgba_supported(po_tiff *handle);

/// Reads the current directory through libtiff's RGBA interface into `raster` (width *
/// height words, top row first, rows in stored order), as TIFFReadRGBAImageOriented does:
/// each word is R | G << 8 | B << 16 | A << 24, alpha associated. Returns 1 on success.
int po_tiff_read_rgba(po_tiff *handle, uint32_t width, uint32_t height, uint32_t *raster,
                      uint16_t orientation);

// MARK: - Writing

/// One page to write: the directory fields this codec sets.
typedef struct {
  uint32_t width;
  uint32_t height;
  uint16_t bits_per_sample;
  uint16_t samples_per_pixel;
  uint16_t photometric;
  /// EXTRASAMPLE_ASSOCALPHA or EXTRASAMPLE_UNASSALPHA for the last sample, or 0xFFFF for none.
  uint16_t alpha_sample;
  uint16_t compression;
  uint16_t predictor;
  /// 0-based page index and page count (PageNumber is written when count > 1; 0 when the
  /// document has more pages than its SHORT values hold).
  uint16_t page_index;
  uint16_t page_count;
  /// Non-zero for a page of a multi-page document (NewSubfileType = page), at any page count.
  uint16_t is_page;
  /// XResolution and YResolution, in pixels per inch (ResolutionUnit = inch): required fields
  /// of baseline TIFF.
  float pixels_per_inch;
} po_tiff_page_layout;

/// Sets the directory fields of the next page. Returns the rows per strip chosen (at least
/// 1), or 0 on failure.
uint32_t po_tiff_begin_page(po_tiff *handle, const po_tiff_page_layout *layout);

/// Compresses and writes strip `index`. libtiff may modify `data` (the horizontal
/// predictor works in place), so pass a scratch copy. Returns 1 on success.
int po_tiff_write_strip(po_tiff *handle, uint32_t index, void *data, int64_t size);

/// Finishes the current page (TIFFWriteDirectory). Returns 1 on success.
int po_tiff_end_page(po_tiff *handle);

#ifdef __cplusplus
}
#endif

#endif
