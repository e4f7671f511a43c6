// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// A goto into a loop (irreducible flow): entered in the middle, s = 2, 5, 8.
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  if (n > 0)
    goto inside;
  while (i < 3) {
    s += 1;
  inside:
    s += 2;
    i++;
  }
  if (s == 8)
    reach_error();
  return 0;
}
