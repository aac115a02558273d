// Safe standard streams (see safe_streams.hpp).
#include "suite/text/safe_streams.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <iostream>
#include <limits>
#include <streambuf>

#include "suite/text/echo.hpp"

namespace autobench::text {
namespace {

// How many bytes at the end of `text` start a UTF-8 sequence that is not complete yet (0 when none).
std::size_t incomplete_tail(std::string_view text) {
  for (std::size_t back = 1; back <= 3 && back <= text.size(); ++back) {
    const auto c = static_cast<unsigned char>(text[text.size() - back]);
    if ((c & 0xC0) == 0x80) continue;  // a continuation byte: look further back for its lead
    const std::size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

// One filtered stream: the descriptor it writes to, the bytes held back, and the errno of its first failed write.
struct Sink {
  int fd;
  std::string pending;
  int error = 0;
};
Sink* g_stdout_sink = nullptr;

ssize_t write_filtered(void* cookie, const char* data, std::size_t size) {
  auto& sink = *static_cast<Sink*>(cookie);
  const std::string out = safe_for_terminal(std::string_view(data, size), sink.pending);
  for (std::size_t done = 0; done < out.size();) {
    const ssize_t n = ::write(sink.fd, out.data() + done, out.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {  // errno says why; the FILE is marked in error
      if (sink.error == 0) sink.error = n < 0 ? errno : EIO;
      return -1;
    }
    done += static_cast<std::size_t>(n);
  }
  return static_cast<ssize_t>(size);
}

FILE* filtered(Sink* sink, int buffering) {
  static cookie_io_functions_t functions{nullptr, write_filtered, nullptr, nullptr};
  FILE* f = fopencookie(sink, "w", functions);
  if (f) std::setvbuf(f, nullptr, buffering, BUFSIZ);
  return f;
}

// std::cout and std::cerr onto a FILE*, so that they share its buffer, order and error.
class FileBuf : public std::streambuf {
 public:
  explicit FileBuf(FILE* f) : f_(f) {}

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    return std::fputc(c, f_) == EOF ? traits_type::eof() : c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    return static_cast<std::streamsize>(std::fwrite(s, 1, static_cast<std::size_t>(n), f_));
  }
  int sync() override { return std::fflush(f_) == 0 ? 0 : -1; }

 private:
  FILE* f_;
};

}  // namespace

std::string safe_for_terminal(std::string_view text, std::string& pending) {
  std::string whole = pending + std::string(text);
  const std::size_t keep = incomplete_tail(whole);
  pending = whole.substr(whole.size() - keep);
  whole.resize(whole.size() - keep);
  std::string out;
  out.reserve(whole.size());
  std::size_t start = 0;
  for (std::size_t i = 0; i <= whole.size(); ++i) {
    if (i < whole.size() && whole[i] != '\n' && whole[i] != '\t') continue;
    out += printable(std::string_view(whole).substr(start, i - start), std::numeric_limits<std::size_t>::max());
    if (i < whole.size()) out += whole[i];
    start = i + 1;
  }
  return out;
}

void make_standard_streams_safe() {
  std::fflush(stdout);
  std::fflush(stderr);
  static Sink out_sink{STDOUT_FILENO, {}}, err_sink{STDERR_FILENO, {}};  // as long as the program
  FILE* out = filtered(&out_sink, ::isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF);
  FILE* err = filtered(&err_sink, _IOLBF);
  if (!out || !err) return;  // out of memory at start: the streams stay as they were
  g_stdout_sink = &out_sink;
  stdout = out;
  stderr = err;
  static FileBuf out_buf(out), err_buf(err);
  std::cout.rdbuf(&out_buf);
  std::cerr.rdbuf(&err_buf);
}

int standard_output_error() { return g_stdout_sink ? g_stdout_sink->error : 0; }

}  // namespace autobench::text
