import math

import numpy as np
import pytest

from chipbench.evaluators.metrics import (
    bootstrap_ci, fast_p, geomean, geometric_mean, mean, one_task_sensitivity, paired_bootstrap, pass_at_k,
    stratified_bootstrap_ci, winsor_count, winsorised_geomean,
)


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


# -- hand-computed values ---------------------------------------------------------------------

@pytest.mark.parametrize("n, c, k, expected", [
    (10, 3, 1, 0.3),
    (5, 2, 2, 1 - 3 / 10),            # 1 - C(3,2)/C(5,2)
    (10, 5, 3, 1 - 10 / 120),         # 1 - C(5,3)/C(10,3)
    (20, 1, 5, 5 / 20),               # one correct of 20: the chance it is among 5 drawn
    (4, 1, 4, 1.0),                   # fewer wrong samples than k
    (20, 0, 5, 0.0),
])
def test_pass_at_k_matches_hand_computed_values(n, c, k, expected):
    assert pass_at_k(n, c, k) == pytest.approx(expected)


def test_geometric_mean_of_two_and_eight_is_four():
    assert geometric_mean([2.0, 8.0]) == pytest.approx(4.0)
    assert float(geomean(np.array([2.0, 8.0]))) == pytest.approx(4.0)


def test_winsorising_clamps_one_value_at_each_end_to_its_neighbour():
    # 5 values: one clamped at each end -> 2, 2, 4, 8, 8, whose product is 1024 = 4^5
    assert float(winsorised_geomean(np.array([1.0, 2.0, 4.0, 8.0, 1000.0]))) == pytest.approx(4.0)
    assert winsor_count(2) == 0 and winsor_count(3) == 1 and winsor_count(40) == 2 and winsor_count(200) == 10


def test_one_outlier_moves_the_winsorised_geomean_by_a_few_percent_and_the_plain_one_by_much_more():
    rng = np.random.default_rng(1)
    speedups = np.exp(rng.normal(0.1, 0.2, size=20))
    with_outlier = speedups.copy()
    with_outlier[3] = 819.0  # the answer-table exploit's figure
    plain = float(geomean(with_outlier)) / float(geomean(speedups)) - 1
    robust = float(winsorised_geomean(with_outlier)) / float(winsorised_geomean(speedups)) - 1
    assert plain > 0.3
    assert abs(robust) < 0.05
    # The reported bound holds: no single replacement moves the figure further than it says.
    bound = one_task_sensitivity(speedups)
    assert abs(robust) <= bound + 1e-12 and bound < 0.05


def test_bootstrap_interval_covers_the_true_geomean_at_about_its_nominal_rate():
    """Synthetic tasks with a known geometric mean: the 95% interval should cover it in about
    95% of repeated experiments (the percentile bootstrap runs a little under at 40 tasks)."""
    rng = np.random.default_rng(7)
    true = math.exp(0.3)
    trials = 300
    covered = 0
    for t in range(trials):
        sample = np.exp(rng.normal(0.3, 0.5, size=40))
        lo, hi = bootstrap_ci(sample, geomean, n_resamples=1000, seed=t)
        covered += lo <= true <= hi
    assert 0.90 <= covered / trials <= 0.985, covered / trials


def test_paired_comparison_of_a_constant_lead_has_that_difference_and_a_zero_width_interval():
    b = np.array([0.0, 0.5, 1.0, 0.25, 0.75])
    c = paired_bootstrap(b + 0.2, b)
    assert (c.difference, c.low, c.high) == pytest.approx((0.2, 0.2, 0.2))
    assert c.a_better and not c.b_better and c.verdict == "A" and c.tasks == 5


def test_paired_comparison_of_a_run_with_itself_is_a_tie():
    a = np.array([1.0, 0.0, 1.0, 1.0, 0.0, 0.5])
    c = paired_bootstrap(a, a)
    assert (c.difference, c.low, c.high) == (0.0, 0.0, 0.0) and c.verdict == "tie"


def test_paired_comparison_tells_apart_only_what_the_tasks_support():
    # A solves 12 of 40 tasks more than B and loses none: clearly better.
    b = np.array([1.0] * 10 + [0.0] * 30)
    a = b.copy()
    a[10:22] = 1.0
    assert paired_bootstrap(a, b).a_better
    # A wins 3 tasks and loses 3: the interval spans zero.
    a = b.copy()
    a[10:13] = 1.0
    a[0:3] = 0.0
    c = paired_bootstrap(a, b)
    assert c.difference == 0.0 and c.low < 0 < c.high and c.verdict == "tie"


def test_pairing_removes_task_difficulty_that_an_unpaired_interval_keeps():
    rng = np.random.default_rng(3)
    difficulty = rng.uniform(0, 1, size=60)
    a, b = difficulty + 0.05, difficulty  # A is a little better on every task
    paired = paired_bootstrap(a, b)
    lo_a, hi_a = bootstrap_ci(a, mean)
    lo_b, hi_b = bootstrap_ci(b, mean)
    assert paired.a_better
    assert lo_a < hi_b  # unpaired intervals overlap: they could not tell A from B


def test_stratified_interval_weighs_each_stratum_the_same():
    lo, hi = stratified_bootstrap_ci([[1.0] * 200, [0.0] * 10])
    assert (lo, hi) == pytest.approx((0.5, 0.5))  # not 200/210, as pooling the tasks would give
