#include "engine/version.h"

#include "kete_version.h"  // generated in the build tree by cmake/version.cmake

namespace kete {

std::string_view version() {
  return KETE_VERSION_TEXT;
}

}  // namespace kete
