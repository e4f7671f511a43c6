// Issue 13: the else-branch's join is covered by the then-branch's; only the else-branch admits
// x == 5. Every order must report the bug (bfs used to say it explored every reachable state).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x < 3) { y = 1; } else { y = 1; }
  if (x == 5) reach_error();
  return y;
}
