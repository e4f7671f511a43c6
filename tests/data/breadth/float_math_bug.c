// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// sqrt is correctly rounded: some double in [1, 2) is not the square of its square root.
extern double sqrt(double);
extern double floor(double);
int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x >= 1.0 && x < 2.0);
  double r = sqrt(x);
  if (r * r != x && floor(r) == 1.0)
    reach_error();
  return 0;
}
