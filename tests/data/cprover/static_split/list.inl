// twice calls length before length's definition: the call names the prototype.
static inline int twice(const int *p) { return length(p) * 2; }
static inline int length(const int *p) { return *p + 1; }
