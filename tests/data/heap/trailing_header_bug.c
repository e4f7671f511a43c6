// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh --memory).
#include <stdlib.h>
#include "../breadth/verifier.h"
// A struct in memory of a size the input chooses, too small for its header when n < 16.
struct str {
  void *owner;
  unsigned long len;
  unsigned char bytes[1];
};
int main(void) {
  unsigned long n = (unsigned long)__VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 40);
  struct str *s = malloc(n);
  if (!s)
    return 0;
  s->len = n;
  free(s);
  return 0;
}
