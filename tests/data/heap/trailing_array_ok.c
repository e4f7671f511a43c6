// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh --memory).
#include <stdlib.h>
#include "../breadth/verifier.h"
// A struct whose last member is an array of one byte, allocated with room for `len` more
// (aws-c-common's aws_string): the bytes past the struct are the array's, the header
// stays apart from them, and calloc's are zero.
struct str {
  void *owner;
  unsigned long len;
  unsigned char bytes[1];
};
int main(void) {
  unsigned long len = (unsigned long)__VERIFIER_nondet_int();
  __VERIFIER_assume(len < 5);
  struct str *s = malloc(sizeof(struct str) + len + 1);
  if (!s)
    return 0;
  s->owner = s;
  s->len = len;
  for (unsigned long i = 0; i < len; i++)
    s->bytes[i] = (unsigned char)('a' + i);
  s->bytes[len] = 0;
  s->len = len; // a header write after the bytes changes none of them
  if (s->bytes[len] != 0 || s->owner != s)
    reach_error();
  if (len > 2 && s->bytes[2] != 'c')
    reach_error();
  struct str *z = calloc(1, sizeof(struct str) + len);
  if (z && (z->bytes[len] != 0 || z->len != 0))
    reach_error();
  free(z);
  free(s);
  return 0;
}
