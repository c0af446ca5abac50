/* The scene reader's state and its small readers, shared by formats/scene-read.c (the scene) and
 * formats/scene-move.c (its <move>). */
#ifndef TKIT_FORMATS_SCENE_READ_PRIVATE_H
#define TKIT_FORMATS_SCENE_READ_PRIVATE_H

#include "formats/formats-private.h"

struct key;

#define R_XML tkit_scene_rule_id(TKIT_SCR_XML)
#define R_DTD tkit_scene_rule_id(TKIT_SCR_DTD)
#define R_LIMIT tkit_scene_rule_id(TKIT_SCR_LIMIT)
#define R_UNKNOWN tkit_scene_rule_id(TKIT_SCR_UNKNOWN)
#define R_VALUE tkit_scene_rule_id(TKIT_SCR_VALUE)
#define R_REF tkit_scene_rule_id(TKIT_SCR_REF)
#define R_DUP tkit_scene_rule_id(TKIT_SCR_DUP)
#define R_PLACE tkit_scene_rule_id(TKIT_SCR_PLACE)
#define R_SCHEMA tkit_scene_rule_id(TKIT_SCR_SCHEMA)

struct srd {
        struct tkit_xr x;
        struct tkit_scene *s;
        /* castles and barns by id, for references (built when the board is read) */
        struct key *castles, *barns;
        size_t ncastles, nbarns;
        const char *limits[16]; /* the lists whose limit was reported (once each) */
        size_t nlimits;
};

/* formats/scene-read.c */
int tkit_sr_building_ref(struct srd *r, const xmlNode *n, const char *attr, bool castle);
char *tkit_sr_dup_id(struct srd *r, const xmlNode *n, const char *attr);
bool tkit_sr_get_bool(struct srd *r, const xmlNode *n, const char *attr);
bool tkit_sr_get_cell(struct srd *r, const xmlNode *n, int *x, int *y);
int tkit_sr_get_kind(struct srd *r, const xmlNode *n);
int tkit_sr_get_player(struct srd *r, const xmlNode *n, const char *attr);
int tkit_sr_get_post(struct srd *r, const xmlNode *n, const char *attr);
void tkit_sr_no_children(struct srd *r, const xmlNode *n);
void tkit_sr_read_figure_at(struct srd *r, const xmlNode *n, bool removal);
void tkit_sr_read_on_feature(struct srd *r, const xmlNode *n, struct tkit_scene_figure *f);
bool tkit_sr_read_tile_attrs(struct srd *r, const xmlNode *n, struct tkit_scene_tile *t,
                             bool bridge);
bool tkit_sr_room(struct srd *r, const xmlNode *c, size_t n, size_t max, const char *what);

/* formats/scene-move.c: <move> */
void tkit_sr_read_move(struct srd *r, const xmlNode *n);

#endif
