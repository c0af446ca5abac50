/* An event of the engine as JSON (`tilekit score --json`, docs/scoring.md): its structure, no
 * words of any language. */
#include "game/tkit-game.h"

static const char *player_id(const struct tkit_scene *s, int p)
{
        return p >= 0 && (size_t)p < s->nplayers ? s->players[p].id : "-";
}

/* The counts of an event that apply (non-zero), as a JSON object, named by the model's table. */
static void json_counts(struct tkit_buf *b, const struct tkit_game_counts *n)
{
        size_t nc;
        const struct tkit_game_count_info *c = tkit_game_count_table(&nc);
        tkit_buf_puts(b, "{");
        bool first = true;
        for (size_t i = 0; i < nc; i++) {
                int v = tkit_game_count_value(n, i);
                if (v) {
                        tkit_buf_printf(b, "%s\"%s\": %d", first ? "" : ", ", c[i].name, v);
                        first = false;
                }
        }
        tkit_buf_puts(b, "}");
}

static void json_flags(struct tkit_buf *b, const struct tkit_game_event *e)
{
        const struct {
                const char *name;
                bool on;
        } f[] = {{"inn", e->inn},     {"cathedral", e->cathedral}, {"besieged", e->besieged},
                 {"pig", e->pig},     {"at-end", e->at_end},       {"nobody", e->nobody},
                 {"stack", e->stack}, {"any-tile", e->any_tile}};
        tkit_buf_puts(b, "[");
        bool first = true;
        for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
                if (f[i].on) {
                        tkit_buf_printf(b, "%s\"%s\"", first ? "" : ", ", f[i].name);
                        first = false;
                }
        tkit_buf_puts(b, "]");
}

static void json_word(struct tkit_buf *b, const char *key, const char *v)
{
        tkit_buf_printf(b, ", \"%s\": ", key);
        if (v && *v)
                tkit_json_string(b, v);
        else
                tkit_buf_puts(b, "null");
}

void tkit_game_event_json(struct tkit_buf *b, const struct tkit_scene *s,
                          const struct tkit_game_event *e)
{
        static const char *const builds[] = {NULL, "bridge", "castle", "barn"};
        static const char *const ats[] = {"feature", "castle", "barn"};
        bool fig =
            e->kind == TKIT_EV_RETURN || e->kind == TKIT_EV_REMOVE || e->kind == TKIT_EV_CONVERT;
        tkit_buf_printf(b, "{\"phase\": \"%s\", \"kind\": \"%s\"", tkit_game_phase_name(e->phase),
                        tkit_game_event_kind_name(e->kind));
        json_word(b, "rule", tkit_game_rule_id(e->rule));
        json_word(b, "player", e->player >= 0 ? player_id(s, e->player) : NULL);
        tkit_buf_printf(b, ", \"points\": %d, \"line\": %d", e->points, e->line);
        json_word(b, "feature",
                  (unsigned)e->feature_kind < TKIT_FEATURE_KIND_COUNT
                      ? tkit_feature_kind_name(e->feature_kind)
                      : NULL);
        json_word(b, "post", e->post >= 0 ? tkit_post_name((enum tkit_post)e->post) : NULL);
        tkit_buf_printf(b, ", \"figure\": %d", e->figure);
        if (e->kind == TKIT_EV_ADVANCE) /* which siege symbol of the tile drawn */
                tkit_buf_printf(b, ", \"symbol\": %d", e->symbol);
        json_word(b, "figure_kind", fig ? tkit_figure_kind_name(e->figure_kind) : NULL);
        json_word(b, "at", fig && (unsigned)e->at < 3 ? ats[e->at] : NULL);
        json_word(b, "build", (unsigned)e->build < 4 ? builds[e->build] : NULL);
        json_word(b, "reason", e->reason ? tkit_refusal_name(e->reason) : NULL);
        json_word(b, "count", tkit_count_word(e->count));
        tkit_buf_puts(b, ", \"counts\": ");
        json_counts(b, &e->n);
        tkit_buf_puts(b, ", \"flags\": ");
        json_flags(b, e);
        tkit_buf_puts(b, ", \"places\": [");
        for (size_t k = 0; k < e->nplaces; k++)
                tkit_buf_printf(b, "%s[%d, %d]", k ? ", " : "", e->places[k].x, e->places[k].y);
        tkit_buf_puts(b, "]");
        if (e->kind == TKIT_EV_CHOICE) { /* the figures the player chooses among */
                tkit_buf_puts(b, ", \"choices\": [");
                for (size_t k = 0; k < e->nchoices; k++)
                        tkit_buf_printf(b, "%s%d", k ? ", " : "", e->choices[k]);
                tkit_buf_puts(b, "]");
        }
        tkit_buf_puts(b, "}");
}
