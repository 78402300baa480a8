/**
 * The main-thread tasks over 50 ms of a page load, read from a Chromium trace (the JSON events of
 * CDP Tracing with the devtools.timeline categories), each with the work inside it: what
 * `npm run trace:tasks` prints (decision 061). A task is a `RunTask` on the page's renderer main
 * thread; its work is the outermost timeline events inside it (parse HTML, style, layout, paint,
 * script), so nested events are not counted twice.
 */

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; frame?: string; data?: Record<string, unknown> };
}

export interface LongTask {
  /** Start, in ms after the navigation's start. */
  start: number;
  duration: number;
  /** Whether it ends after the first contentful paint (the part TBT counts). */
  afterPaint: boolean;
  /** Milliseconds per kind of work inside it, largest first. */
  work: [string, number][];
}

export interface TaskReport {
  /** First contentful paint, ms after the navigation's start. */
  firstPaint: number;
  tasks: LongTask[];
  /**
   * Style and layout after the first paint, in tasks of any length: how many passes of 5 ms or
   * more, and their time. One style pass over the page's content after the paint shows here as a
   * count of 1 or 0.
   */
  restyles: { name: string; passes: number; ms: number }[];
}

/** The timeline events that name the work of a task, as DevTools' performance panel groups them. */
const workNames = new Set([
  "ParseHTML",
  "ParseAuthorStyleSheet",
  "UpdateLayoutTree",
  "RecalculateStyles",
  "Layout",
  "PrePaint",
  "Paint",
  "Layerize",
  "Commit",
  "EvaluateScript",
  "v8.compileModule",
  "v8.evaluateModule",
  "FunctionCall",
  "TimerFire",
  "EventDispatch",
  "FireAnimationFrame",
  "HitTest",
  "ResourceSendRequest",
  "ResourceReceiveResponse",
  "ResourceFinish",
  "MajorGC",
  "MinorGC",
  "V8.GC_SCAVENGER",
]);

const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);

/**
 * @param events the trace's events
 * @param threshold a task's length from which it is listed, in ms (50: a long task)
 */
export function longTasks(unordered: readonly TraceEvent[], threshold = 50): TaskReport {
  // Chromium delivers a trace in chunks per thread, not in time order.
  const events = [...unordered].sort((a, b) => a.ts - b.ts);
  // The last navigation of the main frame to a page (not the about:blank a new tab starts on).
  const navigation = events
    .filter(
      (e) =>
        e.name === "navigationStart" &&
        e.args?.data?.isLoadingMainFrame === true &&
        /^https?:/.test(String(e.args.data.documentLoaderURL ?? "")),
    )
    .at(-1);
  if (!navigation) throw new Error("long-tasks: the trace has no navigationStart of a page in the main frame");
  const paint = events.find(
    (e) =>
      e.name === "firstContentfulPaint" &&
      e.pid === navigation.pid &&
      e.ts >= navigation.ts &&
      (!navigation.args?.frame || e.args?.frame === navigation.args.frame),
  );
  if (!paint) throw new Error("long-tasks: the trace has no firstContentfulPaint after the navigation");
  const main = events.find(
    (e) => e.ph === "M" && e.name === "thread_name" && e.pid === paint.pid && e.args?.name === "CrRendererMain",
  );
  if (!main) throw new Error("long-tasks: no renderer main thread in the painting process");
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined);
  const ms = (us: number) => Math.round(us / 100) / 10;
  const tasks = onMain
    .filter((e) => e.name === "RunTask" && e.dur! >= threshold * 1000 && end(e) > navigation.ts)
    .map((task) => {
      const inside = onMain.filter((e) => workNames.has(e.name) && e.ts >= task.ts && end(e) <= end(task));
      const outermost = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && end(o) >= end(e)));
      const work = new Map<string, number>();
      for (const e of outermost) work.set(e.name, (work.get(e.name) ?? 0) + e.dur!);
      return {
        start: ms(task.ts - navigation.ts),
        duration: ms(task.dur!),
        afterPaint: end(task) > paint.ts,
        work: [...work].map(([name, us]): [string, number] => [name, ms(us)]).sort((a, b) => b[1] - a[1]),
      };
    });
  const restyles = ["UpdateLayoutTree", "Layout"].map((name) => {
    const passes = onMain.filter((e) => e.name === name && e.ts >= paint.ts && e.dur! >= 5000);
    return { name, passes: passes.length, ms: ms(passes.reduce((sum, e) => sum + e.dur!, 0)) };
  });
  return { firstPaint: ms(paint.ts - navigation.ts), tasks, restyles };
}
