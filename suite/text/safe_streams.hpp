// The program's standard output and error made safe for a terminal at one place: every byte printed, by
// fmt::print, printf or std::cout alike, passes a filter that escapes control characters (printable()).
#pragma once

#include <string>
#include <string_view>

namespace autobench::text {

// `text` as printed by the safe streams: lines and tab stops kept ('\n', '\t'), every other control
// character and every byte that is not valid UTF-8 escaped as printable() does; `pending` carries an
// incomplete UTF-8 sequence at the end of `text` over to the next call (a stream's writes may split one).
std::string safe_for_terminal(std::string_view text, std::string& pending);

// Replaces stdout and stderr (and std::cout, std::cerr) by streams that write safe_for_terminal() of what
// they are given to file descriptors 1 and 2; a failed write (a full disk, a size limit, a closed pipe) is
// the stream's error, seen by fflush/ferror. Call once, first thing in main().
void make_standard_streams_safe();

// The errno of the first write to the standard output that failed (0: none, or the streams were not made
// safe): the reason to name when the output is found unwritten at the end.
int standard_output_error();

}  // namespace autobench::text
