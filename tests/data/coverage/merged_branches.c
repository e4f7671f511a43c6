// Two counters kept equal while a third sums what the branches add: the paths of one round
// meet after each if, so the predicate analysis's large blocks merge them (merge-join).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0, y = 0, n = 0;
  while (__VERIFIER_nondet_int()) {
    if (__VERIFIER_nondet_int()) { x++; y++; } else { n = n + 1; }
    if (__VERIFIER_nondet_int()) { x++; y++; } else { n = n + 2; }
    n = n + 1;
  }
  if (x != y) reach_error();
  return 0;
}
