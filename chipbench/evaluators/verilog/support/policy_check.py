"""Judge a design on what the simulators will compile: slang's tree after macro expansion, and
its elaboration together with the testbench. Prints the violations as a JSON list.

Runs as a script inside the sandbox (it parses untrusted text with a C++ library), next to
`ports.py` (the parse, done first in the same process); argv[1] is a JSON object: `design`
(the candidate's files), `context` (the testbench's files, may be empty), `allowed` (the
system tasks and functions a design may call) and `variants` (each simulator's predefines).

Why on these representations: a rule on the raw text is passed by anything the preprocessor
rewrites (token pasting builds `$finish`, a macro hides `tb.expected`). The tree slang builds
holds the tokens after expansion, and its elaboration resolves every name the way a simulator
does, in the context of the testbench that instantiates the design, with the testbench's
parameters. A design may refer only to what lies inside its own instances; it may not
instantiate a module it does not define.
"""

import json
import sys

# Statements and items that reach around the design: a `final` block runs after the
# testbench's verdict, `bind` injects code into other modules, DPI calls out of the
# simulation, force/release and procedural assign override signals they do not own.
FORBIDDEN_SYNTAX = {
    "FinalBlock": "a `final` procedure (it would run after the testbench's verdict)",
    "BindDirective": "a `bind` directive (it puts code into modules the design does not own)",
    "DPIImport": "a DPI import (it calls code outside the simulation)",
    "DPIExport": "a DPI export (it calls code outside the simulation)",
    "ProceduralForceStatement": "`force`",
    "ProceduralReleaseStatement": "`release`",
    "ProceduralAssignStatement": "a procedural `assign`",
    "ProceduralDeassignStatement": "`deassign`",
    "ConfigDeclaration": "a `config` (it chooses which module the testbench instantiates)",
    "DefParam": "`defparam` (set parameters where a module is instantiated)",
}
# Errors slang reports where the simulators accept the design as it is.
BENIGN = {"MissingTimeScale"}
RELAXED = ("RelaxEnumConversions", "RelaxStringConversions", "AllowUseBeforeDeclare", "AllowBareValParamAssignment",
           "AllowSelfDeterminedStreamConcat", "AllowMergingAnsiPorts", "AllowUnnamedGenerate",
           "AllowArrayConcatAssignPattern")
# Units a design declares; none may take a name the testbench declares (the simulators would
# pick one of the two, or the design's would stand in for the testbench's).
DECLARATIONS = {"ModuleDeclaration", "InterfaceDeclaration", "ProgramDeclaration", "PackageDeclaration",
                "UdpDeclaration"}
# Errors that mean a name did not resolve inside the design: it names something only the
# testbench (or nothing) declares.
UNRESOLVED = {
    "UndeclaredIdentifier", "CouldNotResolveHierarchicalPath", "UnknownModule", "UnknownInterface",
    "UnknownPackage", "UnknownClassOrPackage", "UnknownSystemName", "UnknownDirective",
    "UnknownMacro", "UndeclaredButFoundPackage", "UnknownPrimitive", "Redefinition",
    "DuplicateDefinition", "CouldNotOpenIncludeFile", "UnknownMember",
}
# The net kinds an input port may have. An input port's net is, in the simulators, the very net
# the testbench connects (Icarus coerces a driven input into an inout): a supply, pull or
# wired-logic kind, or any driver on it inside the design, changes the value the testbench and
# its reference model see on that net.
PLAIN_INPUT_NETS = {"Wire", "Tri", "UWire"}


def check(design: dict[str, str], context: dict[str, str], allowed: set[str], include_dir: str = ".",
          variants: list[list[str]] | None = None) -> dict[str, list[str]]:
    """Violations, each as `file:line: what`; `include_dir` holds the testbench's includes.
    `variants`: sets of predefined macros (`NAME=VALUE`), one per simulator; the design is
    judged as each of them preprocesses it (a directive can be built by a macro, where no rule
    on the text sees it).

    Returns `violations` (rules broken) and `errors` (slang's other errors in the design's
    files: an expression slang could not elaborate is one whose names nobody checked, so such
    a design is not simulated either)."""
    found: dict[str, list[str]] = {"violations": [], "errors": []}
    for predefines in variants or [[]]:
        for kind, items in _check_once(design, context, allowed, include_dir, predefines).items():
            found[kind] += items
    return {kind: list(dict.fromkeys(items)) for kind, items in found.items()}


def _check_once(design: dict[str, str], context: dict[str, str], allowed: set[str], include_dir: str,
                predefines: list[str]) -> dict[str, list[str]]:
    from pyslang import Bag, DiagnosticEngine, SourceManager, analysis, ast, parsing, syntax

    sm = SourceManager()
    sm.addUserDirectories(include_dir)
    options = parsing.PreprocessorOptions()
    options.predefines = predefines
    compilation = ast.CompilationOptions()
    # Every instance elaborated on its own (its names resolved in its own place), and the
    # relaxations the simulators grant, so that slang's remaining errors are real ones.
    flags = ast.CompilationFlags.DisableInstanceCaching
    for relaxed in RELAXED:
        flags |= getattr(ast.CompilationFlags, relaxed)
    compilation.flags = flags
    bag = Bag([options, compilation])
    comp = ast.Compilation(bag)
    own_trees, context_trees = [], []
    for path, text in context.items():
        context_trees.append(syntax.SyntaxTree.fromText(text, sm, path, "", bag))
        comp.addSyntaxTree(context_trees[-1])
    for path, text in design.items():
        tree = syntax.SyntaxTree.fromText(text, sm, path, "", bag)
        own_trees.append(tree)
        comp.addSyntaxTree(tree)

    found: list[str] = []

    def declared(trees) -> dict:
        names = {}

        def on_node(node):
            if not isinstance(node, parsing.Token) and str(node.kind).split(".")[-1] in DECLARATIONS:
                header = getattr(node, "header", None)
                token = header.name if header is not None else getattr(node, "name", None)
                if token is not None:
                    names[token.valueText] = token.location
        for tree in trees:
            tree.root.visit(on_node)
        return names

    def where(loc) -> str:  # where a macro is used, not where it is defined
        loc = sm.getFullyExpandedLoc(loc)
        return f"{sm.getFileName(loc)}:{sm.getLineNumber(loc)}"

    def own(loc) -> bool:
        return sm.getFileName(sm.getFullyExpandedLoc(loc)) in design

    # 1. The expanded syntax tree: every system name and every forbidden construct.
    for tree in own_trees:
        def on_node(node):
            if isinstance(node, parsing.Token):
                if node.kind == parsing.TokenKind.SystemIdentifier and node.valueText not in allowed:
                    found.append(f"{where(node.location)}: uses {node.valueText}")
                elif node.kind == parsing.TokenKind.RootSystemName:
                    found.append(f"{where(node.location)}: uses $root (a path from outside the design)")
                return
            name = str(node.kind).split(".")[-1]
            if name in FORBIDDEN_SYNTAX:
                found.append(f"{where(node.sourceRange.start)}: uses {FORBIDDEN_SYNTAX[name]}")
        tree.root.visit(on_node)

    theirs = declared(context_trees)
    for name, loc in declared(own_trees).items():
        if name in theirs:
            found.append(f"{where(loc)}: declares `{name}`, a name the testbench declares")

    # 2. Names that do not resolve within the design; any other error.
    errors: list[str] = []
    engine = DiagnosticEngine(sm)
    for diag in comp.getAllDiagnostics():
        code = str(diag.code).removeprefix("DiagCode(").removesuffix(")")
        if not diag.isError() or not own(diag.location) or code in BENIGN:
            continue
        if code in UNRESOLVED:
            what = ", ".join(str(a) for a in diag.args) if diag.args else code
            found.append(f"{where(diag.location)}: names `{what}`, which the design does not declare ({code})")
        else:
            errors.append(f"{where(diag.location)}: {engine.formatMessage(diag)}")

    # Drivers of every value (a port connection, a gate terminal, a pull, an assignment).
    drivers = analysis.AnalysisManager()
    drivers.analyze(comp)

    def check_inputs(instance) -> None:
        """An input port is read, never driven, by the design (see PLAIN_INPUT_NETS)."""
        for port in instance.body.portList:
            if not isinstance(port, ast.PortSymbol) or port.direction != ast.ArgumentDirection.In:
                continue
            net = port.internalSymbol
            if net is None:
                continue
            if isinstance(net, ast.NetSymbol) and str(net.netType.netKind).split(".")[-1] not in PLAIN_INPUT_NETS:
                found.append(f"{where(port.location)}: input port `{port.name}` is a `{net.netType.name}` net "
                             "(it would drive the testbench's net)")
            for driver in drivers.getDrivers(net):  # type: ignore[arg-type]  # a port's internal symbol is a value
                if not driver.isInputPort:
                    found.append(f"{where(driver.sourceRange.start)}: drives input port `{port.name}` "
                                 "(the simulators would drive the testbench's net with it)")

    # 3. The elaborated hierarchy: from each instance of the design's own modules, every name
    # must resolve to something inside that instance (or a package/unit item of the design).
    def inside(target, instance_path: str) -> bool:
        scope = target.parentScope
        holder = scope.containingInstance if scope is not None else None
        if holder is None:  # a package or compilation-unit item
            return own(target.location)
        path = holder.hierarchicalPath
        return path == instance_path or path.startswith((instance_path + ".", instance_path + "["))

    def check_instance(instance) -> None:
        path = instance.hierarchicalPath
        children = []
        check_inputs(instance)

        def on_node(node):
            if isinstance(node, ast.InstanceSymbol):
                children.append(node)
                for conn in node.portConnections:
                    if getattr(conn, "expression", None) is not None:
                        conn.expression.visit(on_node)
                return ast.VisitAction.Skip
            if isinstance(node, (ast.ParameterSymbol, ast.TypeParameterSymbol)):
                # Constants (no hierarchical names allowed); a value set by the instantiating
                # module is written in that module's scope.
                return ast.VisitAction.Skip
            if isinstance(node, ast.Statement) and node.kind == ast.StatementKind.Disable:
                node.target.visit(on_node)  # `disable NAME`: a block or task, which the walk skips
            if isinstance(node, ast.Expression):
                target = None
                if node.kind in (ast.ExpressionKind.NamedValue, ast.ExpressionKind.HierarchicalValue,
                                 ast.ExpressionKind.ArbitrarySymbol):
                    target = node.symbol
                elif node.kind == ast.ExpressionKind.Call and not node.isSystemCall:
                    target = node.subroutine
                if target is not None and not inside(target, path):
                    found.append(f"{where(node.sourceRange.start)}: refers to `{target.hierarchicalPath}`, "
                                 f"outside the design's own instance `{path}`")
            return ast.VisitAction.Advance

        instance.body.visit(on_node)
        for child in children:
            if own(child.body.definition.location):
                check_instance(child)
            else:
                found.append(f"{where(child.location)}: instantiates `{child.body.definition.name}`, "
                             "a module the design does not define")

    def walk(instance) -> None:
        if own(instance.body.definition.location):
            check_instance(instance)
            return

        def descend(node):
            if isinstance(node, ast.InstanceSymbol):
                walk(node)
                return ast.VisitAction.Skip
            return ast.VisitAction.Advance

        instance.body.visit(descend)

    for top in comp.getRoot().topInstances:
        walk(top)
    return {"violations": found, "errors": errors}


if __name__ == "__main__":
    # One process answers both questions the harness asks slang (pyslang's start-up is paid
    # once per candidate): line 1, the parse (syntax errors and top-level ports, as
    # `ports.parse`); line 2, the policy on the elaborated design, only when it parsed. A
    # crash after line 1 is the policy check's, not the parser's.
    import os

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # run with -I: only our folder
    from ports import parse

    request = json.loads(sys.argv[1])

    def read(paths):
        out = {}
        for p in paths:
            with open(p) as f:
                out[p] = f.read()
        return out

    design = read(request["design"])
    parsed = parse(design)
    print(json.dumps(parsed), flush=True)
    if not parsed["errors"]:
        print(json.dumps(check(design, read(request["context"]), set(request["allowed"]),
                               variants=request.get("variants"))))
