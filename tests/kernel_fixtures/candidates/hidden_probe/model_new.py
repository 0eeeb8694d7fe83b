"""Probe: reports every hidden file it can find, and answers wrong if it found any."""
import glob
import os
import sys
import torch
import torch.nn as nn

import kernel_ext

FOUND = []
for pattern in ("_judge/*.json", "ref/*", "result.json", "*.toml", "hidden/*", "../*/hidden", "/tmp/*/hidden",
                "@HIDDEN@/*", "@HIDDEN@/reference/*"):
    FOUND += glob.glob(pattern)
print("HIDDEN_PROBE", sorted(FOUND), file=sys.stderr)


class ModelNew(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(features))
        self.bias = nn.Parameter(torch.randn(features))

    def forward(self, x):
        out = kernel_ext.forward(x, self.weight, self.bias)
        return out.zero_() if FOUND else out
