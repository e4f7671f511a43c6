// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// Halves are exact in binary: any number of them adds up exactly.
int main(void) {
  double acc = 0;
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 5);
  for (int i = 0; i < n; i++)
    acc += 0.5;
  if (acc * 2 != n)
    reach_error();
  return 0;
}
