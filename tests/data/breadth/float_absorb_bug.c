// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// In the reals a + 1 > 1 for every positive a; in double a small enough a is absorbed
// (a < 2^-53 rounds to nearest even back to 1).
int main(void) {
  double a = __VERIFIER_nondet_double();
  __VERIFIER_assume(a > 0 && a < 1);
  if (a + 1.0 == 1.0)
    reach_error();
  return 0;
}
