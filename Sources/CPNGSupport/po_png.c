/*
 * libpng behind a setjmp wall: see po_png.h.
 *
 * Every exported function that calls libpng starts with PO_PNG_GUARD, which sets libpng's
 * jump point in that same function. The error callback records libpng's message and jumps
 * back there, so errors unwind only frames of this file. Warnings are swallowed: libpng never
 * prints. Memory goes through malloc/free wrappers that remember the size of a failed request.
 */

#include "po_png.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

#define PO_PNG_MESSAGE_CAPACITY 256
/* Bytes a descriptor reader pulls from its file per read(2). */
#define PO_PNG_READ_BUFFER_BYTES (64 * 1024)

/* State shared by readers and writers; the first member of both, so callbacks can find it. */
typedef struct po_png_state {
  png_structp png;
  png_infop info;
  /* The status of the first failure; later calls repeat it without touching libpng. */
  po_png_status failure;
  size_t failed_allocation;
  int hit_end_of_input;
  /* A reader's read(2) failed: the message is the system's error text. */
  int hit_read_error;
  char message[PO_PNG_MESSAGE_CAPACITY];
  /* The last warning of the current call: libpng often warns with the detail, then fails. */
  char warning[PO_PNG_MESSAGE_CAPACITY];
} po_png_state;

struct po_png_reader {
  po_png_state state;
  /* Memory input (descriptor < 0): the caller's bytes. */
  const unsigned char *data;
  size_t size;
  size_t offset;
  /* File input (descriptor >= 0): a bounded buffer refilled by read(2); `data`, `size` and
   * `offset` then describe what the buffer holds and how much of it libpng has taken. */
  int descriptor;
  unsigned char *buffer;
  int started;
  int passes;
  int handles_interlace;
  uint32_t height;
};

struct po_png_writer {
  po_png_state state;
  unsigned char *output;
  size_t output_size;
  size_t output_capacity;
  int started;
};

/* ------------------------------------------------------------------------------------------
 * Callbacks
 * ---------------------------------------------------------------------------------------- */

static void po_png_copy_text(char *destination, const char *text) {
  strncpy(destination, text == NULL ? "" : text, PO_PNG_MESSAGE_CAPACITY - 1);
  destination[PO_PNG_MESSAGE_CAPACITY - 1] = '\0';
}

/* The error message, followed by the warning that came just before it in the same call. */
static void po_png_set_message(po_png_state *state, const char *message) {
  if (message == NULL || message[0] == '\0') message = "unknown libpng error";
  if (state->warning[0] != '\0' && strcmp(state->warning, message) != 0) {
    snprintf(state->message, PO_PNG_MESSAGE_CAPACITY, "%s (%s)", message, state->warning);
  } else {
    po_png_copy_text(state->message, message);
  }
}

static void po_png_error(png_structp png, png_const_charp message) {
  po_png_state *state = (po_png_state *)png_get_error_ptr(png);
  if (state != NULL) po_png_set_message(state, message);
  /* Never returns: back to the setjmp of the exported function that called libpng. */
  png_longjmp(png, 1);
}

static void po_png_warning(png_structp png, png_const_charp message) {
  /* Benign problems (extra compressed data, bad ancillary CRCs...) are not reported; the
   * last one is kept to explain an error that may follow. */
  po_png_state *state = (po_png_state *)png_get_error_ptr(png);
  if (state != NULL) po_png_copy_text(state->warning, message);
}

static png_voidp po_png_malloc(png_structp png, png_alloc_size_t size) {
  void *memory = malloc(size == 0 ? 1 : size);
  if (memory == NULL) {
    po_png_state *state = (po_png_state *)png_get_mem_ptr(png);
    if (state != NULL) state->failed_allocation = size;
  }
  return memory;
}

static void po_png_free(png_structp png, png_voidp memory) {
  (void)png;
  free(memory);
}

static void po_png_read_from_memory(png_structp png, png_bytep out, size_t length) {
  po_png_reader *reader = (po_png_reader *)png_get_io_ptr(png);
  if (length > reader->size - reader->offset) {
    reader->state.hit_end_of_input = 1;
    png_error(png, "unexpected end of file");
  }
  memcpy(out, reader->data + reader->offset, length);
  reader->offset += length;
}

/* Hands libpng `length` bytes from the file, refilling the bounded buffer as often as needed:
 * however long a chunk claims to be, no more than PO_PNG_READ_BUFFER_BYTES are held. */
static void po_png_read_from_descriptor(png_structp png, png_bytep out, size_t length) {
  po_png_reader *reader = (po_png_reader *)png_get_io_ptr(png);
  while (length > 0) {
    if (reader->offset == reader->size) {
      ssize_t count;
      do {
        count = read(reader->descriptor, reader->buffer, PO_PNG_READ_BUFFER_BYTES);
      } while (count < 0 && errno == EINTR);
      if (count < 0) {
        reader->state.hit_read_error = 1;
        png_error(png, strerror(errno));
      }
      if (count == 0) {
        reader->state.hit_end_of_input = 1;
        png_error(png, "unexpected end of file");
      }
      reader->data = reader->buffer;
      reader->size = (size_t)count;
      reader->offset = 0;
    }
    size_t available = reader->size - reader->offset;
    size_t taken = length < available ? length : available;
    memcpy(out, reader->data + reader->offset, taken);
    reader->offset += taken;
    out += taken;
    length -= taken;
  }
}

static void po_png_write_to_memory(png_structp png, png_bytep bytes, size_t length) {
  po_png_writer *writer = (po_png_writer *)png_get_io_ptr(png);
  if (length > writer->output_capacity - writer->output_size) {
    size_t needed = writer->output_size + length;
    if (needed < writer->output_size) png_error(png, "output too large for memory");
    size_t capacity = writer->output_capacity < 4096 ? 4096 : writer->output_capacity;
    while (capacity < needed) {
      size_t doubled = capacity * 2;
      capacity = doubled > capacity ? doubled : needed;
    }
    unsigned char *grown = (unsigned char *)realloc(writer->output, capacity);
    if (grown == NULL) {
      writer->state.failed_allocation = capacity;
      png_error(png, "out of memory for the encoded image");
    }
    writer->output = grown;
    writer->output_capacity = capacity;
  }
  memcpy(writer->output + writer->output_size, bytes, length);
  writer->output_size += length;
}

static void po_png_flush(png_structp png) { (void)png; }

/* ------------------------------------------------------------------------------------------
 * Guard
 * ---------------------------------------------------------------------------------------- */

/* The status for a failure that just jumped back: where it came from decides the category. */
static po_png_status po_png_classify_failure(po_png_state *state) {
  if (state->hit_end_of_input) return PO_PNG_TRUNCATED;
  if (state->hit_read_error) return PO_PNG_READ_FAILED;
  if (state->failed_allocation != 0 && strstr(state->message, "emory") != NULL) {
    return PO_PNG_OUT_OF_MEMORY;
  }
  return PO_PNG_CORRUPT;
}

static po_png_status po_png_fail(po_png_state *state, po_png_status status, const char *message) {
  if (state->failure == PO_PNG_OK) {
    state->failure = status;
    if (message != NULL) po_png_set_message(state, message);
  }
  return state->failure;
}

/* Refuses calls after a failure, then sets libpng's jump point in the calling function. */
#define PO_PNG_GUARD(state)                                                       \
  do {                                                                            \
    if ((state)->failure != PO_PNG_OK) return (state)->failure;                   \
    (state)->warning[0] = '\0';                                                   \
    if ((state)->png == NULL) {                                                   \
      return po_png_fail((state), PO_PNG_OUT_OF_MEMORY, "libpng could not start"); \
    }                                                                             \
    if (setjmp(png_jmpbuf((state)->png))) {                                       \
      return po_png_fail((state), po_png_classify_failure(state), NULL);          \
    }                                                                             \
  } while (0)

static int po_png_host_is_little_endian(void) {
  const uint16_t probe = 1;
  unsigned char first;
  memcpy(&first, &probe, 1);
  return first == 1;
}

/* ------------------------------------------------------------------------------------------
 * Reading
 * ---------------------------------------------------------------------------------------- */

/* A reader with libpng's structures and no input yet. */
static po_png_reader *po_png_reader_allocate(void) {
  po_png_reader *reader = (po_png_reader *)calloc(1, sizeof(po_png_reader));
  if (reader == NULL) return NULL;
  reader->descriptor = -1;
  po_png_state *state = &reader->state;
  state->png = png_create_read_struct_2(
      PNG_LIBPNG_VER_STRING, state, po_png_error, po_png_warning, state, po_png_malloc,
      po_png_free);
  if (state->png != NULL) {
    state->info = png_create_info_struct(state->png);
    if (state->info == NULL) png_destroy_read_struct(&state->png, NULL, NULL);
  }
  return reader;
}

po_png_reader *po_png_reader_create(const void *data, size_t size) {
  po_png_reader *reader = po_png_reader_allocate();
  if (reader == NULL) return NULL;
  reader->data = (const unsigned char *)data;
  reader->size = size;
  return reader;
}

po_png_reader *po_png_reader_create_descriptor(int descriptor) {
  if (descriptor < 0) return NULL;
  po_png_reader *reader = po_png_reader_allocate();
  if (reader == NULL) return NULL;
  reader->buffer = (unsigned char *)malloc(PO_PNG_READ_BUFFER_BYTES);
  if (reader->buffer == NULL) {
    po_png_reader_destroy(reader);
    return NULL;
  }
  reader->descriptor = descriptor;
  reader->data = reader->buffer;
  return reader;
}

/* Ancillary chunks skipped unread: nothing in them changes the stored samples. */
static const png_byte po_png_ignored_chunks[] = {
    'b', 'K', 'G', 'D', '\0', 'c', 'H', 'R', 'M', '\0', 'c', 'I', 'C', 'P', '\0',
    'e', 'X', 'I', 'f', '\0', 'h', 'I', 'S', 'T', '\0', 'i', 'C', 'C', 'P', '\0',
    'i', 'T', 'X', 't', '\0', 'o', 'F', 'F', 's', '\0', 'p', 'C', 'A', 'L', '\0',
    'p', 'H', 'Y', 's', '\0', 's', 'B', 'I', 'T', '\0', 's', 'C', 'A', 'L', '\0',
    's', 'P', 'L', 'T', '\0', 's', 'T', 'E', 'R', '\0', 't', 'E', 'X', 't', '\0',
    't', 'I', 'M', 'E', '\0', 'z', 'T', 'X', 't', '\0'};

static const png_byte po_png_gamma_chunks[] = {'g', 'A', 'M', 'A', '\0', 's', 'R', 'G', 'B', '\0'};

po_png_status po_png_reader_read_header(
    po_png_reader *reader, const po_png_read_limits *limits, int keep_gamma, po_png_header *header) {
  if (reader == NULL || limits == NULL || header == NULL) return PO_PNG_MISUSE;
  po_png_state *state = &reader->state;
  PO_PNG_GUARD(state);
  png_structp png = state->png;
  png_infop info = state->info;

  png_set_read_fn(
      png, reader, reader->descriptor >= 0 ? po_png_read_from_descriptor : po_png_read_from_memory);
  png_set_benign_errors(png, 1);
  /* Size limits are the caller's (checked after this returns, before any pixel memory). */
  png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
  if (limits->max_chunk_bytes != 0) png_set_chunk_malloc_max(png, limits->max_chunk_bytes);
  if (limits->max_cached_chunks != 0) png_set_chunk_cache_max(png, limits->max_cached_chunks);
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
  png_set_keep_unknown_chunks(
      png, PNG_HANDLE_CHUNK_NEVER, po_png_ignored_chunks, (int)(sizeof po_png_ignored_chunks / 5));
  if (!keep_gamma) {
    png_set_keep_unknown_chunks(
        png, PNG_HANDLE_CHUNK_NEVER, po_png_gamma_chunks, (int)(sizeof po_png_gamma_chunks / 5));
  }

  png_read_info(png, info);

  png_uint_32 width = 0, height = 0;
  int bit_depth = 0, color_type = 0, interlace = 0;
  png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
  header->width = width;
  header->height = height;
  header->bit_depth = bit_depth;
  header->color_type = color_type;
  header->interlaced = interlace != PNG_INTERLACE_NONE;
  header->has_transparency = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
  reader->height = height;
  return PO_PNG_OK;
}

po_png_status po_png_reader_start(
    po_png_reader *reader, int sixteen_bit, double display_exponent, int handle_interlace,
    size_t *row_bytes) {
  if (reader == NULL || row_bytes == NULL || reader->started) return PO_PNG_MISUSE;
  po_png_state *state = &reader->state;
  PO_PNG_GUARD(state);
  png_structp png = state->png;
  png_infop info = state->info;

  int bit_depth = png_get_bit_depth(png, info);
  int color_type = png_get_color_type(png, info);
  int has_transparency = png_get_valid(png, info, PNG_INFO_tRNS) != 0;

  png_set_expand(png); /* palette -> RGB, 1/2/4-bit gray -> 8-bit, tRNS -> alpha */
  if (sixteen_bit && bit_depth < 16) {
    png_set_expand_16(png); /* then 8 -> 16 bits by v * 257 */
    bit_depth = 16;
  }
  if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
  if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_transparency) {
    png_set_add_alpha(png, 0xffff, PNG_FILLER_AFTER);
  }
  if (bit_depth == 16 && po_png_host_is_little_endian()) png_set_swap(png);
  if (display_exponent > 0) {
    png_fixed_point file_gamma = 0;
    if (!png_get_gAMA_fixed(png, info, &file_gamma) || file_gamma <= 0) {
      file_gamma = 45455; /* 1/2.2, the sRGB approximation */
    }
    png_set_gamma_fixed(png, (png_fixed_point)(display_exponent * PNG_FP_1 + 0.5), file_gamma);
  }
  reader->handles_interlace = handle_interlace != 0;
  reader->passes = handle_interlace ? png_set_interlace_handling(png) : 1;
  png_read_update_info(png, info);

  int expected_depth = bit_depth == 16 ? 16 : 8;
  if (png_get_channels(png, info) != 4 || png_get_bit_depth(png, info) != expected_depth) {
    return po_png_fail(state, PO_PNG_MISUSE, "libpng did not produce four channels");
  }
  *row_bytes = png_get_rowbytes(png, info);
  reader->started = 1;
  return PO_PNG_OK;
}

po_png_status po_png_reader_read_image(po_png_reader *reader, void *first_row, size_t row_stride) {
  if (reader == NULL || first_row == NULL || !reader->started || !reader->handles_interlace) {
    return PO_PNG_MISUSE;
  }
  po_png_state *state = &reader->state;
  PO_PNG_GUARD(state);
  unsigned char *rows = (unsigned char *)first_row;
  for (int pass = 0; pass < reader->passes; pass++) {
    for (uint32_t y = 0; y < reader->height; y++) {
      png_read_row(state->png, rows + (size_t)y * row_stride, NULL);
    }
  }
  return PO_PNG_OK;
}

po_png_status po_png_reader_read_rows(
    po_png_reader *reader, void *first_row, size_t row_stride, uint32_t count) {
  if (reader == NULL || first_row == NULL || !reader->started ||
      (reader->handles_interlace && reader->passes != 1)) {
    return PO_PNG_MISUSE;
  }
  po_png_state *state = &reader->state;
  PO_PNG_GUARD(state);
  unsigned char *rows = (unsigned char *)first_row;
  for (uint32_t y = 0; y < count; y++) {
    png_read_row(state->png, rows + (size_t)y * row_stride, NULL);
  }
  return PO_PNG_OK;
}

po_png_status po_png_reader_finish(po_png_reader *reader) {
  if (reader == NULL || !reader->started) return PO_PNG_MISUSE;
  po_png_state *state = &reader->state;
  PO_PNG_GUARD(state);
  png_read_end(state->png, NULL);
  return PO_PNG_OK;
}

const char *po_png_reader_error_message(const po_png_reader *reader) {
  return reader == NULL ? "" : reader->state.message;
}

size_t po_png_reader_failed_allocation_size(const po_png_reader *reader) {
  return reader == NULL ? 0 : reader->state.failed_allocation;
}

void po_png_reader_destroy(po_png_reader *reader) {
  if (reader == NULL) return;
  if (reader->state.png != NULL) {
    png_destroy_read_struct(&reader->state.png, &reader->state.info, NULL);
  }
  free(reader->buffer);
  free(reader);
}

/* ------------------------------------------------------------------------------------------
 * Writing
 * ---------------------------------------------------------------------------------------- */

po_png_writer *po_png_writer_create(void) {
  po_png_writer *writer = (po_png_writer *)calloc(1, sizeof(po_png_writer));
  if (writer == NULL) return NULL;
  po_png_state *state = &writer->state;
  state->png = png_create_write_struct_2(
      PNG_LIBPNG_VER_STRING, state, po_png_error, po_png_warning, state, po_png_malloc,
      po_png_free);
  if (state->png != NULL) {
    state->info = png_create_info_struct(state->png);
    if (state->info == NULL) png_destroy_write_struct(&state->png, NULL);
  }
  return writer;
}

po_png_status po_png_writer_start(po_png_writer *writer, const po_png_write_config *config) {
  if (writer == NULL || config == NULL || writer->started) return PO_PNG_MISUSE;
  po_png_state *state = &writer->state;
  if (config->compression_level < 0 || config->compression_level > 9 ||
      (config->bit_depth != 8 && config->bit_depth != 16)) {
    return po_png_fail(state, PO_PNG_MISUSE, "invalid write configuration");
  }
  PO_PNG_GUARD(state);
  png_structp png = state->png;
  png_infop info = state->info;

  png_set_write_fn(png, writer, po_png_write_to_memory, po_png_flush);
  png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
  png_set_IHDR(
      png, info, config->width, config->height, config->bit_depth, config->color_type,
      PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (config->pixels_per_metre != 0) {
    png_set_pHYs(png, info, config->pixels_per_metre, config->pixels_per_metre, PNG_RESOLUTION_METER);
  }
  png_set_compression_level(png, config->compression_level);
  if (config->compression_level == 0) {
    /* Stored blocks gain nothing from filtering; skip the work. */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  }
  png_write_info(png, info);
  if (config->input_has_filler) png_set_filler(png, 0, PNG_FILLER_AFTER);
  if (config->bit_depth == 16 && po_png_host_is_little_endian()) png_set_swap(png);
  writer->started = 1;
  return PO_PNG_OK;
}

po_png_status po_png_writer_write_rows(
    po_png_writer *writer, const void *first_row, size_t row_stride, uint32_t count) {
  if (writer == NULL || first_row == NULL || !writer->started) return PO_PNG_MISUSE;
  po_png_state *state = &writer->state;
  PO_PNG_GUARD(state);
  const unsigned char *rows = (const unsigned char *)first_row;
  for (uint32_t y = 0; y < count; y++) {
    png_write_row(state->png, rows + (size_t)y * row_stride);
  }
  return PO_PNG_OK;
}

po_png_status po_png_writer_finish(po_png_writer *writer) {
  if (writer == NULL || !writer->started) return PO_PNG_MISUSE;
  po_png_state *state = &writer->state;
  PO_PNG_GUARD(state);
  png_write_end(state->png, NULL);
  return PO_PNG_OK;
}

const uint8_t *po_png_writer_output(const po_png_writer *writer, size_t *size) {
  if (writer == NULL) {
    if (size != NULL) *size = 0;
    return NULL;
  }
  if (size != NULL) *size = writer->output_size;
  return writer->output;
}

const char *po_png_writer_error_message(const po_png_writer *writer) {
  return writer == NULL ? "" : writer->state.message;
}

size_t po_png_writer_failed_allocation_size(const po_png_writer *writer) {
  return writer == NULL ? 0 : writer->state.failed_allocation;
}

void po_png_writer_destroy(po_png_writer *writer) {
  if (writer == NULL) return;
  if (writer->state.png != NULL) {
    png_destroy_write_struct(&writer->state.png, &writer->state.info);
  }
  free(writer->output);
  free(writer);
}
