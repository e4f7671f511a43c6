// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// A tagged union: writing a byte changes the int only in its byte, and the bytes of an int
// always add back up to it.
struct value {
  int kind;
  union {
    unsigned int u;
    unsigned char byte[4];
  } as;
};
int main(void) {
  struct value v = {0, {0}};
  unsigned int x = __VERIFIER_nondet_int();
  v.as.u = x;
  unsigned int sum = v.as.byte[0] + (v.as.byte[1] << 8) + (v.as.byte[2] << 16) + ((unsigned)v.as.byte[3] << 24);
  if (sum != x)
    reach_error();
  v.as.byte[2] = 0;
  if ((v.as.u & 0x00ff0000u) != 0 || (v.as.u & 0xff00ffffu) != (x & 0xff00ffffu))
    reach_error();
  return 0;
}
