import NIOCore

/// A task executor that runs jobs on one event loop, so that async work started from a blocking call never needs a
/// thread of Swift's cooperative pool (which the blocked caller may be occupying). One loop, the one the client's
/// connections also live on, so that a task resuming after a database answer never wakes another thread.
final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    /// An executor on `loop`.
    init(loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
