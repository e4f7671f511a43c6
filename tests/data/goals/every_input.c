// gsv2008's loop: x = -50 + y + (y + 1) + ... decides its exit, and no invariant of the
// inductive step in bit-vector arithmetic says y > 0 after it. Every y that passes the
// condition before the loop is run instead (1,000,999 runs).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = -50;
  int y = __VERIFIER_nondet_int();
  if (!(-1000 < y && y < 1000000))
    return 0;
  while (x < 0) {
    x = x + y;
    y++;
  }
  if (y <= 0)
    reach_error();
  return 0;
}
