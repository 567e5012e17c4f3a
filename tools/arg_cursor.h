// The one command-line framework of the tools (kete-match, kete-spsa, kete-datagen,
// kete-texel, kete-strength, kete-throughput): a command line read left to right, the
// next flag, its value as text, a number or a rules name, the key=value words after it,
// and the error messages they share, each naming the bad argument.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "rules/text.h"
#include "rules/types.h"
#include "tools/standard_streams.h"

namespace kete::tools {

inline absl::Status bad_argument(std::string message) {
  return absl::InvalidArgumentError(std::move(message));
}

// The error for a flag that no reader of the tool knows.
absl::Status unknown_argument(std::string_view flag);

// The arguments of main, without the program name.
std::vector<std::string> arguments(int argc, char** argv);

// `key=value` split at the first '='; a word without '=' is all key.
std::pair<std::string, std::string> key_value(const std::string& arg);

bool is_flag(const std::string& arg);

class ArgCursor {
 public:
  explicit ArgCursor(const std::vector<std::string>& args) : args_(args) {}

  bool done() const { return at_ >= args_.size(); }
  const std::string& next() { return args_[at_++]; }

  // The argument after `flag`, whatever it looks like.
  absl::StatusOr<std::string> value(std::string_view flag);

  // The argument after `flag` into `out`; an empty one is refused unless `empty_ok`.
  absl::Status text(std::string_view flag, std::string& out, bool empty_ok = false);

  // The argument after `flag` as a number in min..max (rules/text.h).
  template <class T>
  absl::Status number(std::string_view flag, T& out, std::type_identity_t<T> min,
                      std::type_identity_t<T> max) {
    absl::StatusOr<std::string> v = value(flag);
    if (!v.ok()) return v.status();
    absl::StatusOr<T> n = parse_number<T>(flag, *v, min, max);
    if (!n.ok()) return n.status();
    out = *n;
    return absl::OkStatus();
  }

  // The argument after `flag` as a variant or a kujifunza KichwaRule, by name.
  absl::Status variant(std::string_view flag, Variant& out);
  absl::Status kichwa(std::string_view flag, KichwaRule& out);

  // The next argument if it is not a flag, else null: the key=value words that follow
  // --engine, --sprt or --param.
  const std::string* word();

 private:
  const std::vector<std::string>& args_;
  size_t at_ = 0;
};

// Reads every flag of `argv` in turn into `options` with read_flag(flag, cursor, options),
// which takes the flag's values from the cursor; stops at the first error.
template <class Options, class ReadFlag>
absl::Status read_flags(const std::vector<std::string>& argv, Options& options,
                        ReadFlag read_flag) {
  ArgCursor args(argv);
  while (!args.done())
    if (absl::Status s = read_flag(args.next(), args, options); !s.ok()) return s;
  return absl::OkStatus();
}

// The parser of a command line whose flags share state (kete-match, kete-spsa): Derived
// reads one flag into cl_ with flag(name), taking its values from args_, and checks the
// whole with check(); parse() reads every flag in turn and stops at the first error.
template <class Derived, class CommandLine>
class FlagParser {
 public:
  explicit FlagParser(const std::vector<std::string>& argv) : args_(argv) {}

  absl::StatusOr<CommandLine> parse() {
    Derived& self = static_cast<Derived&>(*this);
    while (!args_.done())
      if (absl::Status s = self.flag(args_.next()); !s.ok()) return s;
    if (absl::Status s = self.check(); !s.ok()) return s;
    return cl_;
  }

 protected:
  ArgCursor args_;
  CommandLine cl_;
};

// The options of a command line: every flag read into a default Options as read_flags
// does, then the whole checked by check(options).
template <class Options, class ReadFlag, class Check>
absl::StatusOr<Options> read_options(const std::vector<std::string>& argv, ReadFlag read_flag,
                                     Check check) {
  Options o;
  if (absl::Status s = read_flags(argv, o, read_flag); !s.ok()) return s;
  if (absl::Status s = check(std::as_const(o)); !s.ok()) return s;
  return o;
}

// The options of a tool's command line, read by parse(arguments(argc, argv)); on an error
// prints "<tool>: <error>" and `usage` to stderr and returns nothing: the tool exits 2.
// True if the command line asks for the usage (`--help` or `-h` anywhere): the tool then
// prints it to standard output and exits 0.
bool wants_help(const std::vector<std::string>& argv);

// Prints the usage for `--help`: exit code 0, or 1 if standard output could not take it.
int print_help(std::string_view usage);

// The options of the command line, or nullopt with the tool's exit code in `exit_code`:
// 0 after `--help` (the usage on standard output), 2 after a wrong command line (the error
// and the usage on standard error).
template <class Parse>
auto options_or_usage(std::string_view tool, std::string_view usage, int argc, char** argv,
                      Parse parse, int& exit_code)
    -> std::optional<typename decltype(parse(std::vector<std::string>()))::value_type> {
  const std::vector<std::string> args = arguments(argc, argv);
  if (wants_help(args)) {
    exit_code = print_help(usage);
    return std::nullopt;
  }
  auto options = parse(args);
  if (options.ok()) return *std::move(options);
  tools::note("{}: {}\n{}", tool, std::string(options.status().message()), usage);
  exit_code = 2;
  return std::nullopt;
}

// A tool's main: run(options) on the options read by options_or_usage, else its exit
// code. A run that fails, or whose standard output did not arrive, prints "<tool>: <error>"
// to stderr: the tool exits 1.
template <class Parse, class Run>
int tool_main(std::string_view tool, std::string_view usage, int argc, char** argv, Parse parse,
              Run run) {
  int exit_code = 0;
  const auto options = options_or_usage(tool, usage, argc, argv, parse, exit_code);
  if (!options) return exit_code;
  absl::Status s = run(*options);
  if (s.ok()) s = flush_stdout();
  if (s.ok()) return 0;
  tools::note("{}: {}\n", tool, std::string(s.message()));
  return 1;
}

}  // namespace kete::tools
