fn main() {
    keep_freed_memory();
    std::process::exit(certify::cli::main(std::env::args().collect()));
}

/// Keeps memory the process frees for its next allocations (GNU libc).
///
/// The walks allocate and free tables of megabytes on every thread. By
/// default glibc hands large blocks straight back to the system and trims
/// the heaps, so the next table faults its pages in afresh: the library's
/// `--no-reports` run spent 0.20 s of its 1.6 s of processor time in the
/// kernel, 100,000 page faults (0.09 s and half as many now). Here a block
/// of up to 32 MB comes from the heap, a heap grows 64 MB at a time and
/// is never trimmed; pages are still only touched when used. Figures do
/// not depend on it: it changes where memory comes from, not what is
/// computed.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn keep_freed_memory() {
    // glibc's <malloc.h>.
    const M_TRIM_THRESHOLD: i32 = -1;
    const M_TOP_PAD: i32 = -2;
    const M_MMAP_THRESHOLD: i32 = -3;
    unsafe extern "C" {
        fn mallopt(param: i32, value: i32) -> i32;
    }
    // SAFETY: mallopt only sets allocator parameters; it is called before
    // any other thread exists. A value refused leaves the default (the
    // call returns 0), which is correct, only slower.
    unsafe {
        mallopt(M_MMAP_THRESHOLD, 32 << 20);
        mallopt(M_TRIM_THRESHOLD, i32::MAX);
        mallopt(M_TOP_PAD, 64 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_freed_memory() {}
