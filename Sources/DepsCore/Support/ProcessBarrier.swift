#if canImport(Synchronization) && !canImport(Darwin) && !DEPS_APPLE_FALLBACK
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// A memory barrier run on every thread of the process at once: Linux's `membarrier` system
  /// call (`MEMBARRIER_CMD_PRIVATE_EXPEDITED`).
  ///
  /// It lets a thread that reads often pay no fence for what a rare writer needs: the reader
  /// stores a flag and loads another with plain (relaxed and acquiring) accesses; the writer
  /// stores its flag, calls ``run()``, then loads the reader's. The barrier makes every running
  /// thread execute a full fence while the call lasts (a thread not running then has passed one,
  /// its context switch), so for each reader either its flag stored before that fence is seen by
  /// the writer after ``run()``, or its load after the fence sees the writer's flag: never
  /// neither (the store-load order a fence on the reading side would otherwise have to give). Used
  /// by ``ThreadReadCache``, whose readers no longer take a lock (see its documentation).
  ///
  /// ``isAvailable`` is `false` where the kernel lacks the command or a sandbox (seccomp) forbids
  /// the call; the caches then take their lock on every read, as on other platforms.
  enum ProcessBarrier {
    /// `MEMBARRIER_CMD_PRIVATE_EXPEDITED` and `MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED`
    /// (linux/membarrier.h).
    private static let privateExpedited: CInt = 1 << 3
    private static let registerPrivateExpedited: CInt = 1 << 4

    /// The system call's number (asm/unistd.h), `nil` on an architecture not listed.
    private static var number: CLong? {
      #if arch(x86_64)
        return 324
      #elseif arch(arm64)
        return 283
      #else
        return nil
      #endif
    }

    /// libc's `syscall`, which Swift cannot call directly (it is variadic), as a function of the
    /// three arguments `membarrier` takes.
    private typealias SystemCall = @convention(c) (CLong, CInt, CUnsignedInt, CInt) -> CLong

    /// `syscall`, called through a non-variadic type. Sound on the architectures of ``number``:
    /// on x86-64 and on arm64 Linux, integer arguments of a variadic call go in the same registers
    /// as those of a plain call (and glibc's `syscall` is written in assembly and reads no
    /// `va_list`; musl's reads its arguments from those registers); `nil` when it is missing.
    private static let systemCall: SystemCall? = {
      // RTLD_DEFAULT, a null handle on glibc and musl: the symbol as the program resolves it.
      guard let symbol = dlsym(nil, "syscall") else { return nil }
      return unsafeBitCast(symbol, to: SystemCall.self)
    }()

    /// Whether the process registered for the barrier; asked once, on first use.
    static let isAvailable: Bool = {
      guard let number, let systemCall else { return false }
      return systemCall(number, registerPrivateExpedited, 0, 0) == 0
    }()

    /// Runs a full memory barrier on every running thread of the process. Call only when
    /// ``isAvailable``.
    static func run() {
      precondition(isAvailable, "Deps: a process-wide barrier without membarrier registered.")
      // Registered (`isAvailable`): the call cannot fail but for a kernel bug.
      let status = systemCall!(number!, privateExpedited, 0, 0)
      precondition(status == 0, "Deps: membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) failed (errno \(errno)).")
    }
  }
#endif
