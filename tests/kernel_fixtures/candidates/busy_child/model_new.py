"""Work beside the judge's process: a child process that burns CPU while the calls are timed
(as a candidate handing its work to another process would). The judge's own CPU time would not
show that work, so the speed must be measured on the wall clock."""
import os
import time

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, features):
        super().__init__()
        import torch

        self.weight = nn.Parameter(torch.randn(features))
        self.bias = nn.Parameter(torch.randn(features))
        self.child = None

    def forward(self, x):
        if self.child is None:
            self.child = os.fork()
            if self.child == 0:
                end = time.monotonic() + 60
                while time.monotonic() < end:
                    pass
                os._exit(0)
        return kernel_ext.forward(x, self.weight, self.bias)
