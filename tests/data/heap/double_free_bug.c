// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh --memory).
#include <stdlib.h>
#include "../breadth/verifier.h"
// An alias freed a second time on one path.
int main(void) {
  int *p = malloc(sizeof(int));
  int *q = p;
  *p = 1;
  free(p);
  if (__VERIFIER_nondet_int() == 3)
    free(q);
  return 0;
}
