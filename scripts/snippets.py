#!/usr/bin/env python3
"""Keeps the code blocks of README.md and docs/*.md true to compiled, tested sources.

usage: scripts/snippets.py [--check | --update] [MARKDOWN...]

--check (the default, and ctest docs_snippets) prints what is wrong and exits 1 if anything is;
--update rewrites every snippet block from its source region, and then checks. MARKDOWN defaults to
README.md and docs/*.md.

The rule (docs/contributing.md has it for authors): every fenced block has a language, and

- a block of `sh`, `console`, `cmake` or `text` (commands, build files, diagrams, program output)
  is free;
- every other block is one of three kinds, named by an HTML comment on the line right before it:
  - `<!-- snippet: PATH#NAME -->` ... `<!-- snippet-end -->` (the comment right after the block):
    the block is the region NAME of PATH, a source the test suite compiles and runs (under
    examples/, tests/ or a binding's tests), between the lines `[snippet:NAME]` and
    `[snippet-end]` in a comment of its language. Marker lines inside the region are left out,
    and the region is dedented, then indented as the block's fence;
  - `<!-- signatures: PATH... -->`: a listing of declarations (prototypes, structs). Each
    declaration, comments and GA_API aside, must appear token for token in one of the PATHs
    (headers under include/ or core/); `namespace ... {` and `}` lines of a C++ listing are
    ignored;
  - `<!-- illustration: NAME -->`: code of something that garray does not have, such as the
    walkthrough of docs/adding-an-entry-point.md. The block must use NAME, and NAME must appear
    nowhere in include/, capi/ or core/: once it exists, the page shows the real code.
"""
import difflib
import pathlib
import re
import sys

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
FREE_LANGUAGES = {"sh", "console", "cmake", "text"}
# The languages a block may have, by the file name ending of its source: a C++ test may hold C code
# (code that is C as well, which the page shows as C).
SOURCE_LANGUAGES = {".c": ("c",), ".h": ("c",), ".cpp": ("cpp", "c"), ".hpp": ("cpp", "c"), ".py": ("python",),
                    ".rs": ("rust",), ".f90": ("fortran",), ".jl": ("julia",)}
# Where the sources of snippets live: what the test suite compiles and runs.
SOURCE_ROOTS = ("examples/", "tests/", "bindings/rust/garray/tests/", "bindings/fortran/tests/",
                "bindings/julia/test/")
SIGNATURE_ROOTS = ("include/", "core/")
ILLUSTRATION_FORBIDDEN = ("include", "capi", "core")

FENCE = re.compile(r"^(?P<indent>[ ]*)(?P<fence>```+)(?P<language>[^`\s]*)\s*$")
MARKER = re.compile(r"^(?P<indent>[ ]*)<!--\s*(?P<kind>snippet|signatures|illustration):\s*(?P<argument>.*?)\s*-->\s*$")
SNIPPET_END = re.compile(r"^[ ]*<!--\s*snippet-end\s*-->\s*$")
ANY_MARKER = re.compile(r"<!--\s*(snippet|snippet-end|signatures|illustration)\b")
# Region markers in sources: a comment of C, C++, Rust (//, /* */), Python, Julia (#) or Fortran (!).
# Anything may follow the marker on its line (which page shows the region, say).
REGION_START = re.compile(r"^\s*(?://|#|!|/\*)\s*\[snippet:(?P<name>[\w.-]+)\]")
REGION_END = re.compile(r"^\s*(?://|#|!|/\*)\s*\[snippet-end\]")


class Problems:
    def __init__(self):
        self.messages = []

    def add(self, place, message):
        self.messages.append(f"{place}: {message}")


def relative(path):
    try:
        return str(pathlib.Path(path).resolve().relative_to(REPOSITORY))
    except ValueError:
        return str(path)


def dedent(lines):
    indents = [len(line) - len(line.lstrip(" ")) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return [line[cut:] if line.strip() else "" for line in lines]


_regions = {}


def regions_of(path):
    """{name: [lines]} of a source file, or a string saying why it cannot be read."""
    if path in _regions:
        return _regions[path]
    try:
        lines = (REPOSITORY / path).read_text().split("\n")
    except OSError as error:
        _regions[path] = f"cannot read {path}: {error.strerror}"
        return _regions[path]
    found, open_regions, result = {}, [], None
    for number, line in enumerate(lines, 1):
        start, end = REGION_START.match(line), REGION_END.match(line)
        if start:
            name = start.group("name")
            if name in found or any(name == other for other, _ in open_regions):
                result = f"{path}:{number}: region {name} is marked twice"
                break
            open_regions.append((name, []))
        elif end:
            if not open_regions:
                result = f"{path}:{number}: [snippet-end] without a [snippet:...]"
                break
            name, body = open_regions.pop()
            found[name] = dedent(body)
        else:
            for _, body in open_regions:
                body.append(line.rstrip())
    if result is None and open_regions:
        result = f"{path}: region {open_regions[-1][0]} has no [snippet-end]"
    _regions[path] = result if result is not None else found
    return _regions[path]


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL)
    return re.sub(r"//[^\n]*", " ", text)


TOKEN = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|::|->|\.\.\.|\S")


def tokens(text):
    return [token for token in TOKEN.findall(strip_comments(text)) if token != "GA_API"]


def declarations(listing):
    """The declarations of a listing, as token lists: split at `;` outside braces."""
    kept = [line for line in strip_comments(listing).split("\n")
            if not re.match(r"^\s*namespace\s+[\w:]+\s*\{\s*$", line) and not re.match(r"^\s*\}\s*$", line)]
    result, current, depth = [], [], 0
    for token in tokens("\n".join(kept)):
        current.append(token)
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
        elif token == ";" and depth == 0:
            result.append(current)
            current = []
    if current:
        result.append(current)
    return result


def check_signatures(place, argument, body, problems):
    paths = argument.split()
    if not paths:
        problems.add(place, "signatures: name the headers the declarations come from")
        return
    text = []
    for path in paths:
        if not path.startswith(SIGNATURE_ROOTS):
            problems.add(place, f"signatures: {path} is not a header under {' or '.join(SIGNATURE_ROOTS)}")
            continue
        try:
            text.append(" " + " ".join(tokens((REPOSITORY / path).read_text())) + " ")
        except OSError as error:
            problems.add(place, f"signatures: cannot read {path}: {error.strerror}")
    found = "".join(text)
    for declaration in declarations("\n".join(body)):
        if " " + " ".join(declaration) + " " not in found:
            shown = " ".join(declaration)
            problems.add(place, f"signatures: not declared so in {' '.join(paths)}: "
                                f"{shown if len(shown) < 160 else shown[:157] + '...'}")


_declared_names = None


def check_illustration(place, name, body, problems):
    global _declared_names
    if not re.fullmatch(r"\w+", name):
        problems.add(place, "illustration: name the one identifier that garray does not have")
        return
    if not any(re.search(rf"\b{name}\b", line) for line in body):
        problems.add(place, f"illustration: the block does not use {name}")
    if _declared_names is None:
        _declared_names = [(path, path.read_text(errors="replace")) for folder in ILLUSTRATION_FORBIDDEN
                           for path in sorted((REPOSITORY / folder).rglob("*")) if path.is_file()]
    for path, text in _declared_names:
        if re.search(rf"\b{name}\b", text):
            problems.add(place, f"illustration: {name} exists now ({relative(path)}): make the block a "
                                "snippet of the real code")
            return


def snippet_text(place, argument, language, problems):
    """The lines a snippet block must hold: its regions, joined by an empty line; None if one is missing."""
    parts = []
    for item in argument.split() or [""]:
        source, _, region = item.partition("#")
        regions = regions_of(source) if source.startswith(SOURCE_ROOTS) else None
        languages = SOURCE_LANGUAGES.get(pathlib.Path(source).suffix, ())
        if not region:
            problems.add(place, f"snippet: {item or 'nothing'} names no region (PATH#NAME)")
        elif regions is None:
            problems.add(place, f"snippet: {source} is not under {', '.join(SOURCE_ROOTS)}, where the sources "
                                "the test suite compiles and runs are")
        elif isinstance(regions, str):
            problems.add(place, f"snippet: {regions}")
        elif region not in regions:
            problems.add(place, f"snippet: {source} has no region {region}")
        else:
            if language not in languages:
                problems.add(place, f"snippet: a {language} block from {source}, a source of "
                                    f"{' or '.join(languages) or 'no language this script knows'}")
            parts.append(regions[region])
            continue
        return None
    return [line for number, part in enumerate(parts) for line in ([""] if number else []) + part]


def process(markdown, update, problems, counts):
    """Checks one page, counting its blocks by kind in counts; with update, rewrites its snippets from
    their sources. Returns the new text."""
    name = relative(markdown)
    lines = markdown.read_text().split("\n")
    output, index, snippet_closed_at = [], 0, None
    while index < len(lines):
        line = lines[index]
        fence = FENCE.match(line)
        if not fence:
            if ANY_MARKER.match(line.lstrip()) and not MARKER.match(line) and not SNIPPET_END.match(line):
                problems.add(f"{name}:{index + 1}", "a snippet marker must be a line of its own")
            elif SNIPPET_END.match(line) and snippet_closed_at != len(output):
                problems.add(f"{name}:{index + 1}", "<!-- snippet-end --> does not follow a snippet block")
            elif MARKER.match(line) and not (index + 1 < len(lines) and FENCE.match(lines[index + 1])):
                problems.add(f"{name}:{index + 1}", "a marker must be right before a code block")
            output.append(line)
            index += 1
            continue
        # A fenced block: lines[index] opens it, lines[close] closes it.
        close = index + 1
        while close < len(lines) and not re.match(rf"^{fence.group('indent')}{fence.group('fence')}\s*$",
                                                  lines[close]):
            close += 1
        place = f"{name}:{index + 1}"
        if close == len(lines):
            problems.add(place, "the code block is not closed")
            output.extend(lines[index:])
            break
        indent, language = fence.group("indent"), fence.group("language")
        body = [text[len(indent):] if text.startswith(indent) else text.lstrip(" ")
                for text in lines[index + 1:close]]
        marker = MARKER.match(output[-1]) if output else None
        kind = marker.group("kind") if marker else "free" if language in FREE_LANGUAGES else "unmarked"
        counts[kind] = counts.get(kind, 0) + 1
        new_body = body
        if not language:
            problems.add(place, "the code block has no language (text for diagrams and output)")
        elif marker is None:
            if language not in FREE_LANGUAGES:
                problems.add(place, f"a {language} block needs a marker before it: snippet, signatures or "
                                    "illustration (docs/contributing.md)")
        elif marker.group("kind") == "signatures":
            check_signatures(place, marker.group("argument"), body, problems)
        elif marker.group("kind") == "illustration":
            check_illustration(place, marker.group("argument"), body, problems)
        else:
            end = close + 1
            if end >= len(lines) or not SNIPPET_END.match(lines[end]):
                problems.add(place, "a snippet block must be followed by <!-- snippet-end -->")
            expected = snippet_text(place, marker.group("argument"), language, problems)
            if expected is not None:
                new_body = expected
                if new_body != body and not update:
                    diff = difflib.unified_diff(body, new_body, f"{name} (block at line {index + 1})",
                                                marker.group("argument"), lineterm="", n=1)
                    problems.add(place, f"snippet differs from {marker.group('argument')}; scripts/snippets.py "
                                        "--update copies it:\n" + "\n".join(diff))
        output.append(line)
        output.extend(indent + text if text else "" for text in (new_body if update else body))
        output.append(lines[close])
        if kind == "snippet":
            snippet_closed_at = len(output)
        index = close + 1
    return "\n".join(output)


def main(arguments):
    update = "--update" in arguments
    files = [argument for argument in arguments if argument not in ("--check", "--update")]
    if any(argument.startswith("--") for argument in files) or ("--check" in arguments and update):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    pages = [pathlib.Path(file) for file in files] or [REPOSITORY / "README.md",
                                                        *sorted((REPOSITORY / "docs").glob("*.md"))]
    problems, counts = Problems(), {}
    for page in pages:
        text = page.read_text()
        new_text = process(page, update, problems, counts)
        if update and new_text != text:
            page.write_text(new_text)
            print(f"updated {relative(page)}")
    if update:
        problems, counts = Problems(), {}
        for page in pages:
            process(page, False, problems, counts)
    for message in problems.messages:
        print(message)
    summary = ", ".join(f"{counts.get(kind, 0)} {kind}" for kind in ("snippet", "signatures", "illustration", "free"))
    if problems.messages:
        print(f"snippets.py: {len(problems.messages)} problem(s) in {len(pages)} page(s) ({summary} blocks)")
        return 1
    print(f"snippets.py: {len(pages)} pages agree with their sources ({summary} blocks)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
