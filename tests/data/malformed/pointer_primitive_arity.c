// A CBMC pointer primitive called without its argument (implicitly declared: Clang accepts
// it): a clear "unsupported", never a crash.
int main(void) { return __CPROVER_POINTER_OBJECT() == 1; }
