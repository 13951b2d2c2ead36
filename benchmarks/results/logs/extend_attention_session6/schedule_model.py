"""Debug model of session 6 (not a benchmark): per-CTA cost = key steps x TS + a fixed cost,
makespans of launch orders / persistent schedules on 132 SMs. Run: python schedule_model.py"""
import numpy as np, heapq
P=132; TS=1.6; MASK=0.4
def items(B, E, prefix, Hkv=4, G=2, c=2, bk=64):
  tt = c*64//G; T=B*E; starts=np.arange(B)*E
  nt = -(-T//tt); cost=[]
  for n in range(nt):
    t0=n*tt; s=0.0
    for b in range(B):
      lo=max(t0,starts[b]); hi=min(t0+tt,starts[b]+E)-1
      if hi<lo: continue
      qhi=prefix+hi-starts[b]
      npre = -(-min(qhi+1,prefix)//bk)
      next_ = (hi - starts[b])//bk + 1
      s += (npre+next_)*TS + 2*MASK
    cost.append(s)
  c = np.array(cost)
  return np.repeat(c, Hkv).reshape(nt, Hkv)  # [tile, head]
def greedy(order_costs, ov=5.0):
  """Makespan of one CTA per item, launched in this order, each to the first SM that frees."""
  h=[0.0]*P
  for x in order_costs:
    t=heapq.heappop(h); heapq.heappush(h,t+x+ov)
  return max(h)
def nonpersist(c, ov=5.0):
  # the kernel launches tile n = nt-1-tile (heaviest last tiles first), tiles fastest, then head
  return greedy(c[::-1].T.reshape(-1), ov)
def static(r, ov=1.0, snake=True):
  load=np.zeros(P)
  for k in range(0,len(r),P):
    chunk=r[k:k+P]; idx=np.arange(len(chunk))
    if snake and (k//P)%2: idx=P-1-idx
    load[idx]+=chunk+ov
  return load.max()
def persist(c, ov=1.0, snake=True, natural=False):
  r = c.reshape(-1) if natural else c[::-1].reshape(-1)  # rank: tile desc, heads innermost
  return static(r, ov, snake)

def lpt(c, ov=1.0):
  return greedy(sorted(c.reshape(-1), reverse=True), ov)
SHAPES=dict(prefill_long=(1,8192,0),prefill_chat=(1,1000,0),prefill_multi=(4,1000,0),c8_512_0=(8,512,0),c8_512_512=(8,512,512),c16_1024_0=(16,1024,0),c16_1024_1024=(16,1024,1024),c32_512_0=(32,512,0),c32_512_512=(32,512,512))
for name,(B,E,pre) in SHAPES.items():
  c=items(B,E,pre)
  ideal=c.sum()/P
  print(f"{name:15s} items {c.size:5d} ideal {ideal:7.1f} nonpers {nonpersist(c):7.1f} pers-rr {persist(c,snake=False):7.1f} pers-snake {persist(c):7.1f} snake-nat {persist(c,natural=True):7.1f} rr-nat {persist(c,snake=False,natural=True):7.1f} lpt {lpt(c):7.1f}")
print("sorted variants")
def sorted_static(c, ov=1.0, snake=True):
  return static(np.sort(c.reshape(-1))[::-1], ov, snake)

def sorted_dyn_nonpers(c, ov=5.0):
  return lpt(c, ov)
for name,(B,E,pre) in SHAPES.items():
  c=items(B,E,pre)
  print(f"{name:15s} sorted-snake {sorted_static(c):7.1f} sorted-rr {sorted_static(c,snake=False):7.1f} lpt {lpt(c):7.1f} nonpers-sorted {sorted_dyn_nonpers(c):7.1f} lpt-ov2 {lpt(c,2.0):7.1f} snake-ov2 {sorted_static(c,2.0):7.1f}")
print("head-major natural orders")
for name,(B,E,pre) in SHAPES.items():
  c=items(B,E,pre)
  hm = c[::-1].T.reshape(-1)   # head-major, tiles descending
  print(f"{name:15s} ideal {c.sum()/P:7.1f} nonpers {nonpersist(c):7.1f} hm-snake {static(hm):7.1f} hm-rr {static(hm,snake=False):7.1f} hi-snake {static(c[::-1].reshape(-1)):7.1f} lpt {lpt(c):7.1f}")
print("dynamic (one CTA per item) orders, ov=5")
for name,(B,E,pre) in list(SHAPES.items())[2:]:
  c=items(B,E,pre)  # [tile, head]
  idx = c[::-1].T.reshape(-1)
  cost_hi = np.sort(c.reshape(-1))[::-1]
  cost_hm = np.concatenate([np.sort(c[:,h])[::-1] for h in range(c.shape[1])])
  print(f"{name:15s} index {greedy(idx):7.1f} cost(heads inner) {greedy(cost_hi):7.1f} cost(head-major) {greedy(cost_hm):7.1f}")
