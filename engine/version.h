// The engine's version, as `kete --version` and the `id name` line show it: the project
// version plus the commit it was built from (cmake/version.cmake).
#pragma once

#include <string_view>

namespace kete {

// "0.1.0+9bd4511a2c" from a git checkout ("-dirty" appended for uncommitted changes),
// "0.1.0" from a source tarball.
std::string_view version();

}  // namespace kete
