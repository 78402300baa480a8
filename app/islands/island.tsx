import type { ComponentProps } from "react";
import { FormAnswerView, useFormAnswer } from "~/components/forms/form-answer";
import { IslandRoot } from "./island-root";
import { islandParts, type IslandName } from "./parts";

type PartProps<N extends IslandName> = ComponentProps<(typeof islandParts)[N]["default"]>;

/**
 * Mounts an island: the part renders into the prerendered HTML inside a wrapper that names it and
 * carries its props as JSON (display: contents, so the wrapper takes no part in the layout), and
 * the browser entry (entry.ts) hydrates that wrapper with the same part. A part whose props come
 * from the page in the browser (propsFromPage) carries none.
 *
 * On a page that answers a browser's own form post (docs/decisions/060) a form island is not
 * mounted: the server's answer takes its place, and the page runs no script.
 */
export function Island<N extends IslandName>({
  name,
  props,
}: { name: N } & (keyof PartProps<N> extends never ? { props?: undefined } : { props: PartProps<N> })) {
  const answer = useFormAnswer(name);
  if (answer)
    return <FormAnswerView answer={answer} idPrefix={(props as { idPrefix?: string } | undefined)?.idPrefix} />;
  const part = islandParts[name];
  const Part = part.default as (p: object) => React.ReactNode;
  const carried = props !== undefined && !("propsFromPage" in part);
  return (
    <IslandRoot name={name} props={carried ? (props as object) : undefined}>
      <Part {...((props ?? {}) as object)} />
    </IslandRoot>
  );
}
