// aws-c-common's AWS_BYTES_EQ(arr1, arr2, len) compares ((const uint8_t *)&arr1)[i]: given two
// pointers (aws_array_list_front's postcondition), it compares the bytes of the pointer
// variables. Two live objects have different addresses, so their low bytes differ on a real
// machine; CBMC 6.6 says VERIFICATION SUCCESSFUL, its pointers' low bytes being the offset (0)
// in its own encoding. vcov's addresses are free: the violation, replayed.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
void harness(void) {
    void *p = malloc(4), *q = malloc(4);
    __CPROVER_assume(p && q);
    assert(__CPROVER_forall { int i; (i >= 0 && i < 4) ==> ((const uint8_t *)&p)[i] == ((const uint8_t *)&q)[i] });
}
