// A static inline function declared in one header and defined in another is one function:
// vcov once took the prototype's calls for calls of a function without a body (an input)
// and reported a violation CBMC does not.
#include <assert.h>
#include "static_split/list.h"
void harness(int x) {
    __CPROVER_assume(x > -100 && x < 100);
    assert(twice(&x) == 2 * x + 2);
}
