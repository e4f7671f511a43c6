// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh --memory).
#include <stdlib.h>
#include "../breadth/verifier.h"
// The trailing array of a struct allocated with room for `len` bytes past it, written one
// byte beyond: outside the object (the array's declared size is not the bound, its object is).
struct str {
  void *owner;
  unsigned long len;
  unsigned char bytes[1];
};
int main(void) {
  unsigned long len = (unsigned long)__VERIFIER_nondet_int();
  __VERIFIER_assume(len < 5);
  struct str *s = malloc(sizeof(struct str) + len);
  if (!s)
    return 0;
  s->len = len;
  s->bytes[len + 8] = 0;
  free(s);
  return 0;
}
