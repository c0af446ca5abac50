/* Which manifest entries take an `of`: shared by every reader (native XML, JCloisterZone XML, the
 * database), so that what one accepts the others can hold and write back. */
#include "tkit-model.h"

#include <string.h>

bool tkit_expect_of_valid(enum tkit_expect_what what, const char *of)
{
        switch (what) {
        case TKIT_EXPECT_FEATURE:
        case TKIT_EXPECT_FEATURE_TILES:
                return of && (tkit_feature_kind_parse(of) >= 0 || tkit_end_parse(of) > 0);
        case TKIT_EXPECT_ILLUSTRATION:
                return of && of[0] && !of[1] && tkit_illustration_name(of[0]);
        case TKIT_EXPECT_SYMBOLS:
                return !of || tkit_post_parse(of) >= 0;
        default:
                return !of;
        }
}
