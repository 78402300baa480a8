/**
 * A page's meta descriptors as elements, exactly as React Router's <Meta /> renders them (its
 * tags, keys and the escaping of JSON-LD; react-router 7's lib/dom/ssr/components.tsx). The
 * careers renderer uses it to write a role's head on the server, and to find the sample's head
 * in the prerendered template: if React Router ever renders differently, the server refuses to
 * start (server/careers/careers-pages.ts), rather than serve a head the browser would re-render.
 */
import type { MetaDescriptor } from "react-router";

const jsonEscapes: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const escapeJson = (json: string) => json.replace(/[&><\u2028\u2029]/g, (c) => jsonEscapes[c]!);

export function HeadTags({ descriptors }: { descriptors: readonly MetaDescriptor[] }) {
  return (
    <>
      {descriptors.map((d) => {
        if ("tagName" in d) {
          const { tagName, ...rest } = d as { tagName: "meta" | "link" } & Record<string, string>;
          const Tag = tagName;
          return <Tag key={JSON.stringify(rest)} {...rest} />;
        }
        if ("title" in d) return <title key="title">{String(d.title)}</title>;
        if ("script:ld+json" in d) {
          const json = JSON.stringify(d["script:ld+json"]);
          return (
            <script
              key={`script:ld+json:${json}`}
              type="application/ld+json"
              dangerouslySetInnerHTML={{ __html: escapeJson(json) }}
            />
          );
        }
        return <meta key={JSON.stringify(d)} {...(d as Record<string, string>)} />;
      })}
    </>
  );
}
