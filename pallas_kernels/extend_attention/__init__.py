from pallas_kernels.extend_attention.config import (ExtendAttentionPallasConfig,
                                                   ExtendAttentionXlaConfig)
from pallas_kernels.extend_attention.reference import (
    extend_attention_reference, extend_attention_xla, num_query_blocks)

__all__ = ["ExtendAttentionPallasConfig", "ExtendAttentionXlaConfig", "extend_attention_reference", "extend_attention_xla",
           "num_query_blocks"]
