#!/usr/bin/env python3
"""Builds garray's C reference with Doxygen and fails on any warning.

usage: reference.py DOXYGEN DOXYFILE [--output DIR]

Runs DOXYGEN on DOXYFILE (written by CMake from docs/Doxyfile.in, where every warning is an error),
into the Doxyfile's OUTPUT_DIRECTORY or into DIR, after removing the html/ and xml/ a previous run
left there. Then reads Doxygen's XML and fails for an enumerator without a description, which
Doxygen before 1.9.8 does not warn about. DOXYGEN is "-" when there is none: the script then says
so and exits 77, which ctest counts as skipped.

The target `docs` runs it into <build>/docs/reference; the test docs_reference (tests/docs) runs it
into its own folder, so that the two never write the same files at once.
"""
import pathlib
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree


def output_directory(doxyfile_text):
    match = re.search(r"^OUTPUT_DIRECTORY\s*=\s*(.*?)\s*$", doxyfile_text, re.MULTILINE)
    return pathlib.Path(match.group(1)) if match else pathlib.Path.cwd()


def undocumented_enumerators(xml_dir):
    """(place, enum, enumerator) for each enumerator with neither a brief nor a detailed description."""
    missing = set()
    for path in sorted(xml_dir.glob("*_8h.xml")):
        for enum in ElementTree.parse(path).iter("memberdef"):
            if enum.get("kind") != "enum":
                continue
            for value in enum.findall("enumvalue"):
                text = "".join("".join(value.find(part).itertext()) for part in
                               ("briefdescription", "detaileddescription"))
                if not text.strip():
                    location = enum.find("location")
                    missing.add((f"include/{location.get('file')}:{location.get('line')}", enum.findtext("name"),
                                 value.findtext("name")))
    return sorted(missing)


def main(arguments):
    if len(arguments) not in (2, 4) or (len(arguments) == 4 and arguments[2] != "--output"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    doxygen, doxyfile = arguments[0], pathlib.Path(arguments[1])
    if doxygen == "-":
        print("reference.py: doxygen not found; install it (scripts/setup.sh does) to build the reference")
        return 77
    configuration = doxyfile.read_text()
    output = pathlib.Path(arguments[3]) if len(arguments) == 4 else output_directory(configuration)
    for generated in ("html", "xml"):
        shutil.rmtree(output / generated, ignore_errors=True)
    output.mkdir(parents=True, exist_ok=True)
    # Doxygen reads the configuration from standard input ("-"); a later assignment wins.
    configuration += f"\nOUTPUT_DIRECTORY = {output}\n"
    status = subprocess.run([doxygen, "-"], input=configuration, text=True).returncode
    if status != 0:
        print(f"reference.py: doxygen reported the errors above (exit status {status})", file=sys.stderr)
        return 1
    missing = undocumented_enumerators(output / "xml")
    for place, enum, enumerator in missing:
        print(f"{place}: error: enumerator {enumerator} of {enum} is not documented", file=sys.stderr)
    if missing:
        return 1
    print(f"reference.py: no warning; the reference is {output / 'html' / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
