// One KSyntaxHighlighting repository for the whole application: loading the
// definitions is expensive.
#pragma once

#include <KSyntaxHighlighting/Repository>

namespace vcov::views {

KSyntaxHighlighting::Repository &syntaxRepository();

}
