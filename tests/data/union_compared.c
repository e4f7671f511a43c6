// goto-cc compares structs member by member (vcov too); a union has no members to compare
// one by one, so `==` over unions stays Clang's error, with its place.
union u { int i; float f; };
int main(void) {
    union u a = {1}, b = {1};
    return a == b;
}
