import { afterEach, describe, expect, it, vi } from "vitest";
import { jobOpenings, openOn, type JobOpening } from "./job-openings";
import { loader, meta } from "~/routes/career";

/** Midday UTC of a `YYYY-MM-DD` day, shifted by whole days. */
const day = (date: string, shift = 0) => new Date(Date.parse(`${date}T12:00:00Z`) + shift * 86_400_000);

const latestClose = jobOpenings
  .map((j) => j.validThrough)
  .sort()
  .at(-1)!;
const earliestPost = jobOpenings.map((j) => j.datePosted).sort()[0]!;

/** The JobPosting entries of the career page's metadata for what its loader decided. */
function postingsOf(open: readonly string[]): { title: string }[] {
  const descriptors = meta({ location: { pathname: "/career" }, loaderData: { open } } as never);
  return descriptors
    .flatMap((d) => ("script:ld+json" in d ? [d["script:ld+json"]] : []))
    .flatMap((ld) => ((ld as { "@graph"?: object[] })["@graph"] ?? [ld]) as { "@type"?: string; title: string }[])
    .filter((entry) => entry["@type"] === "JobPosting");
}

describe("a role is open from the day it is posted to the end of its validThrough day", () => {
  it.each(jobOpenings.map((job) => [job.id, job] as [string, JobOpening]))("%s", (_, job) => {
    expect(openOn(day(job.datePosted, -1), [job])).toEqual([]);
    expect(openOn(day(job.datePosted), [job])).toEqual([job]);
    expect(openOn(new Date(`${job.validThrough}T23:59:59.999Z`), [job])).toEqual([job]);
    expect(openOn(new Date(`${job.validThrough}T00:00:00Z`), [job])).toEqual([job]);
    expect(openOn(day(job.validThrough, 1), [job])).toEqual([]);
  });

  it("every role is closed the day after the last validThrough, and none is open before the first post", () => {
    expect(openOn(day(latestClose, 1))).toEqual([]);
    expect(openOn(day(earliestPost, -1))).toEqual([]);
  });
});

describe("the career page publishes only the roles open on the day it is made", () => {
  afterEach(() => vi.useRealTimers());

  it("made after every role closed: no role listed and no JobPosting", () => {
    vi.useFakeTimers({ now: day(latestClose, 1), toFake: ["Date"] });
    const { open } = loader();
    expect(open).toEqual([]);
    expect(postingsOf(open)).toEqual([]);
  });

  it("made on the day of one role's last date: that role is listed and published, the closed ones are not", () => {
    const firstClose = jobOpenings.map((j) => j.validThrough).sort()[0]!;
    vi.useFakeTimers({ now: day(firstClose), toFake: ["Date"] });
    const { open } = loader();
    const expected = jobOpenings.filter((j) => j.datePosted <= firstClose && firstClose <= j.validThrough);
    expect(open).toEqual(expected.map((j) => j.id));
    expect(postingsOf(open).map((p) => p.title)).toEqual(expected.map((j) => j.title));
    expect(open.length).toBeGreaterThan(0);
  });
});
