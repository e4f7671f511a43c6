// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// A nondeterministic double may be NaN, the one value unequal to itself.
int main(void) {
  double d = __VERIFIER_nondet_double();
  float f = (float)d;
  if (f != f)
    reach_error();
  return 0;
}
