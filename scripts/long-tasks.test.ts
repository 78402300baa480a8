import { describe, expect, it } from "vitest";
import { IncompleteTrace, longTasks, missedCriterion, type TraceEvent } from "./long-tasks";

// A renderer (pid 2) whose main thread is tid 1, a compositor thread (tid 9) and another process
// (pid 3, the page before the navigation's process change); times in µs, as Chromium writes them.
const meta = (pid: number, tid: number, name: string): TraceEvent => ({
  name: "thread_name",
  ph: "M",
  ts: 0,
  pid,
  tid,
  args: { name },
});
const x = (name: string, ts: number, dur: number, tid = 1, pid = 2): TraceEvent => ({
  name,
  ph: "X",
  ts,
  dur,
  pid,
  tid,
});
const mark = (name: string, ts: number, pid = 2): TraceEvent => ({
  name,
  ph: "R",
  ts,
  pid,
  tid: 1,
  args: { frame: "F" },
});
const navigationStart = (ts: number, pid: number, url: string): TraceEvent => ({
  name: "navigationStart",
  ph: "R",
  ts,
  pid,
  tid: 1,
  args: { frame: "F", data: { isLoadingMainFrame: true, documentLoaderURL: url } },
});

const events: TraceEvent[] = [
  meta(2, 1, "CrRendererMain"),
  meta(2, 9, "Compositor"),
  meta(3, 1, "CrRendererMain"),
  navigationStart(1_000, 3, ""),
  navigationStart(10_000, 2, "http://127.0.0.1/"),
  // Parse: 139 ms, before the first paint.
  x("RunTask", 20_000, 139_000),
  x("ParseHTML", 20_500, 138_000),
  mark("firstContentfulPaint", 200_000),
  // After it: style and layout, with a layout nested in a style pass counted once.
  x("RunTask", 300_000, 199_000),
  x("UpdateLayoutTree", 300_000, 109_000),
  x("Layout", 409_000, 77_000),
  x("Layout", 310_000, 5_000),
  // Short tasks, a long task on another thread and in the other process: none listed.
  x("RunTask", 600_000, 49_000),
  x("RunTask", 700_000, 90_000, 9),
  x("RunTask", 700_000, 90_000, 1, 3),
];

describe("longTasks", () => {
  const report = longTasks(events);

  it("times the first paint from the page's navigation start, not the blank page's", () => {
    expect(report.firstPaint).toBe(190);
  });

  it("reads the events in time order, as Chromium does not deliver them", () => {
    expect(longTasks([...events].reverse())).toEqual(report);
  });

  it("lists the main thread's tasks from 50 ms, marking those that end after the first paint", () => {
    expect(report.tasks.map((t) => [t.start, t.duration, t.afterPaint])).toEqual([
      [10, 139, false],
      [290, 199, true],
    ]);
  });

  it("gives a task's thread time where the trace has it, so waiting for a core can be told from work", () => {
    const waited = longTasks([...events, { ...x("RunTask", 800_000, 86_700), tdur: 3_400 }]);
    expect(waited.tasks.at(-1)).toMatchObject({ start: 790, duration: 86.7, cpu: 3.4 });
    expect(report.tasks[0]).not.toHaveProperty("cpu");
  });

  it("names each task's work by its outermost events, nested ones not counted twice", () => {
    expect(report.tasks[0]!.work).toEqual([["ParseHTML", 138]]);
    expect(report.tasks[1]!.work).toEqual([
      ["UpdateLayoutTree", 109],
      ["Layout", 77],
    ]);
  });

  it("counts the style and layout passes of 5 ms or more after the first paint", () => {
    expect(report.restyles).toEqual([
      { name: "UpdateLayoutTree", passes: 1, ms: 109 },
      { name: "Layout", passes: 2, ms: 82 },
    ]);
  });

  it("marks no task as the navigation's commit when none commits it", () => {
    expect(report.tasks.map((t) => t.commit)).toEqual([false, false]);
  });

  it("misses the criterion for a long task after the first paint", () => {
    expect(missedCriterion(report)).toContain("a 199 ms task after the first paint, at 290 ms");
  });

  it("refuses a trace without a first paint, or without a page's navigation", () => {
    const noPaint = () => longTasks(events.filter((e) => e.name !== "firstContentfulPaint"));
    expect(noPaint).toThrow(/firstContentfulPaint/);
    expect(noPaint).toThrow(IncompleteTrace);
    const noNavigation = () => longTasks(events.filter((e) => e.args?.data?.documentLoaderURL !== "http://127.0.0.1/"));
    expect(noNavigation).toThrow(/navigationStart/);
    expect(noNavigation).toThrow(IncompleteTrace);
  });
});

// Style and layout passes with their sizes, as Chromium records them (elementCount at the end of an
// UpdateLayoutTree, dirtyObjects and totalObjects at the start of a Layout).
const style = (ts: number, dur: number, elementCount: number): TraceEvent => ({
  ...x("UpdateLayoutTree", ts, dur),
  args: { elementCount },
});
const layout = (ts: number, dur: number, dirtyObjects: number, totalObjects: number): TraceEvent => ({
  ...x("Layout", ts, dur),
  args: { beginData: { dirtyObjects, totalObjects } },
});
const page = [meta(2, 1, "CrRendererMain"), navigationStart(10_000, 2, "http://127.0.0.1/")];

describe("missedCriterion", () => {
  it("is met by one style and one layout pass over the content before the paint, and a long commit", () => {
    const report = longTasks([
      ...page,
      x("RunTask", 12_000, 80_000),
      { ...x("CommitLoad", 12_500, 1_000), args: { data: { isOutermostMainFrame: true } } },
      x("RunTask", 100_000, 90_000),
      style(100_000, 40_000, 480),
      layout(140_000, 45_000, 800, 810),
      mark("firstContentfulPaint", 200_000),
      // After the paint: a small restyle of a few elements (an island's button) in a short task.
      x("RunTask", 300_000, 20_000),
      style(300_000, 6_000, 4),
      layout(306_000, 3_000, 12, 812),
    ]);
    expect(report.contentPasses.map((p) => [p.name, p.size, p.afterPaint])).toEqual([
      ["UpdateLayoutTree", 480, false],
      ["Layout", 800, false],
    ]);
    expect(report.tasks.map((t) => t.commit)).toEqual([true, false]);
    expect(missedCriterion(report)).toEqual([]);
  });

  it("lets only the navigation's commit run on past the first paint", () => {
    const withCommit = [
      ...page,
      x("RunTask", 12_000, 80_000),
      { ...x("CommitLoad", 12_500, 1_000), args: { data: { isOutermostMainFrame: true } } },
      style(13_000, 3_000, 480),
      layout(16_000, 3_000, 800, 810),
      mark("firstContentfulPaint", 20_000),
    ];
    expect(longTasks(withCommit).tasks.map((t) => [t.afterPaint, t.commit])).toEqual([[true, true]]);
    expect(missedCriterion(longTasks(withCommit))).toEqual([]);
    // An SVG image's own document commits a navigation too: not the page's.
    const image = withCommit.map((e) =>
      e.name === "CommitLoad" ? { ...e, args: { data: { isOutermostMainFrame: false } } } : e,
    );
    expect(missedCriterion(longTasks(image))).toEqual(["a 80 ms task after the first paint, at 2 ms"]);
  });

  it("counts the task that draws the first paint by what it runs after the paint", () => {
    const drawing = [
      ...page,
      x("RunTask", 100_000, 120_000),
      style(100_000, 60_000, 480),
      layout(160_000, 50_000, 800, 810),
      mark("firstContentfulPaint", 215_000),
    ];
    expect(longTasks(drawing).tasks.map((t) => t.afterPaint)).toEqual([true]);
    expect(missedCriterion(longTasks(drawing))).toEqual([]);
    const longer = drawing.map((e) => (e.name === "RunTask" ? { ...e, dur: 180_000 } : e));
    expect(missedCriterion(longTasks(longer))).toEqual(["a 180 ms task after the first paint, at 90 ms"]);
  });

  it("is missed by a page painted mid-parse: its content styled and laid out in two passes", () => {
    const report = longTasks([
      ...page,
      style(100_000, 30_000, 300),
      layout(130_000, 20_000, 400, 400),
      mark("firstContentfulPaint", 200_000),
      style(300_000, 30_000, 290),
      layout(330_000, 30_000, 790, 810),
    ]);
    expect(missedCriterion(report)).toEqual([
      "2 UpdateLayoutTree passes over the page's content, not 1",
      "the UpdateLayoutTree pass over the page's content (290) at 290 ms follows the first paint",
      "the Layout pass over the page's content (790) at 320 ms follows the first paint",
    ]);
  });

  it("is missed by the content's one pass coming after a paint of its top", () => {
    const report = longTasks([
      ...page,
      style(100_000, 5_000, 20),
      layout(105_000, 5_000, 30, 30),
      mark("firstContentfulPaint", 200_000),
      style(300_000, 90_000, 480),
      layout(390_000, 150_000, 790, 810),
    ]);
    expect(missedCriterion(report)).toEqual([
      "the UpdateLayoutTree pass over the page's content (480) at 290 ms follows the first paint",
      "the Layout pass over the page's content (790) at 380 ms follows the first paint",
    ]);
  });
});
