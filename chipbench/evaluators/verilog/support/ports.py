"""Parse Verilog with slang: syntax errors and the ports of every top-level module, as JSON.

Evaluators run this file as a script inside the sandbox for candidate code, because it parses
untrusted text with a C++ library (a crash or a hang must cost one candidate, not the run);
the harness imports `parse` directly for its own reference designs.
"""

import json
import sys


def parse(sources: dict[str, str]) -> dict:
    from pyslang import DiagnosticEngine, ast, syntax

    sm = syntax.SyntaxTree.getDefaultSourceManager()
    engine = DiagnosticEngine(sm)
    comp = ast.Compilation()
    errors = []
    for path, text in sources.items():
        tree = syntax.SyntaxTree.fromText(text, sm, path)
        for d in tree.diagnostics:  # parse errors only: semantics are the simulators' call
            if d.isError():
                errors.append(f"{path}:{sm.getLineNumber(d.location)}:{sm.getColumnNumber(d.location)}: "
                              f"{engine.formatMessage(d)}")
        comp.addSyntaxTree(tree)
    modules = {}
    if not errors:
        for inst in comp.getRoot().topInstances:
            modules[inst.definition.name] = [
                {"name": p.name, "dir": str(p.direction).split(".")[-1].lower(), "width": p.type.bitWidth}
                for p in inst.body.portList
            ]
    return {"errors": errors, "modules": modules}


if __name__ == "__main__":
    texts = {}
    for p in sys.argv[1:]:
        with open(p) as f:
            texts[p] = f.read()
    print(json.dumps(parse(texts)))
