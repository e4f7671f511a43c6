// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh --memory).
#include <stdlib.h>
#include "../breadth/verifier.h"
// free of a pointer into the middle of an allocation.
int main(void) {
  int *p = malloc(4 * sizeof(int));
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < 4);
  p[k] = k;
  free(p + k);
  return 0;
}
