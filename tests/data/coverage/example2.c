// Paper 000, Example 2 (Fig. 2), with x bounded so that x*x < 0 is truly impossible.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <assert.h>
int main() {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x >= -1000 && x <= 1000);
    int reached_dead_code = 0;
    int z = 1;
    if (x * x < 0) {
        reached_dead_code = 1;
    } else {
        z = 1;
    }
    assert(!reached_dead_code);
    return 0;
}
