import { afterEach, describe, expect, it } from "vitest";
import { nextTask, oneTaskEach } from "./one-task-each";

/** Resolves after everything queued as microtasks so far has run (a later task of Node's loop). */
const afterMicrotasks = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("oneTaskEach", () => {
  it("runs no job in the task that queued it", async () => {
    const inTurn = oneTaskEach();
    const ran: string[] = [];
    const done = inTurn(() => ran.push("a"));
    await Promise.resolve();
    await Promise.resolve();
    expect(ran).toEqual([]);
    await done;
    expect(ran).toEqual(["a"]);
  });

  it("runs each job in a task of its own, in the order given", async () => {
    const inTurn = oneTaskEach();
    const ran: string[] = [];
    // A job's task ends when its microtasks are done; a second job in the same task would have run
    // by then too.
    const jobs = ["a", "b", "c"].map((name) => inTurn(() => ran.push(name)));
    const seen: string[][] = [];
    for (let i = 0; i < 6 && ran.length < 3; i++) {
      await afterMicrotasks();
      seen.push([...ran]);
    }
    await Promise.all(jobs);
    expect(ran).toEqual(["a", "b", "c"]);
    // Never two jobs between two looks at the queue: one task, one job.
    const steps = seen.map((s, i) => s.length - (seen[i - 1]?.length ?? 0));
    expect(Math.max(...steps)).toBe(1);
  });

  it("goes on after a job that throws, which rejects only its own promise", async () => {
    const inTurn = oneTaskEach();
    const failed = inTurn(() => {
      throw new Error("island failed");
    });
    const next = inTurn(() => "next ran");
    await expect(failed).rejects.toThrow("island failed");
    await expect(next).resolves.toBe("next ran");
  });
});

describe("nextTask", () => {
  const globals = globalThis as { scheduler?: unknown };
  afterEach(() => {
    delete globals.scheduler;
  });

  it("uses scheduler.yield where the browser has it", async () => {
    let yielded = 0;
    globals.scheduler = { yield: () => Promise.resolve(void yielded++) };
    await nextTask();
    expect(yielded).toBe(1);
  });

  it("without it, resolves only after the microtasks queued before it", async () => {
    let microtasks = 0;
    const later = nextTask().then(() => microtasks);
    for (let i = 0; i < 50; i++) queueMicrotask(() => void microtasks++);
    expect(await later).toBe(50);
  });
});
