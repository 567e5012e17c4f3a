#include "tools/standard_streams.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

namespace kete::tools {

void open_standard_streams() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    // The lowest free descriptor: fd itself, as those below it are open.
    const int opened = ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
    if (opened != fd) ::_exit(1);
  }
}

}  // namespace kete::tools
