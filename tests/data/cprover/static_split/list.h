// Prototypes here, definitions in list.inl, as aws-c-common's array_list.h and .inl.
static inline int length(const int *p);
static inline int twice(const int *p);
#include "list.inl"
