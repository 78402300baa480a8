/**
 * Work after the first paint, cut into tasks the browser can run input and frames between. At CPU
 * 4× the islands' hydrations run together took one task of 60 to 90 ms (issue 45 asks for none over
 * 50 ms after the paint); each alone is a few milliseconds (decision 082).
 */

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task: `scheduler.yield()` where the browser has it (Chromium 129), which lets
 * waiting input and rendering run first and then resumes ahead of other tasks; elsewhere a message
 * to a channel of our own, which, unlike `setTimeout(0)`, is not clamped to 4 ms once nested.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/**
 * A queue whose jobs run one at a time, each in a task of its own, in the order they were given.
 * A job that fails rejects its own promise and does not stop the ones after it.
 */
export function oneTaskEach(): <T>(job: () => T | Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(job: () => T | Promise<T>) => {
    const run = last.then(nextTask).then(job);
    last = run.catch(() => undefined);
    return run;
  };
}
