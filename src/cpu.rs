//! Data and vocabulary: what the processor offers the vector loops, asked
//! once. Shared by the engine and the simulator: it computes nothing, so
//! the simulator stays an independent check of the engine's figures.

/// Whether this processor has AVX-512 with its 64-bit multiplies (F and
/// DQ): the loops compiled for it (the shoe states' pricing lanes, the
/// batched decisions, game protection's partition search, the
/// simulator's count buckets) run where this holds, the baseline build
/// elsewhere; their results are integers, the same whichever runs.
pub(crate) fn avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *HAS.get_or_init(|| {
            std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512dq")
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
