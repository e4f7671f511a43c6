// A pointer copied byte by byte: its address is the object's, which BMC cannot map back
// to it: using it as a pointer is unmodelled (unknown), never a made-up violation.
#include <assert.h>
#include <string.h>
struct list { void *alloc; int *data; long n; };
int g;
void harness(int c) {
    struct list l = {&g, &g, 5}, m;
    memcpy(&m, &l, sizeof l);
    assert(*m.data == 0);
}
