"""A real OpenAI-compatible server for tests: `transformers serve` on 127.0.0.1, serving tiny
models built at test time (nothing is downloaded).

The tokenizer is a byte-level BPE trained with `tokenizers` on the suites' own task prompts;
the models have random weights: a two-layer Llama (rotary positions, so a long prompt is
merely out of its training range, never an error) and a two-layer GPT-2 with a short learned
position table, which cannot embed a prompt longer than its context: the server answers such
a request with an HTTP 500, as a real over-long prompt on a real server does. Greedy decoding
(the models' default generation config) makes every reply deterministic.

The server loads a model on its first request naming the model's folder (`local/<folder>`).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

CHAT_TEMPLATE = ("{% for m in messages %}<s>{{ m['role'] }}\n{{ m['content'] or '' }}</s>{% endfor %}"
                 "{% if add_generation_prompt %}<s>assistant\n{% endif %}")
SHORT_CONTEXT = 64
"""The GPT-2's context in tokens: far below any task prompt."""


def task_prompts(per_suite: int = 20) -> list[str]:
    from chipbench.registry import suites

    texts = []
    for name in ("verilog", "isa-transpile", "cuda-kernels"):
        suite = suites.get(name)
        texts += [t.prompt for t in suite.load([f.name for f in suite.task_folders()[:per_suite]])]
    return texts


def build_models(root: Path) -> tuple[Path, Path]:
    """(llama folder, short-context gpt2 folder), both with the same trained tokenizer."""
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import GPT2Config, GPT2LMHeadModel, LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    bpe = Tokenizer(models.BPE(unk_token="<unk>"))
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    bpe.train_from_iterator(task_prompts(), trainers.BpeTrainer(
        vocab_size=1000, special_tokens=["<unk>", "<s>", "</s>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=bpe, bos_token="<s>", eos_token="</s>", unk_token="<unk>")
    tokenizer.chat_template = CHAT_TEMPLATE
    torch.manual_seed(0)
    common = dict(vocab_size=len(tokenizer), bos_token_id=1, eos_token_id=2)
    llama = LlamaForCausalLM(LlamaConfig(hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                                         num_attention_heads=4, num_key_value_heads=4,
                                         max_position_embeddings=8192, **common))
    gpt2 = GPT2LMHeadModel(GPT2Config(n_positions=SHORT_CONTEXT, n_embd=64, n_layer=2, n_head=4, **common))
    folders = root / "tiny-llama", root / "tiny-gpt2-short"
    for model, folder in zip((llama, gpt2), folders):
        model.save_pretrained(folder)
        tokenizer.save_pretrained(folder)
    return folders


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    process: subprocess.Popen
    port: int
    log: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def answers(self) -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=2) as r:
                return r.status == 200
        except OSError:
            return False

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def serve_cli() -> str | None:
    """The `transformers` command of this interpreter's environment, if installed."""
    here = Path(sys.executable).parent / "transformers"
    return str(here) if here.exists() else shutil.which("transformers")


def start_server(log: Path, startup_s: float = 120) -> Server:
    port = free_port()
    handle = open(log, "w")
    process = subprocess.Popen([serve_cli(), "serve", "--host", "127.0.0.1", "--port", str(port), "--device", "cpu",
                                "--log-level", "info"], stdout=handle, stderr=subprocess.STDOUT)
    server = Server(process, port, log)
    deadline = time.monotonic() + startup_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"transformers serve exited ({process.returncode}):\n{log.read_text()[-3000:]}")
        if server.answers():
            return server
        time.sleep(0.5)
    server.stop()
    raise RuntimeError(f"transformers serve did not answer within {startup_s:g} s:\n{log.read_text()[-3000:]}")
