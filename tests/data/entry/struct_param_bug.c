// A struct parameter of the entry: every member is an input.
#include <assert.h>
struct point { int x, y; };
int harness(struct point p) {
    if (p.x == p.y + 1)
        assert(p.x != 100);
    return p.x;
}
