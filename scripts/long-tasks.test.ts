import { describe, expect, it } from "vitest";
import { longTasks, type TraceEvent } from "./long-tasks";

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

  it("refuses a trace without a first paint, or without a page's navigation", () => {
    expect(() => longTasks(events.filter((e) => e.name !== "firstContentfulPaint"))).toThrow(/firstContentfulPaint/);
    expect(() => longTasks(events.filter((e) => e.args?.data?.documentLoaderURL !== "http://127.0.0.1/"))).toThrow(
      /navigationStart/,
    );
  });
});
