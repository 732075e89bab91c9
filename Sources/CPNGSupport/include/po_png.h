#ifndef PO_PNG_H
#define PO_PNG_H

/*
 * A thin C layer over libpng for PixelOpsIO.
 *
 * libpng reports errors by longjmp. Every function below that calls into libpng sets its own
 * setjmp point first, so a libpng error unwinds only C frames of this file and comes back as a
 * status code plus a message; it never crosses a Swift frame, never prints and never aborts.
 * After any status other than PO_PNG_OK the reader or writer is finished: only the message
 * functions and destroy may be called.
 *
 * libpng's own types stay out of this header, so Swift sees only plain C types.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What a call ended with. */
typedef enum po_png_status {
  /** Success. */
  PO_PNG_OK = 0,
  /** libpng refused the data (bad CRC, invalid field, broken zlib stream...): see the message. */
  PO_PNG_CORRUPT = 1,
  /** The input ended before libpng had what it needed. */
  PO_PNG_TRUNCATED = 2,
  /** An allocation failed: see po_png_*_failed_allocation_size. */
  PO_PNG_OUT_OF_MEMORY = 3,
  /** The functions were called out of order or with invalid arguments (a bug in the caller). */
  PO_PNG_MISUSE = 4,
  /** Reading the file failed (read(2) returned an error): the message is the system's text. */
  PO_PNG_READ_FAILED = 5
} po_png_status;

/* ---------------------------------------------------------------------------------------------
 * Reading
 * ------------------------------------------------------------------------------------------- */

/** A reader decoding a PNG held in memory or read from a file descriptor. */
typedef struct po_png_reader po_png_reader;

/** Limits that keep hostile ancillary chunks from allocating without bound. */
typedef struct po_png_read_limits {
  /** Largest buffer libpng may allocate for one ancillary chunk (0: libpng's default). */
  size_t max_chunk_bytes;
  /** Largest number of ancillary chunks libpng keeps (0: libpng's default). */
  uint32_t max_cached_chunks;
} po_png_read_limits;

/** The image header (IHDR) and whether the file has a tRNS chunk. */
typedef struct po_png_header {
  uint32_t width;
  uint32_t height;
  /** 1, 2, 4, 8 or 16. */
  int bit_depth;
  /** 0 gray, 2 RGB, 3 palette, 4 gray + alpha, 6 RGBA. */
  int color_type;
  /** Non-zero for Adam7 interlacing. */
  int interlaced;
  /** Non-zero when a valid tRNS chunk was read (palette alpha or a colour key). */
  int has_transparency;
} po_png_header;

/**
 * A reader over `size` bytes at `data`, which must stay valid and unchanged until
 * po_png_reader_destroy. Returns NULL only when memory for the reader itself is not available.
 * Nothing is read yet.
 */
po_png_reader *po_png_reader_create(const void *data, size_t size);

/**
 * A reader pulling the PNG from `descriptor` with read(2), from its current position, through
 * a 64 KiB buffer: the file is never held whole, whatever its size or its chunks claim. The
 * descriptor must stay open until po_png_reader_destroy, which does not close it. It should
 * name a regular file (a FIFO or a terminal would block). Returns NULL for a negative
 * descriptor or when memory for the reader is not available.
 */
po_png_reader *po_png_reader_create_descriptor(int descriptor);

/**
 * Checks the signature and reads every chunk up to the image data. When `keep_gamma` is zero,
 * gAMA and sRGB are skipped unread, as are all other ancillary chunks except tRNS. The header
 * is filled on success.
 */
po_png_status po_png_reader_read_header(
    po_png_reader *reader, const po_png_read_limits *limits, int keep_gamma, po_png_header *header);

/**
 * Sets up the output: every pixel becomes four straight-alpha channels R, G, B, A, 8 bits for
 * files of depth 1 to 8 (low depths scaled by v * 255 / (2^depth - 1)) and 16 bits, in the
 * machine's byte order, for 16-bit files, or for every file when `sixteen_bit` is non-zero
 * (8-bit samples scaled by 257). Palettes are expanded, tRNS becomes alpha (colour keys compared
 * at the file's depth), gray is copied to R, G and B, and files without alpha get alpha at the
 * maximum. When `display_exponent` is positive, gamma is corrected for a display of that
 * exponent (the file's gamma, or 1/2.2 when it has none); otherwise samples are kept as stored.
 * `row_bytes` receives the bytes of one output row of the whole image.
 *
 * With `handle_interlace` non-zero, libpng merges the Adam7 passes of an interlaced image into
 * full rows (po_png_reader_read_image). With zero, the rows of an interlaced image are
 * delivered as stored: pass by pass, each pass a reduced image whose empty passes are
 * skipped (po_png_reader_read_rows); non-interlaced images are unaffected.
 */
po_png_status po_png_reader_start(
    po_png_reader *reader, int sixteen_bit, double display_exponent, int handle_interlace,
    size_t *row_bytes);

/**
 * Decodes the whole image, interlaced or not, into `height` rows starting at `first_row`,
 * `row_stride` bytes apart. Each row must hold the `row_bytes` given by po_png_reader_start.
 * Only after po_png_reader_start with `handle_interlace`.
 */
po_png_status po_png_reader_read_image(po_png_reader *reader, void *first_row, size_t row_stride);

/**
 * Decodes the next `count` rows into rows starting at `first_row`, `row_stride` bytes apart:
 * rows of a non-interlaced image, or, after po_png_reader_start without `handle_interlace`,
 * rows of the current pass of an interlaced one (each as wide as its pass).
 */
po_png_status po_png_reader_read_rows(
    po_png_reader *reader, void *first_row, size_t row_stride, uint32_t count);

/** Reads the rest of the file up to IEND, checking every CRC on the way. */
po_png_status po_png_reader_finish(po_png_reader *reader);

/** libpng's message for the last failure (empty when there was none). Owned by the reader. */
const char *po_png_reader_error_message(const po_png_reader *reader);

/** The size of the allocation that failed with PO_PNG_OUT_OF_MEMORY (0 if none). */
size_t po_png_reader_failed_allocation_size(const po_png_reader *reader);

/** Frees the reader and everything libpng allocated for it. Accepts NULL. */
void po_png_reader_destroy(po_png_reader *reader);

/* ---------------------------------------------------------------------------------------------
 * Writing
 * ------------------------------------------------------------------------------------------- */

/** A writer encoding a PNG into a growing memory buffer. */
typedef struct po_png_writer po_png_writer;

/** What to write and how the rows handed to the writer are laid out. */
typedef struct po_png_write_config {
  uint32_t width;
  uint32_t height;
  /** 0 gray, 2 RGB, 4 gray + alpha, 6 RGBA. */
  int color_type;
  /** 8 or 16; 16-bit input samples are in the machine's byte order. */
  int bit_depth;
  /**
   * Non-zero when input pixels carry a fourth channel that is not written (RGB from RGBA
   * rows): the writer drops it.
   */
  int input_has_filler;
  /** zlib level, 0 (none) to 9 (smallest). */
  int compression_level;
  /** Resolution written as a pHYs chunk, in pixels per metre on both axes; 0 writes none. */
  uint32_t pixels_per_metre;
} po_png_write_config;

/** A writer with an empty output buffer. Returns NULL only when memory is not available. */
po_png_writer *po_png_writer_create(void);

/** Writes the signature and header chunks for `config`. */
po_png_status po_png_writer_start(po_png_writer *writer, const po_png_write_config *config);

/** Compresses the next `count` rows, starting at `first_row`, `row_stride` bytes apart. */
po_png_status po_png_writer_write_rows(
    po_png_writer *writer, const void *first_row, size_t row_stride, uint32_t count);

/** Finishes the image data and writes IEND. */
po_png_status po_png_writer_finish(po_png_writer *writer);

/** The encoded bytes so far; valid until the writer is destroyed. */
const uint8_t *po_png_writer_output(const po_png_writer *writer, size_t *size);

/** libpng's message for the last failure (empty when there was none). Owned by the writer. */
const char *po_png_writer_error_message(const po_png_writer *writer);

/** The size of the allocation that failed with PO_PNG_OUT_OF_MEMORY (0 if none). */
size_t po_png_writer_failed_allocation_size(const po_png_writer *writer);

/** Frees the writer, its output buffer and libpng's state. Accepts NULL. */
void po_png_writer_destroy(po_png_writer *writer);

#ifdef __cplusplus
}
#endif

#endif /* PO_PNG_H */
