"""Hidden candidates declared as edits of another hidden folder (`edits.toml`,
chipbench/candidate_edits.py): applied when the task's candidates are read, refused at load
when they no longer apply, and used by every near-copy of a reference the kernel suite ships."""

import difflib
import textwrap
import tomllib
from pathlib import Path

import pytest

from chipbench.candidate_edits import CANDIDATE_KINDS, EDITS_FILE, file_names, materialise
from chipbench.core import read_tree, tree_names
from chipbench.runner import resolve_suites
from chipbench.tasks import TaskError, load_task

TOML = 'title = "Add"\nkind = "kernel"\ndifficulty = "easy"\nsubmit = ["model_new.py", "kernel.cpp"]\n'
REFERENCE = {"model_new.py": "import kernel_ext\n", "kernel.cpp": "int add(int a, int b) {\n  return a + b;\n}\n"}
EDITS = textwrap.dedent('''\
    why = "subtracts"
    base = "reference"

    [[edit]]
    file = "kernel.cpp"
    find = "return a + b;"
    replace = "return a - b;"
    ''')


def folder(tmp_path: Path, edits: str = EDITS, own: dict[str, str] | None = None) -> Path:
    root = tmp_path / "add"
    files = {"task.toml": TOML, "prompt.md": "Add.\n",
             **{f"hidden/reference/{k}": v for k, v in REFERENCE.items()},
             f"hidden/wrong/subtracts/{EDITS_FILE}": edits,
             **{f"hidden/wrong/subtracts/{k}": v for k, v in (own or {}).items()}}
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_a_candidate_is_its_base_with_the_edits_applied(tmp_path):
    task = load_task(folder(tmp_path), "k")
    assert task.wrong_candidates() == {"subtracts": {
        "model_new.py": REFERENCE["model_new.py"], "kernel.cpp": "int add(int a, int b) {\n  return a - b;\n}\n"}}


def test_the_candidates_own_files_replace_the_bases(tmp_path):
    edits = EDITS.replace('base = "reference"\n', 'base = "reference"\nown = ["model_new.py"]\n')
    task = load_task(folder(tmp_path, edits, own={"model_new.py": "import kernel_ext  # own\n"}), "k")
    assert task.wrong_candidates()["subtracts"]["model_new.py"] == "import kernel_ext  # own\n"


def test_a_file_left_in_the_folder_is_not_part_of_the_candidate(tmp_path):
    """A copy left from before the edits (setuptools keeps deleted files in build/lib, so an
    install from an old tree brings them back) does not replace the edited file."""
    task = load_task(folder(tmp_path, own={"kernel.cpp": "int add(int a, int b) { return a + b; }\n"}), "k")
    assert "a - b" in task.wrong_candidates()["subtracts"]["kernel.cpp"]


def test_a_reference_fix_reaches_the_wrong_twin(tmp_path):
    root = folder(tmp_path)
    (root / "hidden/reference/kernel.cpp").write_text("long add(int a, int b) {\n  return a + b;\n}\n")
    assert load_task(root, "k").wrong_candidates()["subtracts"]["kernel.cpp"].startswith("long add")


@pytest.mark.parametrize(("edits", "message"), [
    (EDITS.replace("return a + b;", "return b + a;", 1), "occurs 0 times"),
    (EDITS.replace('find = "return a + b;"', 'find = "a"'), "occurs 3 times"),
    (EDITS.replace('base = "reference"', 'base = "cuda"'), "no such folder"),
    (EDITS.replace('base = "reference"', 'base = "../../other"'), "base"),
    (EDITS.replace('base = "reference"', 'base = "wrong"'), "base"),
    (EDITS.replace('file = "kernel.cpp"', 'file = "kernel.cu"'), "does not exist"),
    (EDITS.replace('"return a - b;"', '"return a + b;"'), "changes nothing"),
    (EDITS.replace("why", "reason"), "reason"),
    ('base = "reference"\n', "would be its base"),
    (EDITS.replace('base = "reference"\n', 'base = "reference"\nown = ["model_new.py"]\n'), "not in the folder"),
    (EDITS + "[[[", "not valid TOML"),
])
def test_an_edit_that_no_longer_applies_is_a_load_error(tmp_path, edits, message):
    """A reference changed under an edited line, or a malformed edits.toml, stops the task at
    load with the file and the edit named, not a wrong twin that quietly tests nothing."""
    with pytest.raises(TaskError, match=message) as info:
        load_task(folder(tmp_path, edits), "k")
    assert "wrong/subtracts/edits.toml" in str(info.value)


def _changed_lines(a: str, b: str) -> int:
    return sum(1 for d in difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm="", n=0)
               if d[:1] in "+-" and not d.startswith(("+++", "---")))


def _near_copy(base: str, text: str) -> bool:
    """At most 12 lines changed, and at most a third of the file (a cheat's model_new.py that
    rewrites its forward is its own file)."""
    changed = _changed_lines(base, text)
    return changed <= 12 and 3 * changed <= len(text.splitlines())


def test_no_kernel_candidate_is_a_near_copy_of_a_hidden_folder():
    """No known-wrong (right, worse) candidate of the cuda-kernels suite holds a near copy of
    the same file of a reference folder (reference, cuda, triton): it declares edits instead,
    and holds no file its edits.toml does not name. And every task loads (so every edit
    applies)."""
    (suite,) = resolve_suites(["cuda-kernels"])
    root = Path(str(suite.root))
    copies, stray = [], []
    for hidden in sorted(p / "hidden" for p in root.iterdir() if (p / "task.toml").is_file()):
        bases = [read_tree(p) for p in hidden.iterdir() if p.is_dir() and p.name not in ("wrong", "right", "worse")]
        for case in sorted(p for kind in ("wrong", "right", "worse") for p in (hidden / kind).glob("*")):
            files = read_tree(case)
            if EDITS_FILE in files:
                declared = set(tomllib.loads(files.pop(EDITS_FILE)).get("own", []))
                stray += [f"{case.relative_to(root)}/{n}" for n in files if n not in declared]
            for name, text in files.items():
                if any(name in b and _near_copy(b[name], text) for b in bases):
                    copies.append(f"{case.relative_to(root)}/{name}")
    assert not copies, copies
    assert not stray, (f"files an edits.toml does not name in `own`: {stray} (in an installed copy: left in "
                       "build/lib by an install made before they were deleted; rm -rf build, reinstall)")
    assert len(suite.load()) == len(suite.task_names())


def test_file_names_are_the_names_of_the_materialised_files(tmp_path):
    """`file_names` (what a backend asks when it picks the candidates it checks) names exactly
    the files `materialise` gives, without reading or editing them, for every candidate every
    suite ships, and for one whose own files replace and add to its base's."""
    tasks_root = Path(str(resolve_suites(["cuda-kernels"])[0].root)).parent
    extra = folder(tmp_path, EDITS.replace('base = "reference"\n', 'base = "reference"\nown = ["model_new.py", "x.h"]\n'),
                   own={"model_new.py": "import kernel_ext  # own\n", "x.h": "", "stale.cpp": ""})
    hiddens = [*sorted(p for p in tasks_root.rglob("hidden") if p.is_dir()), extra / "hidden"]
    checked = 0
    for hidden in hiddens:
        for case in sorted(p for kind in CANDIDATE_KINDS for p in (hidden / kind).glob("*") if p.is_dir()):
            names = file_names(tree_names(case), lambda n, case=case: (case / n).read_text(),
                               lambda base, hidden=hidden: tree_names(hidden / base), str(case))
            files = materialise(read_tree(case), lambda base, hidden=hidden: read_tree(hidden / base), str(case))
            assert names == files.keys(), case
            checked += 1
    assert checked > 400
    names = file_names(tree_names(extra / "hidden/wrong/subtracts"),
                       lambda n: (extra / "hidden/wrong/subtracts" / n).read_text(),
                       lambda base: tree_names(extra / "hidden" / base), "x")
    assert names == {"model_new.py", "kernel.cpp", "x.h"}
