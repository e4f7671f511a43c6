// Safe because x == y at the loop head: a relation, which the predicate analysis learns from
// the first spurious path to the error (CEGAR) and the value analysis never knows.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) {
    x++;
    y++;
  }
  if (x != y)
    reach_error();
  return 0;
}
