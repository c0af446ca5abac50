/* `tilekit completion bash|zsh`: prints a shell completion script made from the command table
 * (tools/cli.c: the commands, their subcommands and getopt tables) and the ids of the bundled
 * tile sets. meson builds both scripts with it and installs them (tools/meson.build). */
#include "cli.h"
#include "options.h"
#include "progress.h"

#include <glob.h>
#include <stdlib.h>
#include <string.h>

void tkit_help_completion(FILE *out)
{
        fprintf(out,
                "Usage: tilekit completion bash|zsh\n"
                "\n"
                "Prints the completion of tilekit for bash or zsh: the commands, their\n"
                "subcommands and options, the ids of the sets (those of the database, asked\n"
                "from 'tilekit list sets --ids' as you type, and the bundled ones) after --set\n"
                "and --sets, and file names elsewhere. 'meson install' installs both; by hand:\n"
                "  tilekit completion bash > ~/.local/share/bash-completion/completions/tilekit\n"
                "  tilekit completion zsh > ~/.zfunc/_tilekit  (with fpath+=(~/.zfunc))\n"
                "\n"
                "  -h, --help         this help\n");
}

const struct cli_opt tkit_opts_completion[] = {{NULL}};

struct words {
        FILE *out;
        bool values;
};

static void option_word(const struct cli_opt *o, void *ctx)
{
        struct words *w = ctx;
        if (!w->values || o->value)
                fprintf(w->out, " --%s", o->name);
}

/* Every option of `c` as words ("--db --set ... -q --quiet"); with `values`, only those that
 * take a value. */
static void option_words(FILE *out, const struct cli_command *c, bool values)
{
        struct words w = {out, values};
        cli_each_option(c, option_word, &w);
        if (!values)
                fprintf(out, " -q --quiet");
}

/* The ids of the bundled tile sets, space-separated (none when the files are gone). */
static void bundled_ids(FILE *out)
{
        const char *root = getenv("TILEKIT_DATA_DIR");
        char *pattern = tkit_xasprintf("%s/tilesets/*.xml", root ? root : TKIT_DATA_DIR);
        glob_t g;
        memset(&g, 0, sizeof g);
        glob(pattern, 0, NULL, &g);
        free(pattern);
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        struct tkit_diags d;
        tkit_diags_init(&d);
        cli_read_files((const char *const *)g.gl_pathv, g.gl_pathc, TKIT_FORMAT_AUTO, &l, &d);
        for (size_t i = 0; i < l.n; i++)
                fprintf(out, "%s%s", i ? " " : "", l.sets[i]->id);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
        globfree(&g);
}

static void command_words(FILE *out)
{
        for (const struct cli_command *c = cli_commands; c->name; c++)
                fprintf(out, "%s ", c->name);
        fprintf(out, "help -q --quiet --help --version");
}

/* The bash function: per command, its options, those that take a value, its subcommands. */
static void bash(FILE *out)
{
        fprintf(out, "# bash completion of tilekit, made by 'tilekit completion bash' from its\n"
                     "# command table (meson installs it; or source this file)\n"
                     "_tilekit_sets() {\n  { command tilekit list sets --ids 2>/dev/null; "
                     "echo \"");
        bundled_ids(out);
        fprintf(out, "\"; } | tr '\\n' ' '\n}\n_tilekit() {\n"
                     "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
                     "  local cmd=${COMP_WORDS[1]} opts='' vals='' subs=''\n"
                     "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
                     "    COMPREPLY=($(compgen -W '");
        command_words(out);
        fprintf(out, "' -- \"$cur\")); return\n  fi\n  case $cmd in\n");
        for (const struct cli_command *c = cli_commands; c->name; c++) {
                fprintf(out, "    %s) opts='", c->name);
                option_words(out, c, false);
                fprintf(out, "'; vals='");
                option_words(out, c, true);
                fprintf(out, " '; subs='%s' ;;\n", c->subcommands ? c->subcommands : "");
        }
        fprintf(out, "    help) COMPREPLY=($(compgen -W '");
        for (const struct cli_command *c = cli_commands; c->name; c++)
                fprintf(out, "%s ", c->name);
        fprintf(out,
                "' -- \"$cur\")); return ;;\n  esac\n"
                "  case $prev in\n"
                "    --set|--sets) COMPREPLY=($(compgen -W \"$(_tilekit_sets)\" -- \"$cur\")); "
                "return ;;\n  esac\n"
                "  if [[ $vals == *\" $prev \"* ]]; then COMPREPLY=($(compgen -f -- \"$cur\")); "
                "return; fi\n"
                "  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\")); "
                "return; fi\n"
                "  if [ \"$COMP_CWORD\" -eq 2 ] && [ -n \"$subs\" ]; then\n"
                "    COMPREPLY=($(compgen -W \"$subs\" -- \"$cur\")); return\n  fi\n"
                "  COMPREPLY=($(compgen -f -- \"$cur\"))\n}\n"
                "complete -o filenames -o bashdefault -F _tilekit tilekit\n");
}

/* The zsh function (#compdef): the same words through _describe-free compadd and _files. */
static void zsh(FILE *out)
{
        fprintf(out, "#compdef tilekit\n# zsh completion of tilekit, made by 'tilekit completion "
                     "zsh' from its\n# command table (meson installs it as _tilekit in "
                     "site-functions)\n_tilekit() {\n"
                     "  local cmd=${words[2]} prev=${words[CURRENT-1]} opts vals subs\n"
                     "  if (( CURRENT == 2 )); then\n    compadd -- ");
        command_words(out);
        fprintf(out, "\n    return\n  fi\n  case $cmd in\n");
        for (const struct cli_command *c = cli_commands; c->name; c++) {
                fprintf(out, "    %s) opts=(", c->name);
                option_words(out, c, false);
                fprintf(out, " ); vals=(");
                option_words(out, c, true);
                fprintf(out, " ); subs=(%s) ;;\n", c->subcommands ? c->subcommands : "");
        }
        fprintf(out, "    help) compadd -- ");
        for (const struct cli_command *c = cli_commands; c->name; c++)
                fprintf(out, "%s ", c->name);
        fprintf(out, "; return ;;\n  esac\n"
                     "  if [[ $prev == --set || $prev == --sets ]]; then\n"
                     "    compadd -- ${=\"$(tilekit list sets --ids 2>/dev/null)\"} ");
        bundled_ids(out);
        fprintf(out, "\n    return\n  fi\n"
                     "  if (( ${vals[(Ie)$prev]} )); then _files; return; fi\n"
                     "  if [[ $PREFIX == -* ]]; then compadd -- $opts; return; fi\n"
                     "  if (( CURRENT == 3 && ${#subs} )); then compadd -- $subs; return; fi\n"
                     "  _files\n}\n_tilekit \"$@\"\n");
}

int tkit_cmd_completion(int argc, char **argv)
{
        struct cli_common com;
        cli_common_init(&com);
        struct cli_parser p = {"completion", tkit_opts_completion, NULL, NULL, NULL};
        int rc = cli_parse_options(&p, argc, argv, &com);
        cli_common_finish(&com);
        if (rc)
                return rc == CLI_DONE ? TKIT_EXIT_OK : rc;
        if (argc - optind != 1)
                return cli_usage_error("completion", "give the shell: bash or zsh");
        if (strcmp(argv[optind], "bash") == 0)
                bash(stdout);
        else if (strcmp(argv[optind], "zsh") == 0)
                zsh(stdout);
        else
                return cli_usage_error("completion", "no completion for '%s': bash or zsh",
                                       argv[optind]);
        return TKIT_EXIT_OK;
}
