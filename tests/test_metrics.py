import math

import pytest

from chipbench.evaluators.metrics import bootstrap_ci, fast_p, geometric_mean, pass_at_k


def test_pass_at_1_is_the_fraction_correct():
    assert pass_at_k(10, 3, 1) == pytest.approx(0.3)


def test_pass_at_k_matches_the_combinatorial_formula():
    assert pass_at_k(5, 2, 2) == pytest.approx(1 - math.comb(3, 2) / math.comb(5, 2))


def test_pass_at_k_is_one_when_fewer_wrong_than_k():
    assert pass_at_k(5, 4, 2) == 1.0


def test_pass_at_k_rejects_impossible_counts():
    with pytest.raises(ValueError):
        pass_at_k(3, 4, 1)
    with pytest.raises(ValueError):
        pass_at_k(3, 1, 4)


def test_geometric_mean_of_reciprocals_is_one():
    assert geometric_mean([2.0, 0.5]) == pytest.approx(1.0)


def test_fast_p_counts_all_tasks_in_the_denominator():
    correct = [True, True, False, True]
    speedups = [2.5, 0.8, 9.0, None]
    assert fast_p(correct, speedups, 1.0) == pytest.approx(0.25)
    assert fast_p(correct, speedups, 0.0) == pytest.approx(0.5)


def test_bootstrap_interval_brackets_the_estimate_and_is_reproducible():
    values = [0.8, 1.1, 1.5, 2.0, 3.1, 0.9, 1.3]
    lo, hi = bootstrap_ci(values)
    assert lo < geometric_mean(values) < hi
    assert bootstrap_ci(values) == (lo, hi)
