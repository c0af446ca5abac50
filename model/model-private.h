/* Helpers shared by the model's own files; not part of the public API. */
#ifndef TKIT_MODEL_PRIVATE_H
#define TKIT_MODEL_PRIVATE_H

#include "tkit-model.h"

void tkit_names_free(struct tkit_name *v, size_t n);
struct tkit_name *tkit_names_copy(const struct tkit_name *v, size_t n);
void tkit_names_add(struct tkit_name **v, size_t *n, const char *lang, const char *text);
const char *tkit_names_get(const struct tkit_name *v, size_t n, const char *lang);

void tkit_attrs_free(struct tkit_attr *a, size_t n);
struct tkit_attr *tkit_attrs_copy(const struct tkit_attr *a, size_t n);
void tkit_attrs_add(struct tkit_attr **a, size_t *n, const char *name, const char *value, int line);

#endif
