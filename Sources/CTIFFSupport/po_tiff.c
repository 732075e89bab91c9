#include "po_tiff.h"

#include <tiffio.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

enum { PO_TIFF_MESSAGE_CAPACITY = 1024 };

/// Rows per strip are chosen so that one uncompressed strip is about this many bytes.
enum { PO_TIFF_STRIP_TARGET_BYTES = 64 * 1024 };

struct po_tiff {
  TIFF *tif;
  /// Memory input or output (NULL for files that libtiff reads or writes itself).
  uint8_t *bytes;
  size_t count;
  size_t capacity;
  size_t position;
  int is_memory;
  int is_writable;
  /// The file being written, opened before libtiff's duplicate of it (-1 for none): flushed
  /// and closed by po_tiff_finish, so that errors the system reports only at fsync or close
  /// (write-back after a full disk or quota) reach the caller.
  int written_file;
  /// Size of the input being read, in bytes.
  uint64_t input_size;
  /// Index of the directory libtiff holds, or -1 when unknown (after a failed change).
  int64_t current_directory;
  int has_error;
  char error[PO_TIFF_MESSAGE_CAPACITY];
  /// Where libtiff's own message starts in `error`, after the "module: " prefix (often the
  /// file's path, which must not decide how the error is classified).
  size_t error_detail;
};

// MARK: - Messages

static void po_tiff_set_error(po_tiff *handle, const char *message) {
  snprintf(handle->error, sizeof handle->error, "%s", message);
  handle->error_detail = 0;
  handle->has_error = 1;
}

/// Whether libtiff's `message` reports a failed write to the file ("Write error at scanline",
/// "Error writing TIFF header", ...): libtiff says so without the system's reason.
static int po_tiff_is_write_failure(const char *message) {
  return strstr(message, "Write error") != NULL || strstr(message, "rror writing") != NULL ||
         strstr(message, "write error") != NULL;
}

static int po_tiff_error_handler(TIFF *tif, void *user_data, const char *module, const char *format,
                                 va_list arguments) {
  (void)tif;
  int system_error = errno;  // what a failed write() left, before anything here changes it
  po_tiff *handle = user_data;
  if (handle == NULL) return 1;
  char message[PO_TIFF_MESSAGE_CAPACITY];
  vsnprintf(message, sizeof message, format, arguments);
  // A write to the file that failed: add the system's reason (a full disk, a quota, an I/O
  // error). The writing entry points clear errno first, so it is this write's.
  if (handle->written_file >= 0 && system_error != 0 && po_tiff_is_write_failure(message)) {
    size_t length = strlen(message);
    snprintf(message + length, sizeof message - length, " (%s)", strerror(system_error));
  }
  if (module != NULL && module[0] != '\0') {
    int prefix = snprintf(handle->error, sizeof handle->error, "%s: %s", module, message);
    size_t detail = strlen(module) + 2;
    handle->error_detail = prefix > 0 && detail < strlen(handle->error) ? detail : 0;
  } else {
    snprintf(handle->error, sizeof handle->error, "%s", message);
    handle->error_detail = 0;
  }
  handle->has_error = 1;
  return 1;  // handled: libtiff must not call its global (stderr) handlers
}

static int po_tiff_warning_handler(TIFF *tif, void *user_data, const char *module, const char *format,
                                   va_list arguments) {
  (void)tif;
  (void)user_data;
  (void)module;
  (void)format;
  (void)arguments;
  return 1;  // warnings are dropped
}

static pthread_once_t po_tiff_global_handlers_once = PTHREAD_ONCE_INIT;

/// libtiff's default handlers print to stderr. Every handle gets its own handlers, but a
/// few code paths in libtiff still report through the global ones, so those are silenced
/// once for the whole process.
static void po_tiff_silence_global_handlers(void) {
  TIFFSetErrorHandler(NULL);
  TIFFSetWarningHandler(NULL);
}

static TIFFOpenOptions *po_tiff_make_options(po_tiff *handle, int64_t max_single_alloc) {
  pthread_once(&po_tiff_global_handlers_once, po_tiff_silence_global_handlers);
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  if (options == NULL) return NULL;
  TIFFOpenOptionsSetErrorHandlerExtR(options, po_tiff_error_handler, handle);
  TIFFOpenOptionsSetWarningHandlerExtR(options, po_tiff_warning_handler, handle);
  if (max_single_alloc > 0) TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)max_single_alloc);
  return options;
}

static po_tiff *po_tiff_allocate(void) {
  po_tiff *handle = calloc(1, sizeof(po_tiff));
  if (handle != NULL) {
    handle->current_directory = 0;  // opening reads the first directory
    handle->written_file = -1;
  }
  return handle;
}

// MARK: - Memory I/O

static tmsize_t po_tiff_memory_read(thandle_t context, void *buffer, tmsize_t size) {
  po_tiff *handle = context;
  if (size <= 0 || handle->position >= handle->count) return 0;
  size_t available = handle->count - handle->position;
  size_t length = (size_t)size < available ? (size_t)size : available;
  memcpy(buffer, handle->bytes + handle->position, length);
  handle->position += length;
  return (tmsize_t)length;
}

static int po_tiff_memory_reserve(po_tiff *handle, size_t needed) {
  if (needed <= handle->capacity) return 1;
  size_t capacity = handle->capacity < 4096 ? 4096 : handle->capacity;
  while (capacity < needed) {
    if (capacity > SIZE_MAX / 2) return 0;
    capacity *= 2;
  }
  uint8_t *grown = realloc(handle->bytes, capacity);
  if (grown == NULL) return 0;
  handle->bytes = grown;
  handle->capacity = capacity;
  return 1;
}

static tmsize_t po_tiff_memory_write(thandle_t context, void *buffer, tmsize_t size) {
  po_tiff *handle = context;
  if (!handle->is_writable || size < 0) return -1;
  if (size == 0) return 0;
  if ((size_t)size > SIZE_MAX - handle->position) return -1;
  size_t end = handle->position + (size_t)size;
  if (!po_tiff_memory_reserve(handle, end)) return -1;
  if (handle->position > handle->count) {
    memset(handle->bytes + handle->count, 0, handle->position - handle->count);
  }
  memcpy(handle->bytes + handle->position, buffer, (size_t)size);
  handle->position = end;
  if (end > handle->count) handle->count = end;
  return size;
}

static toff_t po_tiff_memory_seek(thandle_t context, toff_t offset, int whence) {
  po_tiff *handle = context;
  // `offset` is unsigned, but SEEK_CUR and SEEK_END may move backwards (two's complement).
  int64_t target;
  switch (whence) {
    case SEEK_SET:
      if (offset > (toff_t)INT64_MAX) return (toff_t)-1;
      target = (int64_t)offset;
      break;
    case SEEK_CUR:
      if (__builtin_add_overflow((int64_t)handle->position, (int64_t)offset, &target)) return (toff_t)-1;
      break;
    case SEEK_END:
      if (__builtin_add_overflow((int64_t)handle->count, (int64_t)offset, &target)) return (toff_t)-1;
      break;
    default:
      return (toff_t)-1;
  }
  if (target < 0 || (uint64_t)target > (uint64_t)(SIZE_MAX / 2)) return (toff_t)-1;
  handle->position = (size_t)target;
  return (toff_t)target;
}

static int po_tiff_memory_close(thandle_t context) {
  (void)context;  // the buffer belongs to the handle, freed by po_tiff_close
  return 0;
}

static toff_t po_tiff_memory_size(thandle_t context) {
  po_tiff *handle = context;
  return handle->count;
}

static int po_tiff_memory_map(thandle_t context, void **base, toff_t *size) {
  po_tiff *handle = context;
  if (handle->is_writable) return 0;
  *base = handle->bytes;
  *size = handle->count;
  return 1;
}

static void po_tiff_memory_unmap(thandle_t context, void *base, toff_t size) {
  (void)context;
  (void)base;
  (void)size;
}

// MARK: - Opening and closing

po_tiff *po_tiff_open_memory(const void *bytes, size_t count, int64_t max_single_alloc,
                             po_tiff_open_status *status) {
  po_tiff *handle = po_tiff_allocate();
  if (handle == NULL) return NULL;
  handle->is_memory = 1;
  handle->input_size = count;
  if (count == 0) {
    po_tiff_set_error(handle, "the input is empty");
    *status = PO_TIFF_OPEN_EMPTY;
    return handle;
  }
  handle->bytes = malloc(count);
  if (handle->bytes == NULL) {
    free(handle);
    return NULL;
  }
  memcpy(handle->bytes, bytes, count);
  handle->count = count;
  handle->capacity = count;
  TIFFOpenOptions *options = po_tiff_make_options(handle, max_single_alloc);
  if (options == NULL) {
    po_tiff_close(handle);
    return NULL;
  }
  handle->tif = TIFFClientOpenExt("<memory>", "r", handle, po_tiff_memory_read, po_tiff_memory_write,
                                  po_tiff_memory_seek, po_tiff_memory_close, po_tiff_memory_size,
                                  po_tiff_memory_map, po_tiff_memory_unmap, options);
  TIFFOpenOptionsFree(options);
  if (handle->tif == NULL) {
    if (!handle->has_error) po_tiff_set_error(handle, "libtiff could not open the data");
    *status = PO_TIFF_OPEN_LIBTIFF_ERROR;
    return handle;
  }
  *status = PO_TIFF_OPEN_OK;
  return handle;
}

po_tiff *po_tiff_open_descriptor(int descriptor, const char *name, uint64_t size, int64_t max_single_alloc,
                                 po_tiff_open_status *status) {
  po_tiff *handle = po_tiff_allocate();
  if (handle == NULL) return NULL;
  handle->input_size = size;
  if (size == 0) {
    po_tiff_set_error(handle, "the file is empty");
    *status = PO_TIFF_OPEN_EMPTY;
    return handle;
  }
  // libtiff closes the descriptor it is given; the caller keeps (and closes) its own.
  int own = fcntl(descriptor, F_DUPFD_CLOEXEC, 0);
  if (own < 0) {
    po_tiff_set_error(handle, strerror(errno));
    *status = PO_TIFF_OPEN_SYSTEM_ERROR;
    return handle;
  }
  TIFFOpenOptions *options = po_tiff_make_options(handle, max_single_alloc);
  if (options == NULL) {
    close(own);
    free(handle);
    return NULL;
  }
  // "m": read with read(2), not mmap(2), so a file truncated under us gives an error, not SIGBUS.
  handle->tif = TIFFFdOpenExt(own, name, "rm", options);
  TIFFOpenOptionsFree(options);
  if (handle->tif == NULL) {
    close(own);  // libtiff closes the descriptor only once the handle exists
    if (!handle->has_error) po_tiff_set_error(handle, "libtiff could not open the file");
    *status = PO_TIFF_OPEN_LIBTIFF_ERROR;
    return handle;
  }
  *status = PO_TIFF_OPEN_OK;
  return handle;
}

po_tiff *po_tiff_create_path(const char *path, int big_tiff, po_tiff_open_status *status) {
  po_tiff *handle = po_tiff_allocate();
  if (handle == NULL) return NULL;
  handle->is_writable = 1;
  // Our own descriptor (close-on-exec, which libtiff's open does not set) for fsync and close,
  // and a duplicate for libtiff, which closes it in TIFFClose without reporting close's result.
  int file = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (file < 0) {
    po_tiff_set_error(handle, strerror(errno));
    *status = PO_TIFF_OPEN_LIBTIFF_ERROR;
    return handle;
  }
  handle->written_file = file;
  int duplicate = fcntl(file, F_DUPFD_CLOEXEC, 0);
  TIFFOpenOptions *options = duplicate < 0 ? NULL : po_tiff_make_options(handle, 0);
  if (options == NULL) {
    if (duplicate >= 0) close(duplicate);
    po_tiff_set_error(handle, duplicate < 0 ? strerror(errno) : "out of memory");
    *status = PO_TIFF_OPEN_LIBTIFF_ERROR;
    return handle;
  }
  errno = 0;
  handle->tif = TIFFFdOpenExt(duplicate, path, big_tiff ? "w8" : "w", options);
  TIFFOpenOptionsFree(options);
  if (handle->tif == NULL) {
    close(duplicate);  // libtiff closes the descriptor only once the handle exists
    if (!handle->has_error) po_tiff_set_error(handle, "libtiff could not create the file");
    *status = PO_TIFF_OPEN_LIBTIFF_ERROR;
    return handle;
  }
  *status = PO_TIFF_OPEN_OK;
  return handle;
}

/// fsync (when `sync`) and close of the written file, keeping the first error.
static void po_tiff_close_written_file(po_tiff *handle, int sync) {
  if (handle->written_file < 0) return;
  char message[PO_TIFF_MESSAGE_CAPACITY];
  if (sync && fsync(handle->written_file) != 0 && !handle->has_error) {
    snprintf(message, sizeof message, "fsync failed: %s", strerror(errno));
    po_tiff_set_error(handle, message);
  }
  if (close(handle->written_file) != 0 && sync && !handle->has_error) {
    snprintf(message, sizeof message, "close failed: %s", strerror(errno));
    po_tiff_set_error(handle, message);
  }
  handle->written_file = -1;
}

po_tiff *po_tiff_create_memory(int big_tiff, po_tiff_open_status *status) {
  po_tiff *handle = po_tiff_allocate();
  if (handle == NULL) return NULL;
  handle->is_memory = 1;
  handle->is_writable = 1;
  TIFFOpenOptions *options = po_tiff_make_options(handle, 0);
  if (options == NULL) {
    free(handle);
    return NULL;
  }
  handle->tif = TIFFClientOpenExt("<memory>", big_tiff ? "w8" : "w", handle, po_tiff_memory_read,
                                  po_tiff_memory_write, po_tiff_memory_seek, po_tiff_memory_close,
                                  po_tiff_memory_size, po_tiff_memory_map, po_tiff_memory_unmap, options);
  TIFFOpenOptionsFree(options);
  if (handle->tif == NULL) {
    if (!handle->has_error) po_tiff_set_error(handle, "libtiff could not start a TIFF in memory");
    *status = PO_TIFF_OPEN_LIBTIFF_ERROR;
    return handle;
  }
  *status = PO_TIFF_OPEN_OK;
  return handle;
}

int po_tiff_finish(po_tiff *handle) {
  errno = 0;
  if (handle->tif != NULL) {
    TIFFClose(handle->tif);
    handle->tif = NULL;
  }
  po_tiff_close_written_file(handle, 1);
  return !handle->has_error;
}

void po_tiff_close(po_tiff *handle) {
  if (handle == NULL) return;
  if (handle->tif != NULL) TIFFClose(handle->tif);
  po_tiff_close_written_file(handle, 0);
  free(handle->bytes);
  free(handle);
}

const uint8_t *po_tiff_memory_bytes(const po_tiff *handle, size_t *count) {
  *count = handle->count;
  return handle->bytes;
}

const char *po_tiff_last_error(const po_tiff *handle) { return handle->has_error ? handle->error : NULL; }

const char *po_tiff_last_error_detail(const po_tiff *handle) {
  return handle->has_error ? handle->error + handle->error_detail : NULL;
}

void po_tiff_clear_error(po_tiff *handle) {
  handle->has_error = 0;
  handle->error[0] = '\0';
}

uint64_t po_tiff_input_size(const po_tiff *handle) { return handle->input_size; }

// MARK: - Reading

uint32_t po_tiff_directory_count(po_tiff *handle) {
  if (handle->tif == NULL) return 0;
  return (uint32_t)TIFFNumberOfDirectories(handle->tif);
}

int po_tiff_set_directory(po_tiff *handle, uint32_t index) {
  if (handle->tif == NULL) return 0;
  if (handle->current_directory == (int64_t)index) return 1;
  int ok;
  if (handle->current_directory >= 0 && handle->current_directory + 1 == (int64_t)index) {
    // TIFFSetDirectory walks the chain from the first IFD on every call (libtiff 4.5), which
    // makes reading all pages in order quadratic; the next page is one TIFFReadDirectory away.
    ok = TIFFReadDirectory(handle->tif);
  } else {
    ok = TIFFSetDirectory(handle->tif, (tdir_t)index);
  }
  handle->current_directory = ok ? (int64_t)index : -1;
  return ok;
}

int po_tiff_read_page_fields(po_tiff *handle, po_tiff_page_fields *fields) {
  memset(fields, 0, sizeof *fields);
  TIFF *tif = handle->tif;
  if (tif == NULL) return 0;
  int has_size = TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &fields->width) &&
                 TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &fields->height);
  TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &fields->bits_per_sample);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &fields->samples_per_pixel);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &fields->sample_format);
  fields->has_photometric = TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &fields->photometric);
  TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &fields->planar_config);
  TIFFGetFieldDefaulted(tif, TIFFTAG_COMPRESSION, &fields->compression);
  TIFFGetFieldDefaulted(tif, TIFFTAG_ORIENTATION, &fields->orientation);
  uint16_t extra_count = 0;
  uint16_t *extra_values = NULL;
  if (TIFFGetFieldDefaulted(tif, TIFFTAG_EXTRASAMPLES, &extra_count, &extra_values) && extra_values != NULL) {
    fields->extra_sample_count = extra_count;
    for (uint16_t index = 0; index < extra_count && index < 4; index++) {
      fields->extra_samples[index] = extra_values[index];
    }
  }
  fields->is_tiled = TIFFIsTiled(tif);
  if (fields->is_tiled) {
    TIFFGetField(tif, TIFFTAG_TILEWIDTH, &fields->tile_width);
    TIFFGetField(tif, TIFFTAG_TILELENGTH, &fields->tile_height);
    fields->chunk_count = TIFFNumberOfTiles(tif);
    fields->chunk_size = TIFFTileSize64(tif);
  } else {
    TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &fields->rows_per_strip);
    fields->chunk_count = TIFFNumberOfStrips(tif);
    fields->chunk_size = TIFFStripSize64(tif);
  }
  uint64_t plane_bytes = has_size ? TIFFVStripSize64(tif, fields->height) : 0;
  uint64_t planes = fields->planar_config == PLANARCONFIG_SEPARATE ? fields->samples_per_pixel : 1;
  fields->page_bytes = planes != 0 && plane_bytes <= UINT64_MAX / planes ? plane_bytes * planes : 0;
  uint16_t *red = NULL, *green = NULL, *blue = NULL;
  fields->has_colormap = TIFFGetField(tif, TIFFTAG_COLORMAP, &red, &green, &blue) && red && green && blue;
  return has_size;
}

int po_tiff_colormap(po_tiff *handle, const uint16_t **red, const uint16_t **green, const uint16_t **blue) {
  if (handle->tif == NULL) return 0;
  uint16_t *r = NULL, *g = NULL, *b = NULL;
  if (!TIFFGetField(handle->tif, TIFFTAG_COLORMAP, &r, &g, &b) || !r || !g || !b) return 0;
  *red = r;
  *green = g;
  *blue = b;
  return 1;
}

int po_tiff_request_jpeg_rgb(po_tiff *handle, uint64_t *chunk_size) {
  TIFF *tif = handle->tif;
  if (tif == NULL) return 0;
  if (!TIFFSetField(tif, TIFFTAG_JPEGCOLORMODE, JPEGCOLORMODE_RGB)) return 0;
  *chunk_size = TIFFIsTiled(tif) ? TIFFTileSize64(tif) : TIFFStripSize64(tif);
  return 1;
}

uint32_t po_tiff_compute_strip(po_tiff *handle, uint32_t row, uint16_t plane) {
  return TIFFComputeStrip(handle->tif, row, plane);
}

uint32_t po_tiff_compute_tile(po_tiff *handle, uint32_t x, uint32_t y, uint16_t plane) {
  return TIFFComputeTile(handle->tif, x, y, 0, plane);
}

int64_t po_tiff_read_strip(po_tiff *handle, uint32_t index, void *buffer, int64_t size) {
  if (handle->tif == NULL) return -1;
  return (int64_t)TIFFReadEncodedStrip(handle->tif, index, buffer, (tmsize_t)size);
}

int po_tiff_read_scanline(po_tiff *handle, uint32_t row, uint16_t plane, void *buffer) {
  if (handle->tif == NULL) return 0;
  return TIFFReadScanline(handle->tif, buffer, row, plane) == 1;
}

int64_t po_tiff_read_tile(po_tiff *handle, uint32_t index, void *buffer, int64_t size) {
  if (handle->tif == NULL) return -1;
  return (int64_t)TIFFReadEncodedTile(handle->tif, index, buffer, (tmsize_t)size);
}

int po_tiff_rgba_supported(po_tiff *handle) {
  if (handle->tif == NULL) return 0;
  char reason[1024] = {0};
  if (TIFFRGBAImageOK(handle->tif, reason)) {
    // OK accepts layouts the reader then has no routine for (16-bit CMYK: "Sorry, can not handle
    // image"): setting the reader up picks that routine, so a page it cannot draw is refused
    // here, before its raster is allocated.
    TIFFRGBAImage image;
    if (TIFFRGBAImageBegin(&image, handle->tif, 0, reason)) {
      TIFFRGBAImageEnd(&image);
      return 1;
    }
  }
  po_tiff_set_error(handle, reason[0] ? reason : "libtiff's RGBA interface cannot read this image");
  return 0;
}

int po_tiff_read_rgba(po_tiff *handle, uint32_t width, uint32_t height, uint32_t *raster,
                      uint16_t orientation) {
  if (handle->tif == NULL) return 0;
  // Requesting the file's own orientation makes libtiff keep the rows as stored.
  return TIFFReadRGBAImageOriented(handle->tif, width, height, raster, orientation, 1);
}

// MARK: - Writing

uint32_t po_tiff_begin_page(po_tiff *handle, const po_tiff_page_layout *layout) {
  TIFF *tif = handle->tif;
  if (tif == NULL) return 0;
  int ok = TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, (uint32_t)layout->width) &&
           TIFFSetField(tif, TIFFTAG_IMAGELENGTH, (uint32_t)layout->height) &&
           TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, (int)layout->bits_per_sample) &&
           TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, (int)layout->samples_per_pixel) &&
           TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, (int)layout->photometric) &&
           TIFFSetField(tif, TIFFTAG_PLANARCONFIG, (int)PLANARCONFIG_CONTIG) &&
           TIFFSetField(tif, TIFFTAG_ORIENTATION, (int)ORIENTATION_TOPLEFT) &&
           TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, (int)SAMPLEFORMAT_UINT) &&
           TIFFSetField(tif, TIFFTAG_COMPRESSION, (int)layout->compression) &&
           TIFFSetField(tif, TIFFTAG_XRESOLUTION, (double)layout->pixels_per_inch) &&
           TIFFSetField(tif, TIFFTAG_YRESOLUTION, (double)layout->pixels_per_inch) &&
           TIFFSetField(tif, TIFFTAG_RESOLUTIONUNIT, (int)RESUNIT_INCH);
  if (ok && layout->predictor > 1) ok = TIFFSetField(tif, TIFFTAG_PREDICTOR, (int)layout->predictor);
  if (ok && layout->alpha_sample != 0xFFFF) {
    uint16_t extra = layout->alpha_sample;
    ok = TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, 1, &extra);
  }
  if (ok && layout->is_page) ok = TIFFSetField(tif, TIFFTAG_SUBFILETYPE, (uint32_t)FILETYPE_PAGE);
  if (ok && layout->page_count > 1) {
    ok = TIFFSetField(tif, TIFFTAG_PAGENUMBER, (int)layout->page_index, (int)layout->page_count);
  }
  if (!ok) return 0;
  uint64_t scanline = TIFFScanlineSize64(tif);
  if (scanline == 0) return 0;
  uint64_t rows = PO_TIFF_STRIP_TARGET_BYTES / scanline;
  if (rows < 1) rows = 1;
  if (rows > layout->height) rows = layout->height;
  if (!TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, (uint32_t)rows)) return 0;
  return (uint32_t)rows;
}

int po_tiff_write_strip(po_tiff *handle, uint32_t index, void *data, int64_t size) {
  if (handle->tif == NULL) return 0;
  errno = 0;
  return TIFFWriteEncodedStrip(handle->tif, index, data, (tmsize_t)size) == (tmsize_t)size;
}

int po_tiff_end_page(po_tiff *handle) {
  if (handle->tif == NULL) return 0;
  errno = 0;
  return TIFFWriteDirectory(handle->tif);
}

