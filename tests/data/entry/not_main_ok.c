// The entry is harness, not main: main's failing assertion is never run.
#include <assert.h>
static int twice(int a) { return 2 * a; }
void harness(short a) {
    assert(twice(a) % 2 == 0);
}
int main(void) {
    assert(0);
    return 0;
}
