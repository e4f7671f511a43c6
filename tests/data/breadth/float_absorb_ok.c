// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// From 1/2 on, a + 1 keeps a's contribution: no absorption.
int main(void) {
  double a = __VERIFIER_nondet_double();
  __VERIFIER_assume(a >= 0.5 && a < 1);
  if (a + 1.0 == 1.0)
    reach_error();
  return 0;
}
