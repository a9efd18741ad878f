#!/usr/bin/env python3
"""Checks that every function of garray's public headers follows the C calling convention of
docs/design.md ("The C calling convention"), so that a new function that breaks it fails CI.

Usage: check_header_convention.py [include/garray] — prints one line per violation and exits 1 if
there is any, else prints how many functions it checked and exits 0.
"""
import pathlib
import re
import sys

# The nouns a function name may start with (ga_<noun>_<verb>). A new module adds its noun here, in
# the same change that documents it in docs/design.md.
NOUNS = (
    "array", "scalar", "dtype", "version", "device", "stream", "event", "memory", "pinned", "jit",
    "kernel_cache", "kernel", "module", "raw_kernel", "elementwise_kernel", "reduction_kernel",
    "ufunc", "linalg", "fft", "random", "rng", "signal", "sparse", "fusion", "graph", "comm",
)
# Functions that cannot fail and so return what they give instead of a status.
RETURNING_VALUES = {"ga_last_error": "const char *", "ga_status_string": "const char *",
                    "ga_version": "const char *"}
# Families whose subject is a stream or a device: their stream, if any, is the subject, and they
# work on the device by their nature (synchronize, record, wait).
STREAM_SUBJECTS = ("ga_stream_", "ga_event_", "ga_device_")
# A function without a stream says so: "No device work." or, where its work goes elsewhere than a
# ga_stream_t (DLPack's consumer stream), "Device work: ...".
NO_DEVICE_WORK = re.compile(r"no device work|device work:", re.IGNORECASE)

DECLARATION = re.compile(r"/\*\*(?P<doc>(?:(?!\*/).)*)\*/\s*GA_API\s+(?P<returns>[^;(]*?)\s*\b(?P<name>ga_\w+)\s*"
                         r"\((?P<params>[^;]*?)\)\s*;", re.DOTALL)
PARAM_TAG = re.compile(r"@param(?P<direction>\[[a-z, ]+\])?\s+(?P<name>\w+)")
COPIED = re.compile(r"@copy(?:doc|details)\s+(?P<name>ga_\w+)")
DIRECTIONS = {"[in]": "in", "[out]": "out", "[in,out]": "in,out"}


def split_parameters(text):
    """The parameters of a declaration, split at top-level commas."""
    text = " ".join(text.split())
    if text in ("", "void"):
        return []
    parts, depth, current = [], 0, ""
    for character in text:
        if character == "(":
            depth += 1
        elif character == ")":
            depth -= 1
        if character == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += character
    parts.append(current.strip())
    return parts


def parameter_name(parameter):
    pointer = re.search(r"\(\s*\*\s*(\w+)\s*\)", parameter)  # a function pointer
    if pointer:
        return pointer.group(1)
    return re.findall(r"\w+", re.sub(r"\[[^\]]*\]", "", parameter))[-1]


def parameter_type(parameter, name):
    return " ".join(re.sub(r"\b%s\b" % name, "", parameter, count=1).split()).replace(" *", "*")


class Function:
    def __init__(self, header, match):
        self.header = header
        self.name = match.group("name")
        self.returns = " ".join(match.group("returns").split())
        self.doc = match.group("doc")
        self.parameters = [(parameter_name(p), parameter_type(p, parameter_name(p)))
                           for p in split_parameters(match.group("params"))]

    def tags(self, functions, seen=()):
        """(name, direction) of each @param, following @copydoc/@copydetails to the function named."""
        tags = [(m.group("name"), m.group("direction")) for m in PARAM_TAG.finditer(self.doc)]
        copied = COPIED.search(self.doc)
        if copied and not tags and copied.group("name") in functions and self.name not in seen:
            return functions[copied.group("name")].tags(functions, seen + (self.name,))
        return tags


def check(function, functions):
    problems = []
    say = problems.append
    name = function.name
    expected_return = RETURNING_VALUES.get(name, "ga_status_t")
    if function.returns.replace(" *", "*") != expected_return.replace(" *", "*"):
        say(f"returns '{function.returns}', not {expected_return}")
    noun = name[len("ga_"):]
    if name not in RETURNING_VALUES and not any(noun == n or noun.startswith(n + "_") for n in NOUNS):
        say("name is not ga_<noun>_<verb> with a noun of the convention's list")

    tags = function.tags(functions)
    tag_names = [tag_name for tag_name, _ in tags]
    directions = {}
    for tag_name, direction in tags:
        if direction is None or direction.replace(" ", "") not in DIRECTIONS:
            say(f"@param {tag_name} has no direction ([in], [out] or [in,out])")
        else:
            directions[tag_name] = DIRECTIONS[direction.replace(" ", "")]
    parameter_names = [p for p, _ in function.parameters]
    for p in parameter_names:
        if p not in tag_names:
            say(f"parameter '{p}' has no @param")
    for tag_name in tag_names:
        if tag_name not in parameter_names:
            say(f"@param {tag_name} names no parameter")
    if [t for t in tag_names if t in parameter_names] != [p for p in parameter_names if p in tag_names]:
        say("@param tags are not in the order of the parameters")

    seen_out = False
    for p, ptype in function.parameters:
        direction = directions.get(p)
        if direction == "out":
            seen_out = True
        elif direction is not None and seen_out:
            say(f"parameter '{p}' ({direction}) comes after an out-parameter: out-parameters are last")
        if p == "out" and ptype not in ("ga_array_t", "const ga_array_t*"):
            say(f"'out' is the destination (an input ga_array_t), not '{ptype}'")
        if p == "out" and direction not in (None, "in"):
            say("'out' (the destination) must be [in]")
        if ptype == "ga_array_t*" and direction not in (None, "out"):
            say(f"'{p}' is a ga_array_t*: an output-only result must be [out] (destinations are ga_array_t out)")

    streams = [i for i, (p, ptype) in enumerate(function.parameters) if ptype == "ga_stream_t"]
    subject = name.startswith(STREAM_SUBJECTS)
    for i in streams:
        p = function.parameters[i][0]
        if subject and i == 0:
            continue
        if p != "stream":
            say(f"a ga_stream_t parameter is named '{p}', not 'stream'")
        outs = [j for j, (q, _) in enumerate(function.parameters) if directions.get(q) == "out"]
        expected = (outs[0] - 1) if outs else len(function.parameters) - 1
        if i != expected:
            say("'stream' is not the last parameter before the out-parameters")
    if not streams and not subject and not NO_DEVICE_WORK.search(function.doc):
        say("takes no stream and its documentation does not say 'No device work.' (or 'Device work: ...')")
    if "options" in parameter_names and "out" in parameter_names and \
            parameter_names.index("options") > parameter_names.index("out"):
        say("'options' comes after the destination 'out': options come before it")
    return problems


def main():
    include = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parents[2] / "include/garray")
    functions, failures = {}, []
    for header in sorted(include.glob("*.h")):
        text = header.read_text()
        for match in DECLARATION.finditer(text):
            function = Function(header.name, match)
            functions[function.name] = function
        declared = {m.group(1) for m in re.finditer(r"GA_API\s+[^;(]*?\b(ga_\w+)\s*\(", text)}
        for undocumented in sorted(declared - {f.name for f in functions.values() if f.header == header.name}):
            failures.append(f"{header.name}: {undocumented}: no Doxygen comment right before the declaration")
    for function in functions.values():
        for problem in check(function, functions):
            failures.append(f"{function.header}: {function.name}: {problem}")
    for failure in failures:
        print(failure)
    if failures:
        print(f"{len(failures)} violations of the calling convention (docs/design.md) in {len(functions)} functions")
        return 1
    print(f"{len(functions)} functions follow the calling convention")
    return 0


if __name__ == "__main__":
    sys.exit(main())
