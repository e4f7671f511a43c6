// The code under test: clamps a value into [lo, hi].
int clamp(int x, int lo, int hi) {
  if (x < lo)
    return lo;
  if (x > hi)
    return hi;
  return x;
}
