// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh --memory).
#include <stdlib.h>
#include "../breadth/verifier.h"
// The array is freed on one path only, and read after it on every path.
int main(void) {
  int *p = malloc(2 * sizeof(int));
  p[0] = 1;
  p[1] = 2;
  if (__VERIFIER_nondet_int() > 10)
    free(p);
  return p[1];
}
