"""What a candidate's code may reach, decided on the code itself before any of it runs.

The judge's guards inside the candidate's process (the dispatch mode that sees ATen ops, the
identity snapshot of the judge's objects) hold only as long as candidate code cannot reach
them. So the harness first checks what the code *can* reach, outside the sandbox:

- `model_new.py` (Python): imports only from an allow-list (torch, torch.nn, math, triton,
  the built `kernel_ext`; never numpy, threading, ctypes, os, sys, gc, subprocess), no
  attribute or name that starts with an underscore (torch._C, __globals__, __code__, the
  dispatch-mode stack) and no dunder method of its own but __init__ (__torch_function__,
  __del__), no builtins that turn strings into code or attributes (getattr,
  eval, exec, __import__, open), and no torch entry point that runs code the guards do not
  see (torch.library re-registering kernels, torch.compile/jit, cpp_extension, numpy
  interchange, thread settings).
- the built extension (C++/CUDA): every undefined dynamic symbol must be on an allow-list of
  allocation, tensor metadata, error, Python-binding, OpenMP work-sharing, C/C++ runtime and
  math functions. ATen compute (`at::_ops::softmax::call`, `at::native::*`, `at::cpu::*`,
  BLAS), thread creation (`pthread_create`, `std::thread`), processes, files, `dlsym` and
  dispatch-key guards are not on it, so a "kernel" that hands its work to PyTorch on a
  thread of its own, or below the dispatcher, is rejected whatever thread it runs on.

Both are allow-lists: what is not named is refused, so a new route is closed by default.
"""

from __future__ import annotations

import ast
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from chipbench.evaluators.kernels.worker.ops import ALLOCATION_AND_VIEW

IMPORTS = frozenset({"torch", "torch.nn", "torch.nn.functional", "math", "kernel_ext", "triton", "triton.language",
                     "typing", "__future__"})
NAMES = frozenset({"getattr", "setattr", "delattr", "eval", "exec", "compile", "globals", "locals", "vars",
                   "open", "breakpoint", "input", "memoryview", "__import__", "__builtins__"})
ATTRIBUTES = frozenset({
    "library", "compile", "jit", "utils", "cpp_extension", "fx", "export", "hub", "multiprocessing",
    "distributed", "backends", "set_num_threads", "set_num_interop_threads", "numpy", "from_numpy", "from_dlpack",
    "to_dlpack", "load", "save", "frombuffer", "from_file", "overrides", "ops", "_C", "classes", "func",
    "set_default_device", "use_deterministic_algorithms", "manual_seed", "seed", "set_rng_state", "get_rng_state",
    "random", "tolist", "data_ptr", "untyped_storage", "storage", "set_", "register_forward_hook",
    "register_forward_pre_hook", "register_full_backward_hook",
})
ALLOWED_DUNDERS = frozenset({"__init__", "__name__", "__future__"})


@dataclass(frozen=True)
class Violation:
    category: str  # forbidden_import, forbidden_name, forbidden_symbol
    detail: str


def check_python(source: str, filename: str = "model_new.py") -> Violation | None:
    """The first construct in `source` outside what a kernel's Python wrapper may use."""
    try:
        tree = ast.parse(source, filename)
    except SyntaxError:
        return None  # the import fails in the judge and says why, as for any other error
    triton = {alias.asname or alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
              for alias in node.names if alias.name.split(".")[0] == "triton"}
    triton |= {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
               and (node.module or "").startswith("triton") for alias in node.names}
    for node in ast.walk(tree):
        where = f"{filename}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name not in IMPORTS:
                    return Violation("forbidden_import", f"{where}: import {alias.name} (a kernel's wrapper may "
                                                         f"import only {', '.join(sorted(IMPORTS - {'__future__'}))})")
        elif isinstance(node, ast.ImportFrom):
            if node.level or node.module not in IMPORTS:
                return Violation("forbidden_import", f"{where}: from {'.' * node.level}{node.module or ''} import ...")
            on_triton = node.module.startswith("triton")
            for alias in node.names:  # `from torch import compile` reaches what `torch.compile` would
                if alias.name == "*" or (alias.name in ATTRIBUTES and not on_triton) or alias.name.startswith("_"):
                    return Violation("forbidden_name", f"{where}: from {node.module} import {alias.name} "
                                                       "(reaches code or state the judge cannot watch)")
        elif isinstance(node, ast.Attribute):
            on_triton = _root(node) in triton  # triton.jit, tl.constexpr: Triton's own language
            if (node.attr in ATTRIBUTES and not on_triton) or (node.attr.startswith("_") and node.attr not in ALLOWED_DUNDERS):
                return Violation("forbidden_name", f"{where}: .{node.attr} (reaches code or state the judge "
                                                   "cannot watch)")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name.startswith("__") and node.name not in ALLOWED_DUNDERS:  # __torch_function__, __del__
                return Violation("forbidden_name", f"{where}: defines {node.name}")
        elif isinstance(node, ast.Name):
            if node.id in NAMES or (node.id.startswith("__") and node.id not in ALLOWED_DUNDERS):
                return Violation("forbidden_name", f"{where}: {node.id}")
    return None


def _root(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Call, ast.Subscript)):
        node = node.value if not isinstance(node, ast.Call) else node.func
    return node.id if isinstance(node, ast.Name) else None


# --- the built extension -------------------------------------------------------------------

C_FUNCTIONS = frozenset("""
memcpy memmove memset memcmp memchr strlen strcmp strncmp strchr strrchr strdup strstr strtol strtod
malloc calloc realloc free posix_memalign aligned_alloc
fprintf fputc fputs fflush fwrite printf puts putchar snprintf vsnprintf sprintf stderr stdout
__fprintf_chk __printf_chk __snprintf_chk __vsnprintf_chk __sprintf_chk __memcpy_chk __memmove_chk __memset_chk
__assert_fail __stack_chk_fail __tls_get_addr __libc_single_threaded __cxa_finalize __gmon_start__
__dynamic_cast __gxx_personality_v0 _ITM_registerTMCloneTable _ITM_deregisterTMCloneTable
pthread_mutex_lock pthread_mutex_unlock pthread_mutex_trylock pthread_once pthread_self
pthread_key_create pthread_getspecific pthread_setspecific pthread_equal abort
omp_get_thread_num omp_get_num_threads omp_get_max_threads omp_in_parallel omp_get_num_procs
GOMP_parallel GOMP_barrier GOMP_critical_start GOMP_critical_end GOMP_critical_name_start
GOMP_critical_name_end GOMP_atomic_start GOMP_atomic_end GOMP_single_start GOMP_loop_end
GOMP_loop_end_nowait GOMP_parallel_loop_static GOMP_parallel_loop_dynamic GOMP_parallel_loop_guided
GOMP_loop_static_start GOMP_loop_dynamic_start GOMP_loop_guided_start GOMP_loop_static_next
GOMP_loop_dynamic_next GOMP_loop_guided_next GOMP_loop_nonmonotonic_dynamic_start
GOMP_loop_nonmonotonic_dynamic_next GOMP_loop_start GOMP_loop_ull_static_start GOMP_loop_ull_dynamic_start
GOMP_loop_ull_static_next GOMP_loop_ull_dynamic_next GOMP_parallel_reductions GOMP_single_copy_start
GOMP_single_copy_end
""".split())
# libm: float and double versions of the usual functions (and their vector variants).
MATH = re.compile(r"^_*(?:ZGV\w+_)?(?:exp|exp2|expm1|log|log2|log10|log1p|pow|sqrt|cbrt|sin|cos|tan|asin|acos|atan|"
                  r"atan2|sinh|cosh|tanh|asinh|acosh|atanh|erf|erfc|tgamma|lgamma|fabs|floor|ceil|round|lround|"
                  r"llround|trunc|fmod|remainder|fmin|fmax|fma|hypot|ldexp|frexp|modf|nearbyint|rint|lrint|"
                  r"copysign|nan|sincos|exp10)[fl]?(?:_finite)?$")
PYTHON_DENIED = re.compile(r"^_?Py(?:Run_|Import_|_Compile|Eval_EvalCode|Eval_GetGlobals|Eval_GetLocals|Eval_GetFrame|"
                           r"Marshal_|Code_|Function_|Frame_New|Sys_|OS_|File_|_AddPendingCall|Thread_start)")
CPP_ALLOWED = ("std::", "__cxxabiv1::", "__gnu_cxx::", "c10::", "caffe2::", "pybind11::", "at::TensorBase::",
               "torch::PyWarningHandler", "torch::translate_exception_to_python", "at::cuda::getCurrentCUDAStream", "at::cuda::getCurrentDeviceProperties",
               "at::cuda::getDeviceProperties", "at::cuda::warp_size",
               "at::get_num_threads", "at::get_thread_num", "at::in_parallel_region",
               "at::internal::lazy_init_num_threads", "at::internal::invoke_parallel")
CPP_DENIED = ("std::thread", "std::jthread", "std::basic_ifstream", "std::basic_ofstream", "std::basic_fstream",
              "std::basic_filebuf", "std::filesystem", "std::system", "c10::Dispatcher", "c10::OperatorHandle",
              "c10::impl::", "c10::ThreadPool", "c10::TaskThreadPool", "c10::SymbolicShapeMeta::set", "at::set_num")
# What the chipbench light <torch/extension.h> itself needs (torch's pybind11 casters): allowed
# even where a wider rule below refuses the namespace.
HEADER_NEEDS = ("c10::impl::getGlobalPyInterpreter", "c10::impl::ExcludeDispatchKeyGuard::",
                "torch::autograd::AutogradMeta")
CUDA = re.compile(r"^(?:cuda[A-Z]\w*|__cuda\w+|__nv\w+|cuLaunchKernel|cuGetProcAddress\w*)$")
OPS = re.compile(r"^at::_ops::(\w+)::call$")


def qualified_name(symbol: str) -> str:
    """The qualified function or object name in one demangled `nm -C` symbol: the return type,
    the parameter list and the symbol version left out (`float* at::X::f<float>(long) const`
    -> `at::X::f<float>`; `typeinfo for std::bad_alloc` -> `std::bad_alloc`)."""
    s = symbol.split("@", 1)[0].strip()
    for prefix in ("vtable for ", "typeinfo for ", "typeinfo name for ", "VTT for ", "guard variable for "):
        if s.startswith(prefix):
            s = s[len(prefix):]
    depth, cut = 0, len(s)
    for i, ch in enumerate(s):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0 and i > 0 and not s.startswith("operator", max(0, i - 8)):
            cut = i
            break
    head, depth, start = s[:cut], 0, 0
    for i, ch in enumerate(head):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == " " and depth == 0 and not head[:i].endswith("operator"):
            start = i + 1
    return head[start:].strip()


def symbol_allowed(symbol: str) -> bool:
    name = qualified_name(symbol)
    if name.startswith("operator new") or name.startswith("operator delete"):
        return True
    if "::" not in name:
        bare = name.split("<", 1)[0]
        if bare in C_FUNCTIONS or MATH.match(bare) or CUDA.match(bare) or bare.startswith(("__cxa_", "_Unwind_")):
            return True
        return bare.startswith(("Py", "_Py")) and not PYTHON_DENIED.match(bare)
    if name.startswith(HEADER_NEEDS) or name == "torch::autograd::AutogradMeta":
        return True
    if name.startswith(CPP_DENIED):
        return False
    if match := OPS.match(name.split("<", 1)[0]):
        return match.group(1) in ALLOCATION_AND_VIEW
    return name.startswith(CPP_ALLOWED)


def undefined_symbols(module: bytes) -> list[str]:
    """The undefined dynamic symbols of a shared object, demangled (binutils' nm, run here on
    the harness's side: the module is data to it, nothing of it runs)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "module.so"
        path.write_bytes(module)
        out = subprocess.run(["nm", "-D", "-C", "--undefined-only", str(path)], capture_output=True, text=True,
                             timeout=60)
    if out.returncode != 0:
        raise ValueError(f"nm could not read the module: {out.stderr.strip()[:300]}")
    symbols = []
    for line in out.stdout.splitlines():
        parts = line.split(None, 1)
        if len(parts) == 2 and parts[0] in ("U", "w", "v"):
            symbols.append(parts[1].strip())
    return symbols


def check_symbols(module: bytes, source: str) -> Violation | None:
    """The first symbol the built extension imports that no kernel needs."""
    try:
        symbols = undefined_symbols(module)
    except ValueError as exc:
        return Violation("forbidden_symbol", f"{source}: {exc}")
    denied = sorted({qualified_name(s) for s in symbols if not symbol_allowed(s)})
    if denied:
        shown = ", ".join(denied[:6]) + (f" and {len(denied) - 6} more" if len(denied) > 6 else "")
        return Violation("forbidden_symbol", f"{source} calls {shown}: a kernel may call only allocation, "
                                             "tensor-metadata, OpenMP work-sharing, C/C++ runtime and math "
                                             "functions (no ATen compute, BLAS, threads, processes, files or "
                                             "dynamic loading)")
    return None
