"""Cross-entropy of logits against class indices and its gradient: loss, dlogits."""

import torch
import torch.nn as nn
import torch.nn.functional as F

ROWS = 256
CLASSES = 1000
DTYPE = "float32"


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, logits, target):
        with torch.enable_grad():
            logits = logits.detach().requires_grad_(True)
            loss = F.cross_entropy(logits, target)
            (dz,) = torch.autograd.grad(loss, (logits,))
        return loss.detach(), dz


def get_inputs():
    dtype = getattr(torch, DTYPE)
    return [(torch.randn(ROWS, CLASSES) * 2.0).to(dtype), torch.randint(0, CLASSES, (ROWS,))]


def get_init_inputs():
    return []
