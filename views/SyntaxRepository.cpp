#include "SyntaxRepository.h"

namespace vcov::views {

KSyntaxHighlighting::Repository &syntaxRepository() {
    static KSyntaxHighlighting::Repository repository;
    return repository;
}

} // namespace vcov::views
