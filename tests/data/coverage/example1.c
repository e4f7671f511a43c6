// Paper 000, Example 1 (Fig. 1): a long loop before a false assertion.
#include <assert.h>
int main() {
    int i;
    for (i = 0; i < 1000000; i++)
        ;
    assert(0);
    return 0;
}
