// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// The bytes of an int read through a union, little-endian: the error needs an input whose
// low byte is 0x2a and whose second half-word is 0x0102.
union word {
  int i;
  unsigned char byte[4];
  unsigned short half[2];
};
int main(void) {
  union word w;
  w.i = __VERIFIER_nondet_int();
  if (w.byte[0] == 0x2a && w.half[1] == 0x0102)
    reach_error();
  return 0;
}
