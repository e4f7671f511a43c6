// memset over the fields before `z` only: z keeps its value.
#include <assert.h>
#include <stddef.h>
#include <string.h>
struct s {
    int a;
    char *p;
    long z;
};
void harness(long z) {
    struct s x = {1, NULL, z};
    memset(&x, 0, offsetof(struct s, z));
    assert(x.a == 0 && x.p == NULL);
    assert(x.z == 0); // fails unless z == 0
}
