"""Device-side debugging aid: when Mosaic GPU layout inference asserts, print the offending op."""
import functools
import sys


def install():
  try:
    from jax.experimental.mosaic.gpu import layout_inference as li
  except ImportError:
    return
  fn = getattr(li, "_check_unsatisfiable_divisibility_constraints", None)
  if fn is None:
    return

  @functools.wraps(fn)
  def wrapped(*args, **kwargs):
    try:
      return fn(*args, **kwargs)
    except AssertionError:
      import inspect
      print("LAYOUT-INFERENCE ASSERT; source:\n", inspect.getsource(fn)[:3000], file=sys.stderr)
      for a in args:
        print("ARG:", str(a)[:1500], file=sys.stderr)
      raise
  li._check_unsatisfiable_divisibility_constraints = wrapped
