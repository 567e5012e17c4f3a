// The standard streams of a tool (issue 29). A tool started with one of descriptors 0-2
// closed (`2>&-`, `>&-`) would get that descriptor for the next file it opens, and its
// progress or results would be written into its data, records or book: every tool's main
// first opens /dev/null on each closed one.
#pragma once

namespace kete::tools {

// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed; the first thing each
// tool's main does, before any file is opened. Exits with status 1 if /dev/null cannot be
// opened (nothing could then be written safely).
void open_standard_streams();

}  // namespace kete::tools
