// A non-void function that falls off its end: its value is indeterminate (C11 6.9.1p12).
int f(int x) { if (x > 0) return 1; }
int main(void) { int a[2]; int r = f(0); a[r] = 1; return 0; }
