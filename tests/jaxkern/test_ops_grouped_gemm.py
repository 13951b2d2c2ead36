"""jaxkern.grouped_gemm: end to end, and every documented ValueError / NotImplementedError."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import jaxkern
from pallas_kernels.grouped_gemm import grouped_gemm_xla
from _testing import FP8, H200_MESH, grouped_gemm_numpy, random_group_sizes, rel_err

S = jax.ShapeDtypeStruct


def test_contiguous_and_masked(rng):
  sizes = random_group_sizes(rng, 5, 50, empty=2)
  lhs = jnp.asarray(rng.standard_normal((56, 64)), jnp.bfloat16)
  rhs = jnp.asarray(rng.standard_normal((5, 64, 48)), jnp.bfloat16)
  out = jaxkern.grouped_gemm(lhs, rhs, jnp.asarray(sizes), out_dtype=jnp.float32)
  assert out.dtype == jnp.float32
  assert rel_err(out, grouped_gemm_numpy(lhs, rhs, sizes)) < 1e-2
  masked = jnp.asarray(rng.standard_normal((5, 16, 64)), jnp.bfloat16)
  mm = np.array([16, 0, 3, 9, 1], np.int32)
  out = jaxkern.grouped_gemm(masked, rhs, masked_m=jnp.asarray(mm), activation="swiglu")
  want = grouped_gemm_numpy(masked, rhs, masked_m=mm, activation="swiglu")
  assert out.shape == (5, 16, 24) and rel_err(out, want) < 2e-2
  # invalid_rows="unwritten" allows any contents past masked_m: the valid rows are the same
  loose = jaxkern.grouped_gemm(masked, rhs, masked_m=jnp.asarray(mm), activation="swiglu",
                               invalid_rows="unwritten")
  valid = np.arange(16)[None, :, None] < mm[:, None, None]
  np.testing.assert_array_equal(np.where(valid, np.asarray(loose, np.float32), 0),
                                np.asarray(out, np.float32))


@pytest.mark.parametrize("k,n", [(64, 48), (48, 64)])   # result-side / lhs-side zeroing
def test_xla_masked_unwritten_skips_the_zeroing_pass(rng, k, n):
  """The XLA path zeroes the rows past masked_m with one select pass (over the result or the
  lhs); under invalid_rows="unwritten" it leaves them as computed (session 58: 6-7% of the
  masked gate/up rows on an H100), and the valid rows, NaN-poisoned invalid lhs rows beside
  them, are bit for bit those of invalid_rows="zero"."""
  mm = np.array([16, 0, 3, 9, 1], np.int32)
  lhs = rng.standard_normal((5, 16, k)).astype(np.float32)
  lhs[np.arange(16)[None, :] >= mm[:, None]] = np.nan
  lhs, mm = jnp.asarray(lhs, jnp.bfloat16), jnp.asarray(mm)
  rhs = jnp.asarray(rng.standard_normal((5, k, n)), jnp.bfloat16)
  run = {rows: jax.jit(lambda a, b, m, r=rows: grouped_gemm_xla(a, b, masked_m=m, invalid_rows=r))
         for rows in ("zero", "unwritten")}
  selects = {rows: str(jax.make_jaxpr(f)(lhs, rhs, mm)).count("select_n") for rows, f in run.items()}
  assert selects == {"zero": 1, "unwritten": 0}
  zero, loose = (np.asarray(run[r](lhs, rhs, mm), np.float32) for r in ("zero", "unwritten"))
  valid = np.arange(16)[None, :, None] < np.asarray(mm)[:, None, None]
  assert np.all(zero[~np.broadcast_to(valid, zero.shape)] == 0) and np.isfinite(zero).all()
  np.testing.assert_array_equal(np.where(valid, loose, 0), zero)
  assert rel_err(zero, grouped_gemm_numpy(lhs, rhs, masked_m=np.asarray(mm))) < 1e-2


LHS, RHS, GS = S((64, 256), jnp.bfloat16), S((4, 256, 96), jnp.bfloat16), S((4,), jnp.int32)
RHS128 = S((4, 256, 128), jnp.bfloat16)   # N in whole 64-column output tiles (the kernel's)
L8, R8 = S((64, 256), FP8), S((4, 256, 96), FP8)
LS8, RS8 = S((64, 2), jnp.float32), S((4, 2, 1), jnp.float32)

BAD = [
    ((LHS, S((256, 96), jnp.bfloat16), GS), {}, "rhs must be 3-D"),
    ((LHS, RHS), {}, "exactly one of group_sizes"),
    ((LHS, RHS, GS), dict(masked_m=GS), "exactly one of group_sizes"),
    ((S((2, 64, 256), jnp.bfloat16), RHS, GS), {}, "lhs must be 2-D"),
    ((LHS, RHS, S((3,), jnp.int32)), {}, "group_sizes must be [G=4]"),
    ((LHS, RHS, S((4,), jnp.float32)), {}, "group_sizes must have an integer dtype"),
    ((S((64, 128), jnp.bfloat16), RHS, GS), {}, "last dim must be K=256"),
    ((LHS, S((4, 256, 96), jnp.float16), GS), {}, "must share one dtype"),
    ((S((64, 256), jnp.int8), S((4, 256, 96), jnp.int8), GS), {}, "lhs must be one of"),
    ((S((3, 16, 256), jnp.bfloat16), RHS), dict(masked_m=GS), "lhs must be [G=4, M_max, K]"),
    ((S((4, 16, 256), jnp.bfloat16), RHS), dict(masked_m=S((4, 1), jnp.int32)), "masked_m must be 1-D"),
    ((LHS, RHS, GS), dict(lhs_scale=LS8), "lhs_scale/rhs_scale are for float8_e4m3fn"),
    ((L8, R8, GS), {}, "need lhs_scale"),
    ((S((64, 200), FP8), S((4, 200, 96), FP8), GS), dict(lhs_scale=LS8, rhs_scale=RS8), "K % 128 == 0"),
    ((L8, R8, GS), dict(lhs_scale=S((64, 1), jnp.float32), rhs_scale=RS8), "lhs_scale must be float32[64, 2]"),
    ((L8, R8, GS), dict(lhs_scale=LS8, rhs_scale=S((4, 2, 1), jnp.bfloat16)), "rhs_scale must be float32[4, 2, 1]"),
    ((LHS, RHS, GS), dict(activation="gelu"), "activation must be one of"),
    ((LHS, S((4, 256, 95), jnp.bfloat16), GS), dict(activation="swiglu"), "even N"),
    ((LHS, RHS, GS), dict(out_dtype=jnp.int32), "out_dtype must be None or one of"),
    ((LHS, RHS, GS), dict(return_signals=True), "return_signals=True is for the masked layout"),
    ((LHS, RHS, GS), dict(rhs_layout="tn"), "rhs_layout must be 'kn'"),
    ((LHS, RHS, GS), dict(invalid_rows="nan"), "invalid_rows must be 'zero'"),
    ((L8, R8, GS), dict(lhs_scale=LS8, rhs_scale=RS8, lhs_scale_layout="km"),
     "lhs_scale must be float32[2, 64] (per token per 128 channels, [K/128, M] for "
     "lhs_scale_layout='km')"),
    ((L8, R8, GS), dict(lhs_scale=LS8, rhs_scale=RS8, lhs_scale_layout="nm"),
     "lhs_scale_layout must be 'mk'"),
    ((LHS, RHS, GS), dict(rhs_layout="nk"), "last dim must be K=96 (rhs [G, N, K] (rhs_layout='nk')"),
    ((L8, S((4, 96, 256), FP8), GS), dict(lhs_scale=LS8, rhs_scale=RS8, rhs_layout="nk"),
     "rhs_scale must be float32[4, 1, 2] (per 128x128 block, [G, N/128, K/128]"),
    ((LHS, RHS, GS), dict(impl="triton"), "impl='triton' is not one of"),
    ((LHS, RHS, GS), dict(config=jaxkern.GroupedGemmXlaConfig(method="batched")), "for the masked layout"),
]


@pytest.mark.parametrize("args,kw,words", BAD)
def test_bad_input_raises_value_error(args, kw, words):
  with pytest.raises(ValueError) as e:
    jax.eval_shape(lambda *a: jaxkern.grouped_gemm(*a, **kw), *args)
  assert words in str(e.value)


def test_k_major_weights_give_the_same_product(rng):
  sizes = random_group_sizes(rng, 4, 60, empty=1)
  lhs = jnp.asarray(rng.standard_normal((64, 256)), jnp.bfloat16)
  rhs = jnp.asarray(rng.standard_normal((4, 256, 96)), jnp.bfloat16)
  want = grouped_gemm_numpy(lhs, rhs, sizes)
  out = jaxkern.grouped_gemm(lhs, jnp.swapaxes(rhs, 1, 2), jnp.asarray(sizes), rhs_layout="nk")
  assert out.shape == (64, 96) and rel_err(out, want) < 1e-2
  with jax.sharding.use_abstract_mesh(H200_MESH):   # the table key tells the layouts apart
    [kn] = jaxkern.explain(jaxkern.grouped_gemm, LHS, RHS, GS)
    [nk] = jaxkern.explain(jaxkern.grouped_gemm, LHS, S((4, 96, 256), jnp.bfloat16), GS,
                           rhs_layout="nk")
  assert kn.problem.table_key().get("rhs_layout") is None
  assert nk.problem.table_key()["rhs_layout"] == "nk" and nk.problem.k == 256


def test_mn_major_lhs_scales_give_the_same_product(rng):
  # lhs_scale_layout="km": the scales K blocks first ([K/128, M], or [K/128, G, M_max] masked),
  # as quantize_lhs_fp8(scale_layout="km") writes them
  sizes = random_group_sizes(rng, 4, 60, empty=1)
  x = rng.standard_normal((64, 256)) * np.exp2(rng.integers(-4, 5, (64, 2))).repeat(128, 1)
  w8, sw = jaxkern.quantize_rhs_fp8(rng.standard_normal((4, 256, 96)))
  x8, sx = jaxkern.quantize_lhs_fp8(x)
  x8_km, sx_km = jaxkern.quantize_lhs_fp8(x, scale_layout="km")
  np.testing.assert_array_equal(np.asarray(x8_km, np.float32), np.asarray(x8, np.float32))
  np.testing.assert_array_equal(np.asarray(sx_km), np.asarray(sx).T)
  want = jaxkern.grouped_gemm(x8, w8, jnp.asarray(sizes), lhs_scale=sx, rhs_scale=sw)
  out = jaxkern.grouped_gemm(x8, w8, jnp.asarray(sizes), lhs_scale=sx_km, rhs_scale=sw,
                             lhs_scale_layout="km")
  np.testing.assert_array_equal(np.asarray(out, np.float32), np.asarray(want, np.float32))
  assert rel_err(want, grouped_gemm_numpy(x8.astype(jnp.float32) * sx.repeat(128, 1), w8.astype(
      jnp.float32) * sw.repeat(128, 1).repeat(128, 2)[..., :96], sizes)) < 1e-2
  mm = np.array([16, 0, 3, 9], np.int32)
  x3 = x.reshape(4, 16, 256)
  (m8, ms), (m8k, msk) = (jaxkern.quantize_lhs_fp8(x3, scale_layout=s) for s in ("mk", "km"))
  assert msk.shape == (2, 4, 16)
  want = jaxkern.grouped_gemm(m8, w8, masked_m=jnp.asarray(mm), lhs_scale=ms, rhs_scale=sw)
  out = jaxkern.grouped_gemm(m8k, w8, masked_m=jnp.asarray(mm), lhs_scale=msk, rhs_scale=sw,
                             lhs_scale_layout="km")
  np.testing.assert_array_equal(np.asarray(out, np.float32), np.asarray(want, np.float32))


def test_signals_need_a_kernel():
  # On the CPU there is no kernel to publish completion (the XLA path cannot), and impl="xla"
  # cannot signal anywhere; under an H200 mesh M_max must split into whole row tiles.
  signal = lambda **kw: lambda a, b, m: jaxkern.grouped_gemm(a, b, masked_m=m,
                                                             return_signals=True, **kw)
  with pytest.raises(NotImplementedError, match="return_signals=True needs the Mosaic GPU"):
    jax.eval_shape(signal(), S((4, 64, 256), jnp.bfloat16), RHS128, GS)
  with jax.sharding.use_abstract_mesh(H200_MESH):
    with pytest.raises(NotImplementedError, match="impl='pallas'"):
      jax.eval_shape(signal(impl="xla"), S((4, 64, 256), jnp.bfloat16), RHS128, GS)
    with pytest.raises(NotImplementedError, match=r"M_max \(lhs.shape\[1\] = 40\)"):
      jax.eval_shape(signal(), S((4, 40, 256), jnp.bfloat16), RHS128, GS)
    [choice] = jaxkern.explain(signal(), S((4, 64, 256), jnp.bfloat16), RHS128, GS)
    out, signals = jax.eval_shape(signal(), S((4, 64, 256), jnp.bfloat16), RHS128, GS)
    target = jaxkern.grouped_gemm_signal_target(S((4, 64, 256), jnp.bfloat16), RHS128, GS)
  assert choice.impl == "pallas" and "return_signals" in choice.reason
  assert choice.config.tiles == "rows" and 64 % choice.config.block_m == 0
  assert out.shape == (4, 64, 128) and signals.dtype == jnp.int32
  assert signals.shape == (4, 64 // choice.config.block_m)
  assert target == -(-128 // choice.config.block_n) == 1


def test_config_validation():
  with pytest.raises(ValueError, match="method"):
    jaxkern.GroupedGemmXlaConfig(method="dense")
  with pytest.raises(ValueError, match="block_m"):
    jaxkern.GroupedGemmXlaConfig(block_m=0)


def test_pallas_on_inputs_it_cannot_run_raises_not_implemented():
  lhs = jax.ShapeDtypeStruct((64, 256), jnp.float32)
  rhs = jax.ShapeDtypeStruct((4, 256, 96), jnp.float32)
  with pytest.raises(NotImplementedError, match="dtype float32"):
    jax.eval_shape(lambda a, b, g: jaxkern.grouped_gemm(a, b, g, impl="pallas"), lhs, rhs, GS)
  with pytest.raises(NotImplementedError, match="out_dtype float32"):
    jax.eval_shape(lambda a, b, g: jaxkern.grouped_gemm(a, b, g, impl="pallas",
                                                        out_dtype=jnp.float32), LHS, RHS128, GS)
  with pytest.raises(NotImplementedError, match="N=96 with rhs_layout='kn': .* multiple of 64"):
    jax.eval_shape(lambda a, b, g: jaxkern.grouped_gemm(a, b, g, impl="pallas"), LHS, RHS, GS)
  rhs_nk = jax.ShapeDtypeStruct((4, 96, 256), jnp.bfloat16)    # the same N, K-major: it runs
  with jax.sharding.use_abstract_mesh(H200_MESH):   # unforced, the rule says so and takes XLA
    [choice] = jaxkern.explain(jaxkern.grouped_gemm, LHS, RHS, GS)
    [fits] = jaxkern.explain(jaxkern.grouped_gemm, LHS, RHS128, GS)
    [k_major] = jaxkern.explain(lambda a, b, g: jaxkern.grouped_gemm(a, b, g, rhs_layout="nk"),
                                LHS, rhs_nk, GS)
  assert choice.impl == "xla" and "N=96" in choice.reason and fits.impl == "pallas"
  assert "rhs_layout='nk'" in choice.reason and k_major.impl == "pallas"
  odd = jax.ShapeDtypeStruct((4, 256, 2 * 36), jnp.bfloat16)    # N/2 = 36: no whole 16 bytes
  with pytest.raises(NotImplementedError, match="N/2"):
    jax.eval_shape(lambda a, b, g: jaxkern.grouped_gemm(a, b, g, impl="pallas",
                                                        activation="swiglu"), LHS, odd, GS)
