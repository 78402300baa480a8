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
  /** Thread time: how long the thread ran on a core, where `dur` is wall time. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    frame?: string;
    data?: Record<string, unknown>;
    /** On an UpdateLayoutTree: how many elements it styled. */
    elementCount?: number;
    /** On a Layout: how many layout objects it laid out (dirty), of how many there are. */
    beginData?: { dirtyObjects?: number; totalObjects?: number };
  };
}

export interface LongTask {
  /** Start, in ms after the navigation's start. */
  start: number;
  duration: number;
  /**
   * Its thread time, in ms, when the trace has it. A task whose thread time is a small part of its
   * length spent the rest waiting for a core (a loaded machine), not working (decision 082).
   */
  cpu?: number;
  /** Whether it ends after the first contentful paint (the part TBT counts). */
  afterPaint: boolean;
  /** Milliseconds per kind of work inside it, largest first. */
  work: [string, number][];
  /** Whether it commits the navigation (the one long task the criterion allows after the paint). */
  commit: boolean;
}

/** One style (UpdateLayoutTree) or layout pass over the page's content. */
export interface ContentPass {
  name: "UpdateLayoutTree" | "Layout";
  /** Start, in ms after the navigation's start. */
  start: number;
  ms: number;
  /** Elements styled, or layout objects laid out. */
  size: number;
  /** Whether it ends after the first contentful paint. */
  afterPaint: boolean;
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
  /**
   * The passes over the page's content: a style pass that styles at least half as many elements as
   * the load's largest, a layout that lays out at least half as many objects as the page has. A
   * page that paints mid-parse shows two, or one after the paint.
   */
  contentPasses: ContentPass[];
}

/**
 * Whether an event commits the page's navigation: CommitLoad of the main frame (the SVG images'
 * own documents commit navigations too, as DocumentLoader::CommitNavigation, and are not it).
 */
const commitsPage = (e: TraceEvent) => e.name === "CommitLoad" && e.args?.data?.isOutermostMainFrame === true;

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
  "RunMicrotasks",
  "ResourceFetcher::requestResource",
  "SVGImage::DataChanged",
  "MajorGC",
  "MinorGC",
  "V8.GC_SCAVENGER",
]);

const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);

/**
 * A trace that lacks the marks a report is read from: the page's navigation or its first paint.
 * Now and then a trace from CDP Tracing comes back without them (two loads in about twenty on this
 * machine); it says nothing about the page, so `npm run trace:tasks` says so and loads the page again.
 */
export class IncompleteTrace extends Error {}

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
  if (!navigation)
    throw new IncompleteTrace("long-tasks: the trace has no navigationStart of a page in the main frame");
  const paint = events.find(
    (e) =>
      e.name === "firstContentfulPaint" &&
      e.pid === navigation.pid &&
      e.ts >= navigation.ts &&
      (!navigation.args?.frame || e.args?.frame === navigation.args.frame),
  );
  if (!paint) throw new IncompleteTrace("long-tasks: the trace has no firstContentfulPaint after the navigation");
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
        ...(task.tdur === undefined ? {} : { cpu: ms(task.tdur) }),
        afterPaint: end(task) > paint.ts,
        work: [...work].map(([name, us]): [string, number] => [name, ms(us)]).sort((a, b) => b[1] - a[1]),
        commit: events.some(
          (e) => commitsPage(e) && e.pid === main.pid && e.tid === main.tid && e.ts >= task.ts && e.ts <= end(task),
        ),
      };
    });
  const restyles = ["UpdateLayoutTree", "Layout"].map((name) => {
    const passes = onMain.filter((e) => e.name === name && e.ts >= paint.ts && e.dur! >= 5000);
    return { name, passes: passes.length, ms: ms(passes.reduce((sum, e) => sum + e.dur!, 0)) };
  });
  const sizeOf = (e: TraceEvent) => (e.name === "Layout" ? e.args?.beginData?.dirtyObjects : e.args?.elementCount) ?? 0;
  const afterNavigation = onMain.filter((e) => e.ts >= navigation.ts);
  const contentPasses = (["UpdateLayoutTree", "Layout"] as const).flatMap((name) => {
    const passes = afterNavigation.filter((e) => e.name === name);
    const whole =
      name === "Layout"
        ? Math.max(0, ...passes.map((e) => e.args?.beginData?.totalObjects ?? 0))
        : Math.max(0, ...passes.map(sizeOf));
    return passes
      .filter((e) => whole > 0 && sizeOf(e) >= whole / 2)
      .map((e): ContentPass => ({
        name,
        start: ms(e.ts - navigation.ts),
        ms: ms(e.dur!),
        size: sizeOf(e),
        afterPaint: end(e) > paint.ts,
      }));
  });
  return { firstPaint: ms(paint.ts - navigation.ts), tasks, restyles, contentPasses };
}

/**
 * Issue 45's criterion, read from a report: no main-thread task over 50 ms after the first paint
 * (more than 50 ms of it after the paint) except the navigation's commit, and one style and one layout pass over the page's content, done
 * by the first paint. Each way the report misses it, in words; none when it is met.
 */
export function missedCriterion(report: TaskReport): string[] {
  // What a task blocks after the paint, as TBT counts it: the task that draws the first paint ends
  // just after it, and is not a task after it.
  const blocksAfter = (t: LongTask) => t.start + t.duration - Math.max(t.start, report.firstPaint);
  const missed = report.tasks
    .filter((t) => blocksAfter(t) > 50 && !t.commit)
    .map((t) => `a ${t.duration} ms task after the first paint, at ${t.start} ms`);
  for (const name of ["UpdateLayoutTree", "Layout"] as const) {
    const passes = report.contentPasses.filter((p) => p.name === name);
    if (passes.length !== 1) missed.push(`${passes.length} ${name} passes over the page's content, not 1`);
    for (const p of passes.filter((p) => p.afterPaint))
      missed.push(`the ${name} pass over the page's content (${p.size}) at ${p.start} ms follows the first paint`);
  }
  return missed;
}
