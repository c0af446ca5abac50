/*
 * tilekit — readers and writers of tile data.
 *
 * The native tile-set XML (docs/format.md, schema tilesets/tileset.rng) and JCloisterZone's tile
 * XML (root element <defs>) are read into the model. XML is parsed without external entities,
 * DTD loading or network access; oversized input is refused.
 *
 * Every reader reports problems into a caller-supplied struct tkit_diags, as
 * `file:line: error: [RULE] tile ID: message`, and runs tkit_set_validate() on what it read.
 *
 * Threads. This module keeps state between calls in two places, and only there: the RelaxNG
 * schemas of the native format and of scenes, compiled into one cache of the library on the first
 * call that validates (tkit_formats_cleanup() frees it), and libxml2's error handlers of the
 * calling thread, which every call that parses or validates replaces with its own while it runs
 * and restores before it returns (libxml2 keeps them per thread; a program's own handler does not
 * see libxml2's reports during the call, they go into the call's diagnostics). So call the
 * functions of this header that read, validate or write XML from one thread at a time (serialise
 * them, e.g. behind a mutex, when several threads read files), and tkit_formats_cleanup() only
 * when none is running. No other module of the library keeps state of its own between calls
 * (cairo, fontconfig and Pango keep their caches: render/tkit-render.h, tkit_render_cleanup);
 * its objects (a simulator, a database handle) serve one thread at a time each.
 */
#ifndef TKIT_FORMATS_H
#define TKIT_FORMATS_H

#include <stdio.h>

#include "model/tkit-model.h"
#include "model/tkit-art.h"
#include "model/tkit-scene.h"

enum tkit_format {
        TKIT_FORMAT_AUTO = 0, /* by root element: <tileset> native, <defs> JCloisterZone */
        TKIT_FORMAT_NATIVE,
        TKIT_FORMAT_JCZ,
};
/* "auto", "tilekit", "jcz"; parse returns -1 when unknown. */
const char *tkit_format_name(enum tkit_format f);
int tkit_format_parse(const char *s);

/* Largest input file accepted, in bytes. */
#define TKIT_MAX_INPUT_BYTES (16u * 1024u * 1024u)
/* Attributes (namespace declarations included) of one start tag, in every XML file read (tile
 * sets, JCloisterZone files, scenes): libxml2 2.9 compares each attribute with every earlier one,
 * so 100 000 on one element took 40 s and a 16 MiB file hours. No element of either format has
 * more than a dozen; a pre-scan of the bytes refuses a start tag with more (XML-LIMIT, or
 * SCENE-LIMIT for a scene) before libxml2 parses anything. */
#define TKIT_MAX_XML_ATTRIBUTES 256u

/* Reads `path` and appends the sets it defines to `out` (which keeps ownership). On any error
 * nothing is appended, unless out->recover is set (tilekit check): then the sets are appended
 * with the broken tiles marked (tkit_tile.broken, tkit_set.broken). Returns 0, TKIT_E_IO (cannot
 * read), TKIT_E_LIMIT (too large) or TKIT_E_INVALID (diagnostics say why). */
int tkit_read_file(const char *path, enum tkit_format fmt, struct tkit_setlist *out,
                   struct tkit_diags *d);
/* Reads every file (all of them, so that every error shows), then resolves JCloisterZone tile
 * references across them (tkit_jcz_link). Returns 0, or the worst error: TKIT_E_IO over any
 * other. On error `out` keeps the sets of the files that were read correctly. */
int tkit_read_files(const char *const *paths, size_t n, enum tkit_format fmt,
                    struct tkit_setlist *out, struct tkit_diags *d);
/* The same from an open stream (read to its end, at most TKIT_MAX_INPUT_BYTES; the caller closes
 * it); `name` is used as the file name in diagnostics. tkit_read_file() opens `path` as it is:
 * mapping "-" to stdin is the caller's business (the command line does it). */
int tkit_read_stream(FILE *f, const char *name, enum tkit_format fmt, struct tkit_setlist *out,
                     struct tkit_diags *d);
/* The same for a buffer; `name` is used as the file name in diagnostics. */
int tkit_read_memory(const char *data, size_t len, const char *name, enum tkit_format fmt,
                     struct tkit_setlist *out, struct tkit_diags *d);

/* Validates a native document against the RelaxNG schema compiled into the library (from
 * tilesets/tileset.rng). Returns 0 or TKIT_E_INVALID with diagnostics (rule "XML-SCHEMA"). */
int tkit_native_validate_memory(const char *data, size_t len, const char *name,
                                struct tkit_diags *d);

/* Canonical native XML of one set, appended to `out`: read → write → read gives the same model,
 * and writing the same model twice gives the same bytes. */
void tkit_native_write(const struct tkit_set *s, struct tkit_buf *out);
/* Writes to the file `path` (no special names: "-" is a file called "-"), in place. Returns 0 or
 * TKIT_E_IO. */
int tkit_native_write_file(const struct tkit_set *s, const char *path);

/* JCloisterZone's <defs> format, written (formats/jcz-write.c; docs/format.md, "JCloisterZone's
 * format, both ways"). All `n` sets go into one document appended to `out`: every tile once in
 * <tiles> (a tile several sets share, with the same definition, is written once), then one
 * <tile-set> per set with a <ref count=...> per tile. Tile ids of sets read from JCloisterZone
 * (source_format "jcz") are kept; others get JCloisterZone-style ids "PREFIX/TILE-ID" (PREFIX from
 * the set id: "base" -> "BA", "castles-bridges" -> "CB"). The output is canonical: the same sets
 * give the same bytes.
 * Whatever JCloisterZone cannot express (siege symbols, pieces, road ends, overpasses it would not
 * infer, names, provenance, manifests, ...) is reported into `d` as a warning with rule
 * TKIT_RULE_JCZ_LOSSY, one per tile, piece and set, naming what was left out: the writer reads
 * its output back with the JCloisterZone reader and compares, so nothing is dropped silently.
 * Returns the number of those warnings (>= 0), or TKIT_E_INVALID (two sets with one id, or the
 * output does not read back) or TKIT_E_LIMIT (over TKIT_JCZ_MAX_TILES distinct tiles, or a file
 * over TKIT_MAX_INPUT_BYTES: XML-LIMIT, as the reader says), with an
 * error in `d`; on error nothing is appended. */
#define TKIT_RULE_JCZ_LOSSY "JCZ-LOSSY"
#define TKIT_JCZ_MAX_TILES 1000 /* the JCloisterZone reader's limit per file */
int tkit_jcz_write(const struct tkit_set *const *sets, size_t n, struct tkit_buf *out,
                   struct tkit_diags *d);
/* The same into a stream; TKIT_E_IO when a write or the flush fails (nothing else is closed). */
int tkit_jcz_write_stream(const struct tkit_set *const *sets, size_t n, FILE *f,
                          struct tkit_diags *d);

/* Whether two sets say the same thing: every field of the model except lines, set->file and
 * set->source_format; a NULL string equals "". On a difference, *why (when `why` is not NULL)
 * receives a description of the first one, which the caller frees; otherwise NULL. */
bool tkit_set_equal(const struct tkit_set *a, const struct tkit_set *b, char **why);
/* The same, also comparing every line number, set->file and set->source_format: what a lossless
 * store (the database) must give back. */
bool tkit_set_equal_exact(const struct tkit_set *a, const struct tkit_set *b, char **why);

/* Frees what the readers keep between calls (the compiled schemas, built on first use: see
 * "Threads" above). Call once at exit so that leak checkers see nothing; reading again afterwards
 * works (the schemas are compiled again). */
void tkit_formats_cleanup(void);

/* JCloisterZone tile-sets may use tiles defined in another file (winter.xml uses basic.xml's);
 * the reader keeps such references as set markers "jcz-ref". After reading several files into
 * `l`, this copies each referenced tile from the JCZ set of `l` that defines it into the set
 * (line numbers: the ref's) and drops the marker. Returns the number of references still
 * unresolved (the checker reports them as JCZ-REF). Implemented in formats/jcz.c. */
int tkit_jcz_link(struct tkit_setlist *l);

/* ---------------------------------------------------------------- diagnostics */

/* Every finding of `d` as compiler-style lines (tkit_diag_format), or as one JSON array of
 * objects (severity, file, line, column when known, rule, set, tile, message) when `json`; then
 * one note per file
 * whose findings the sink did not all keep ("FILE: note: N more findings not shown ..."). Appended
 * to `out`. */
void tkit_diags_format(const struct tkit_diags *d, bool json, struct tkit_buf *out);
/* The same written to `out` and flushed. Returns 0, or TKIT_E_IO when a write or the flush
 * failed (errno says why). */
int tkit_diags_write(const struct tkit_diags *d, FILE *out, bool json);

/* ---------------------------------------------------------------- scenes (docs/scene.md) */

/* Limits of a scene document, each reported as SCENE-LIMIT when passed. They keep every check
 * of the reader O(n log n) and the numbers far from overflow. */
#define TKIT_SCENE_MAX_TILES 10000    /* <tile> and <piece> elements on the board */
#define TKIT_SCENE_MAX_FIGURES 10000  /* <figure> elements in <figures> */
#define TKIT_SCENE_MAX_BUILDINGS 1000 /* <castle> elements, and <barn> elements */
#define TKIT_SCENE_MAX_LIST 64        /* sets, options, languages per text, removals, callouts */
#define TKIT_SCENE_MAX_SPACES 32      /* tokens of a post's <row> and of its <stack> */
#define TKIT_SCENE_MAX_COORD TKIT_MAX_COORD /* |x| and |y|, as in the layout JSON */
#define TKIT_SCENE_MAX_POINTS 9999          /* |value| of <points>, value of <count> */

/* Reads a scene (strict: unknown elements and attributes, bad words and numbers, references to
 * players, castles or barns that are not there, duplicate ids, DOCTYPE, invalid UTF-8 are all
 * errors with `name` and the line, rules SCENE-*), then validates it against the embedded
 * RelaxNG schema (scenes/scene.rng). Only the document is checked: whether the tiles, features
 * and move fit the sets is game/'s job. Returns the scene (caller destroys; scene->file is
 * `name`) or NULL with every problem reported. */
struct tkit_scene *tkit_scene_read(const char *data, size_t len, const char *name,
                                   struct tkit_diags *d);
/* The same from a stream (`name` for diagnostics) or a file opened as named ("-" is no special
 * name: mapping it to stdin is the caller's business). On NULL, *err (may be NULL) says why:
 * TKIT_E_IO (cannot open or read), TKIT_E_LIMIT (larger than TKIT_MAX_INPUT_BYTES) or
 * TKIT_E_INVALID. */
struct tkit_scene *tkit_scene_read_stream(FILE *f, const char *name, struct tkit_diags *d,
                                          int *err);
struct tkit_scene *tkit_scene_read_file(const char *path, struct tkit_diags *d, int *err);

/* The canonical XML of a scene, appended to `out` (docs/scene.md, "Canonical form"): read →
 * write → read gives an equal scene, and writing it twice gives the same bytes. The scene must
 * hold what the reader could have read (valid ids, references within the arrays). */
void tkit_scene_write(const struct tkit_scene *s, struct tkit_buf *out);
/* The same, but only what the scene reader reads back: the document is made and read again, and
 * one the reader would refuse (more than TKIT_SCENE_MAX_TILES tiles, ...) is not appended; its
 * errors go to `d` under `name` with the reader's rule ids ("not written: ..."). Returns 0,
 * TKIT_E_LIMIT (a SCENE-LIMIT among them) or TKIT_E_INVALID. Every writer of scene files uses it,
 * so that no command writes a scene that `tilekit scene check` refuses. */
int tkit_scene_write_checked(const struct tkit_scene *s, const char *name, struct tkit_buf *out,
                             struct tkit_diags *d);
/* Writes the canonical XML, checked as above, to `f` and flushes it (`name` for messages), or to
 * the file `path`, opened as named once the document is made (replacing a file safely and "-" are
 * the command line's business: tools/output.c). Returns 0, an error of
 * tkit_scene_write_checked(), or TKIT_E_IO with `NAME: error: cannot write: REASON` in `d`. */
int tkit_scene_write_stream(const struct tkit_scene *s, FILE *f, const char *name,
                            struct tkit_diags *d);
int tkit_scene_write_file(const struct tkit_scene *s, const char *path, struct tkit_diags *d);

/* A new scene to fill in, appended to `out` (tilekit scene new): the XML of a valid scene with a
 * comment before each element saying what goes there. Its sets are `asked` and the sets they
 * require (looked up in `all`); its board holds a start tile (or the first land tile without
 * siege symbols), and its move places a tile of the set asked for last whose west side fits that
 * tile's east side; two players, no figure, no points expected. Returns 0, or TKIT_E_INVALID
 * (reported to `d`) when the sets have no such tiles. */
int tkit_scene_skeleton(struct tkit_set *const *all, size_t nall, struct tkit_set *const *asked,
                        size_t nasked, const char *id, struct tkit_buf *out, struct tkit_diags *d);

/* ---------------------------------------------------------------- art manifests */

/* Reads an art manifest (docs/render.md, "The publisher's art"): strict like the scene reader
 * (rules ART-XML, ART-DTD, ART-LIMIT, ART-UNKNOWN, ART-VALUE, ART-DUP for a set and tile given
 * twice, ART-SCHEMA), then validated against the embedded RelaxNG schema (formats/art.rng). The
 * images are not opened here. Returns the manifest (caller destroys; a->file is `name`) or NULL
 * with every problem reported; *err (may be NULL) as for tkit_scene_read_stream(). */
struct tkit_art *tkit_art_read(const char *data, size_t len, const char *name, struct tkit_diags *d,
                               int *err);
struct tkit_art *tkit_art_read_file(const char *path, struct tkit_diags *d, int *err);

/* Whether two scenes say the same thing: every field except lines, scene->file and the
 * capacities. On a difference, *why (when `why` is not NULL) describes the first one; the
 * caller frees it. */
bool tkit_scene_equal(const struct tkit_scene *a, const struct tkit_scene *b, char **why);

#endif
