"""Mean softmax cross-entropy of logits against integer class targets."""

import torch
import torch.nn as nn

BATCH = 4096
CLASSES = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, logits, target):
        return torch.nn.functional.cross_entropy(logits, target)


def get_inputs():
    return [torch.randn(BATCH, CLASSES) * 3.0, torch.randint(0, CLASSES, (BATCH,))]


def get_init_inputs():
    return []
