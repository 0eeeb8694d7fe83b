"""The ATen ops a kernel wrapper may use: they allocate, reshape, view or copy memory.

Shared by the judge's dispatch guard (inside the sandbox) and the harness's check of a built
extension's undefined symbols (`at::_ops::NAME::call`), so both sides allow the same ops.
Stdlib only: the harness imports it without torch."""

ALLOCATION_AND_VIEW = frozenset("""
empty empty_like empty_strided new_empty new_empty_strided zeros zeros_like new_zeros ones ones_like
new_ones full full_like new_full fill_ zero_ resize_ set_ lift_fresh lift_fresh_copy
view _unsafe_view reshape expand expand_as permute transpose t squeeze unsqueeze select slice
as_strided alias detach contiguous clone copy_ _to_copy _copy_from _copy_from_and_resize to
unbind split split_with_sizes chunk narrow flatten unflatten view_as movedim _reshape_alias
_local_scalar_dense is_same_size sym_size sym_stride sym_numel sym_storage_offset
""".split())
