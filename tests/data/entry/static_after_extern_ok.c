// CBMC's dialect: a static definition after a non-static declaration (coreJSON's proof
// stubs have one); goto-cc accepts it, Clang alone refuses it.
#include <assert.h>
int next(int a);
static int next(int a) { return a == 2147483647 ? a : a + 1; }
void harness(int a) {
    assert(next(a) >= a);
}
