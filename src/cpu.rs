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

/// `fn NAME(ARGS) -> RET = ANY;` defines `NAME`, which runs `ANY` (an
/// `#[inline(always)]` function of the same arguments) compiled for
/// AVX-512F and DQ where the processor has them ([`avx512`]), and as
/// built for any processor elsewhere: one body, two builds, the
/// parameters written once. The results must not depend on which runs
/// (integers; each caller's tests compare the two).
macro_rules! dispatch {
    ($(#[$meta:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty = $any:ident;) => {
        $(#[$meta])*
        $vis fn $name($($arg: $ty),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            if $crate::cpu::avx512() {
                #[target_feature(enable = "avx512f,avx512dq")]
                #[allow(clippy::too_many_arguments)]
                fn avx512($($arg: $ty),*) -> $ret {
                    $any($($arg),*)
                }
                // SAFETY: the only requirement of a function compiled for
                // AVX-512F and DQ is a processor that has them, checked
                // above.
                return unsafe { avx512($($arg),*) };
            }
            $any($($arg),*)
        }
    };
}
pub(crate) use dispatch;
