"""Task variants: `[[variants]]` tables in task.toml, each expanded by the loader into a task
`folder@variant` (the mechanism the cuda-kernels suite's dtype and shape instances use)."""

import textwrap

import pytest

from chipbench.tasks import Suite, TaskError, load_task

TOML = textwrap.dedent("""\
    title = "Scale"
    kind = "kernel"
    difficulty = "easy"
    tags = ["level1"]
    submit = ["model_new.py"]

    [eval]
    dtype = "float16"

    [[variants]]
    name = "bf16"
    constants = { DTYPE = "bfloat16" }
    eval = { dtype = "bfloat16" }
    tags = ["bf16"]

    [[variants]]
    name = "fp32_wide"
    constants = { DTYPE = "float32", N = 4096 }
    eval = { dtype = "float32" }
    skip_wrong = ["half_sum"]
    """)

MODEL = 'import torch\n\nN = 64\nDTYPE = "float16"\n\n\ndef get_inputs():\n    return [torch.randn(N)]\n'


def folder(tmp_path, toml=TOML, model=MODEL):
    root = tmp_path / "suite" / "scale"
    files = {"task.toml": toml, "prompt.md": "Scale it.\n", "workspace/model.py": model,
             "hidden/reference/model_new.py": "ref\n", "hidden/wrong/half_sum/model_new.py": "w1\n",
             "hidden/wrong/zeros/model_new.py": "w2\n"}
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_each_variant_is_a_task_after_the_folders_own(tmp_path):
    root = folder(tmp_path)
    suite = Suite(name="k", root=root.parent, evaluator="cuda-kernels", version="t")
    assert suite.task_names() == ["scale", "scale@bf16", "scale@fp32_wide"]
    base, bf16, wide = suite.load()
    assert (base.id, bf16.id, wide.id) == ("k/scale", "k/scale@bf16", "k/scale@fp32_wide")
    assert base.eval["dtype"] == "float16" and bf16.eval["dtype"] == "bfloat16"
    assert bf16.tags == ("level1", "bf16") and bf16.title == "Scale (bf16)"
    assert len({base.digest, bf16.digest, wide.digest}) == 3
    assert [t.name for t in suite.load(["scale@fp32_wide"])] == ["scale@fp32_wide"]


def test_constants_are_rewritten_in_the_workspace_only(tmp_path):
    root = folder(tmp_path)
    wide = load_task(root, "k", "fp32_wide")
    assert "DTYPE = 'float32'" in wide.workspace["model.py"] and "N = 4096" in wide.workspace["model.py"]
    assert 'DTYPE = "float16"' in load_task(root, "k").workspace["model.py"]
    assert wide.reference == {"model_new.py": "ref\n"}


def test_skip_wrong_drops_a_candidate_that_is_right_in_that_variant(tmp_path):
    root = folder(tmp_path)
    assert set(load_task(root, "k").wrong_candidates()) == {"half_sum", "zeros"}
    assert set(load_task(root, "k", "bf16").wrong_candidates()) == {"half_sum", "zeros"}
    assert set(load_task(root, "k", "fp32_wide").wrong_candidates()) == {"zeros"}


def test_bad_variants_name_the_problem(tmp_path):
    root = folder(tmp_path, toml=TOML.replace('N = 4096', 'SIZE = 4096'))
    with pytest.raises(TaskError, match="constant 'SIZE' is not assigned once"):
        load_task(root, "k", "fp32_wide")
    root = folder(tmp_path, toml=TOML.replace('skip_wrong = ["half_sum"]', 'skip_wrong = ["nope"]'))
    with pytest.raises(TaskError, match="skip_wrong"):
        load_task(root, "k")
    root = folder(tmp_path, toml=TOML.replace('name = "bf16"', 'name = "fp32_wide"'))
    with pytest.raises(TaskError, match="variant names repeat"):
        load_task(root, "k")
    root = folder(tmp_path, toml=TOML.replace('name = "bf16"', 'name = "BF-16"'))
    with pytest.raises(TaskError, match="lower-case"):
        load_task(root, "k")
    with pytest.raises(TaskError, match="no variant 'fp8'"):
        load_task(folder(tmp_path), "k", "fp8")


def test_a_folder_named_like_a_variant_is_refused(tmp_path):
    """Attack: a folder `foo@bar` beside `foo` declaring variant `bar` gave two tasks with the
    id `suite/foo@bar` (and selecting it loaded only the variant): records of both under one id."""
    for folder, variants in (("foo", '[[variants]]\nname = "bar"\n'), ("foo@bar", "")):
        d = tmp_path / folder
        (d / "hidden" / "reference").mkdir(parents=True)
        (d / "task.toml").write_text(f'title = "t"\nkind = "kernel"\ndifficulty = "easy"\nsubmit = ["a.py"]\n{variants}')
        (d / "prompt.md").write_text("x\n")
        (d / "hidden" / "reference" / "a.py").write_text("x = 1\n")
    suite = Suite(name="s", root=tmp_path, evaluator="cuda-kernels", version="1", description="")
    with pytest.raises(TaskError, match="may not contain '@'"):
        suite.load()
