// Paper 000, Example 2 as printed: 32-bit x*x overflows, so the then-branch is reachable
// (vcov's semantics wraps, as gcc -fwrapv and CBMC without --signed-overflow-check).
extern int __VERIFIER_nondet_int(void);
#include <assert.h>
int main() {
    int x = __VERIFIER_nondet_int();
    int reached_dead_code = 0;
    int z = 1;
    if (x * x < 0) {
        reached_dead_code = 1;
    } else {
        z = 1;
    }
    if (reached_dead_code)
        z = 2;
    return 0;
}
