// Factoring a 62-bit semiprime by bit-blasting: minutes of SAT search, long enough for
// a test to kill vcov-cli while MiniSat works (cli/solver_dies_with_vcov.sh).
#include <assert.h>
unsigned long long __VERIFIER_nondet_ulonglong(void);
int main(void) {
    unsigned long long a = __VERIFIER_nondet_ulonglong(), b = __VERIFIER_nondet_ulonglong();
    if (a > 1 && b > 1 && a < 4294967296ULL && b < 4294967296ULL)
        assert(a * b != 3232240363226370383ULL); // 1717986919 * 1881393157
    return 0;
}
