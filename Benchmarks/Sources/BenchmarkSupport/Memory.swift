import CHeapInfo

/// Bytes the C heap has handed out and not taken back, or `nil` where it cannot be asked.
///
/// On glibc this is `mallinfo2().uordblks`: every Swift object, array and dictionary buffer is a
/// `malloc` block, so the difference over many allocations is their real footprint, including
/// malloc's per-block overhead and rounding.
public func heapBytesInUse() -> Int? {
  let bytes = bench_heap_bytes_in_use()
  return bytes < 0 ? nil : Int(bytes)
}
