// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh --memory).
#include <stdlib.h>
#include <string.h>
#include "../breadth/verifier.h"
// aws_string_new_from_array's shape: a struct allocated with room for `len` bytes past it,
// filled by one memcpy of a symbolic length into its trailing array.
struct str {
  void *owner;
  unsigned long len;
  unsigned char bytes[1];
};
int main(void) {
  const unsigned char src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  unsigned long len = (unsigned long)__VERIFIER_nondet_int();
  __VERIFIER_assume(len <= 8);
  struct str *s = malloc(sizeof(struct str) + len + 1);
  if (!s)
    return 0;
  s->len = len;
  memcpy(s->bytes, src, len);
  s->bytes[len] = 0;
  if (len > 0 && s->bytes[len - 1] != len)
    reach_error();
  if (s->len != len || s->bytes[len] != 0)
    reach_error();
  free(s);
  return 0;
}
