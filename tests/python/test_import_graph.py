"""The Python package's imports form a DAG: the modules of bindings/python/garray import one another
at module level without a cycle, and no function imports a garray module to get around one.

A host test that reads the sources with `ast`: it needs neither a GPU nor the compiled extension.
conftest.py imports garray, so where the extension is not built run it as
`python3 -m pytest --noconftest tests/python/test_import_graph.py`, or as a script, which also
prints the modules in layers (each imports only modules of the layers before it).

Edges: `import garray.a.b` and `from garray.a import b` name garray.a.b when b is a module, else
garray.a (b is then a name defined in garray/a). Importing garray.a.b also runs the package garray.a
first, which counts as an edge unless the importer is inside garray.a; the root package garray,
always imported first, counts only when named itself (`import garray`, `from garray import
<a name that is not a module>`). Module-level statements count wherever they are (in `if`, `try`,
class bodies); imports inside functions are not edges, and are checked separately: one of a garray
module is an error, one of a third-party module is accepted for an optional dependency, with a
comment saying so on its line or the line above.
"""

import ast
import pathlib
import sys

PACKAGE_DIR = pathlib.Path(__file__).resolve().parent.parent.parent / "bindings" / "python" / "garray"
ROOT = "garray"
# Compiled modules of the package, which have no source here and import nothing of it from Python.
EXTENSIONS = {"garray._garray"}


def package_modules():
    """{dotted name: path} of every source module of the package (a package is its __init__.py)."""
    modules = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _inside(module, package):
    return module == package or module.startswith(package + ".")


def _absolute(node, importer, modules):
    """The module an ImportFrom names, relative imports resolved against `importer`."""
    if not node.level:
        return node.module
    base = importer if modules[importer].name == "__init__.py" else importer.rpartition(".")[0]
    for _ in range(node.level - 1):
        base = base.rpartition(".")[0]
    return f"{base}.{node.module}" if node.module else base


def imported_modules(node, importer, modules):
    """The package modules that the import statement `node` of module `importer` needs imported."""
    if isinstance(node, ast.Import):
        named = [alias.name for alias in node.names]
    else:
        source = _absolute(node, importer, modules)
        submodules = [f"{source}.{alias.name}" for alias in node.names]
        named = [name for name in submodules if name in modules or name in EXTENSIONS]
        if len(named) < len(submodules):
            named.append(source)  # some names are attributes of `source`, which must run first
    needed = []
    for name in named:
        if not _inside(name, ROOT):
            continue
        parts = name.split(".")
        for length in range(2, len(parts)):  # the packages above `name`, garray itself left out
            package = ".".join(parts[:length])
            if not _inside(importer, package):
                needed.append(package)
        needed.append(name)
    return needed


def _module_level_imports(tree):
    """Import statements run when the module is imported (not those inside functions)."""
    pending = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            pending.extend(ast.iter_child_nodes(node))


def _function_imports(tree):
    """(function name, import statement) for every import inside a function, at any depth."""
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    yield function.name, node


def _parse(path):
    return ast.parse(path.read_text(), filename=str(path))


def import_graph(modules=None):
    """{module: {modules it imports at module level}}, and the imports naming no known module."""
    modules = package_modules() if modules is None else modules
    graph = {name: set() for name in modules}
    unknown = []
    for name, path in modules.items():
        for node in _module_level_imports(_parse(path)):
            for target in imported_modules(node, name, modules):
                if target in modules:
                    graph[name].add(target)
                elif target not in EXTENSIONS:
                    unknown.append(f"{path.relative_to(PACKAGE_DIR.parent)}:{node.lineno}: {target}")
    return graph, unknown


def find_cycles(graph):
    """One cycle (a list of modules, the first repeated at the end) per strongly connected component
    that has one, by Tarjan's algorithm."""
    index, low, stack, on_stack, components = {}, {}, [], set(), []

    def visit(module):
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == module:
                    break
            if len(component) > 1 or module in graph[module]:
                components.append(component)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph) + 100))
    try:
        for module in sorted(graph):
            if module not in index:
                visit(module)
    finally:
        sys.setrecursionlimit(limit)
    return [_cycle_in(graph, component) for component in components]


def _cycle_in(graph, component):
    """A path from the component's first module back to itself, through the component only."""
    start = min(component)
    paths, seen = [[start]], {start}
    while paths:  # breadth first: the shortest such cycle
        path = paths.pop(0)
        for target in sorted(graph[path[-1]] & component):
            if target == start:
                return path + [start]
            if target not in seen:
                seen.add(target)
                paths.append(path + [target])
    raise AssertionError(f"no cycle through {start} in {sorted(component)}")


def layers(graph):
    """The modules by layer: layer 0 imports no package module, layer n only modules of layers < n."""
    depth = {}

    def depth_of(module):
        if module not in depth:
            depth[module] = 1 + max((depth_of(target) for target in graph[module]), default=-1)
        return depth[module]

    for module in graph:
        depth_of(module)
    result = [[] for _ in range(max(depth.values()) + 1)]
    for module in sorted(graph):
        result[depth[module]].append(module)
    return result


def test_the_package_sources_are_found():
    modules = package_modules()
    assert (PACKAGE_DIR / "__init__.py").is_file(), f"no package at {PACKAGE_DIR}"
    assert {"garray", "garray._ndarray", "garray._creation", "garray.cuda", "garray.random"} <= set(modules)


def test_every_import_of_the_package_names_a_module():
    _graph, unknown = import_graph()
    assert not unknown, "imports of package modules that do not exist:\n  " + "\n  ".join(unknown)


def test_module_level_imports_have_no_cycle():
    graph, _unknown = import_graph()
    cycles = find_cycles(graph)
    assert not cycles, "import cycles among the package's modules:\n  " + "\n  ".join(
        " -> ".join(cycle) for cycle in cycles)


def test_no_function_imports_a_package_module():
    modules = package_modules()
    found = []
    for name, path in modules.items():
        for function, node in _function_imports(_parse(path)):
            if imported_modules(node, name, modules) or (isinstance(node, ast.ImportFrom) and node.level):
                found.append(f"{path.relative_to(PACKAGE_DIR.parent)}:{node.lineno}: in {function}(): "
                             f"{ast.unparse(node)}")
    assert not found, ("imports of package modules inside functions (import at module level; see "
                       "garray/_methods.py for methods that need higher modules):\n  " + "\n  ".join(found))


def test_function_imports_of_other_modules_say_why():
    """An import inside a function is for an optional third-party dependency, and says so."""
    found = []
    for name, path in package_modules().items():
        lines = path.read_text().splitlines()
        for function, node in _function_imports(_parse(path)):
            line = lines[node.lineno - 1]
            above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
            if "#" not in line and not above.startswith("#"):
                found.append(f"{path.relative_to(PACKAGE_DIR.parent)}:{node.lineno}: in {function}(): {line.strip()}")
    assert not found, ("imports inside functions without a comment saying which optional dependency "
                       "they load:\n  " + "\n  ".join(found))


def test_no_dynamic_imports():
    """importlib.import_module and __import__ would hide edges from this test."""
    found = []
    for name, path in package_modules().items():
        for node in ast.walk(_parse(path)):
            if isinstance(node, ast.Call):
                called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
                if called in ("import_module", "__import__"):
                    found.append(f"{path.relative_to(PACKAGE_DIR.parent)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "dynamic imports in the package:\n  " + "\n  ".join(found)


if __name__ == "__main__":
    graph, unknown = import_graph()
    cycles = find_cycles(graph)
    if unknown or cycles:
        print("\n".join(unknown + [" -> ".join(cycle) for cycle in cycles]))
        sys.exit(1)
    for number, layer in enumerate(layers(graph)):
        print(f"{number:2}: {' '.join(layer)}")
