import fs from "node:fs";
import postcss from "postcss";
const [htmlPath, sheetPath] = process.argv.slice(2);
const html = fs.readFileSync(htmlPath!, "utf8");
const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("\n");
const later = fs.readFileSync(sheetPath!, "utf8");
const ctx = (n: any) => { const a: string[] = []; for (let p = n.parent; p?.type === "atrule"; p = p.parent) a.unshift(`@${p.name} ${p.params}`); return a.join("|"); };
const inl = new Map<string, Set<string>>();
postcss.parse(inline).walkRules((r) => { for (const s of r.selectors) { const k = ctx(r) + "\n" + s; const set = inl.get(k) ?? new Set(); r.each((d: any) => { if (d.type === "decl") set.add(d.toString()); }); inl.set(k, set); } });
let tie = 0, beyond = 0; const ties: string[] = [];
postcss.parse(later).walk((n: any) => {
  if (n.type !== "rule" && !(n.type === "atrule" && n.nodes?.some((x: any) => x.type === "decl"))) return;
  if (n.type === "rule" && /keyframes$/.test(n.parent?.name ?? "")) return;
  const len = n.toString().length;
  const isTie = n.type === "rule" && n.selectors.every((s: string) => { const set = inl.get(ctx(n) + "\n" + s); return set && n.nodes.every((d: any) => d.type !== "decl" || set.has(d.toString())); });
  if (isTie) { tie += len; ties.push((ctx(n) ? ctx(n) + " " : "") + n.toString().slice(0, 160)); } else beyond += len;
});
console.log(JSON.stringify({ total: later.length, tie, beyond, tieRules: ties.length }));
if (process.env.LIST) console.log(ties.join("\n"));
