/**
 * The browser entry of every prerendered page (docs/decisions/041-islands.md), started after the
 * first paint by the loader of server/render/boot-loader.ts. The page is complete HTML; this adds
 * the behaviour the root used to add once React had hydrated the whole page:
 *
 * - the shell's islands (header, cookie notice, scroll-to-top button, counters, cookie settings)
 *   hydrate at once, each from its own chunk, which postbuild preloads beside this entry, and each
 *   in a task of its own (one-task-each.ts), so no task after the paint is long (decision 082);
 * - a form's island hydrates when the visitor starts using the form (focus, input, a press) or,
 *   once it has scrolled into view, when the page is idle, so its code (checks, proof of work)
 *   is not part of the page's load; with it comes the page's later sheet, the rules only the
 *   form's code uses (its error states, the file picker, the sent answer: decision 061);
 * - the page's own effects: reveal on scroll, the page view and the measurement chunk when the
 *   visitor allows it (which also keeps the visit's source, lib/lead-source.ts), the brand face;
 * - <html data-hydrated>, once the shell is live: the hook tests and scripts wait for.
 */
import { createElement, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { measurePage, startMeasurementWhenAllowed } from "~/lib/measurement";
import { startReveal } from "~/lib/reveal";
import { isFormIsland } from "./names";
import { oneTaskEach } from "./one-task-each";
import { keepTypedValues } from "./typed-values";

interface PartModule {
  default: (props: never) => ReactNode;
  propsFromPage?: () => object;
}

const parts = import.meta.glob<PartModule>("./parts/*.tsx");

function loadPart(el: HTMLElement): Promise<PartModule> {
  const name = el.dataset.island ?? "";
  const load = parts[`./parts/${name}.tsx`];
  return load ? load() : Promise.reject(new Error(`No island is called "${name}"`));
}

function hydrateWith(el: HTMLElement, part: PartModule): void {
  const props = part.propsFromPage?.() ?? (JSON.parse(el.dataset.props ?? "{}") as object);
  // Whatever the visitor typed while the code loaded is read from the page and put back.
  const restore = keepTypedValues(el);
  hydrateRoot(el, createElement(part.default as (p: object) => ReactNode, props));
  restore();
  el.dataset.islandHydrated = "";
}

async function hydrate(el: HTMLElement): Promise<void> {
  hydrateWith(el, await loadPart(el));
}

/**
 * The page's later sheet (named by the boot script when the build took the forms' rules out of the
 * page's sheet), added once; resolves when it applies, or failed to load (the form then works unstyled
 * in its error states rather than not at all).
 */
let laterSheet: Promise<void> | undefined;
function loadLaterSheet(): Promise<void> {
  const href = document.getElementById("rr-boot")?.dataset.laterCss;
  if (!href) return Promise.resolve();
  laterSheet ??= new Promise<void>((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
  return laterSheet;
}

const report = (name: string | undefined) => (error: unknown) => console.error(`Island ${name} failed`, error);

/**
 * A form's island: hydrated on first use or sight. A submit made before its code has arrived
 * waits for it and then goes through the form's own handler ("Sending...", the checks); should
 * the code fail to load, the form posts itself as it does without JavaScript.
 */
function armForm(el: HTMLElement): void {
  let state: "idle" | "loading" | "live" | "failed" = "idle";
  let ready: Promise<void> = Promise.resolve();
  const triggers = ["focusin", "input", "pointerdown"] as const;
  // Seen but not touched: the code is fetched and hydrated when the page is idle, so that a tap
  // landing just as the form scrolls in is not held behind the hydration (bench:nav's input delay).
  const whenIdle = (run: () => void) =>
    "requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);
  const observer =
    "IntersectionObserver" in window
      ? new IntersectionObserver((es) => es.some((e) => e.isIntersecting) && whenIdle(start))
      : undefined;
  function start() {
    if (state !== "idle") return;
    state = "loading";
    observer?.disconnect();
    for (const t of triggers) el.removeEventListener(t, start, true);
    ready = Promise.all([hydrate(el), loadLaterSheet()]).then(
      () => void (state = "live"),
      (error: unknown) => {
        state = "failed";
        report(el.dataset.island)(error);
      },
    );
  }
  for (const t of triggers) el.addEventListener(t, start, true);
  // The wrapper is display: contents and has no box of its own: watch what it holds.
  for (const child of el.children) observer?.observe(child);
  el.addEventListener(
    "submit",
    (event) => {
      if (state === "live" || state === "failed") return;
      event.preventDefault();
      start();
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      void ready.then(() =>
        form.requestSubmit(submitter?.isConnected && submitter.closest("form") === form ? submitter : null),
      );
    },
    true,
  );
}

const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
const shell = islands.filter((el) => !isFormIsland(el.dataset.island ?? ""));
for (const el of islands) if (isFormIsland(el.dataset.island ?? "")) armForm(el);

// The rest runs in tasks of its own (one-task-each.ts): the reveal's layout read, the measurement,
// and each shell island's hydration as its code arrives, so that none of them adds to the task of
// this module's evaluation or to another's.
const inTurn = oneTaskEach();
void inTurn(startReveal);
void inTurn(() => {
  // A page the speculation rules prerendered is counted when the visitor is shown it, not before.
  if ((document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener("prerenderingchange", () => measurePage(location.pathname), { once: true });
  else measurePage(location.pathname);
  startMeasurementWhenAllowed();
});

void Promise.allSettled(
  shell.map((el) =>
    // Each import starts in a task of its own as well: Vite's loader adds a preload link, and so a
    // fetch, for each chunk an island needs that is not yet asked for. Started together while this
    // module evaluated, they made its task 43-59 ms at CPU 4× on a quiet machine. The import's
    // promise is wrapped so that the queue goes on without waiting for its network.
    inTurn(() => ({ loading: loadPart(el) }))
      .then(({ loading }) => loading)
      .then((part) => inTurn(() => hydrateWith(el, part)))
      .catch(report(el.dataset.island)),
  ),
).then(() => document.documentElement.setAttribute("data-hydrated", ""));
