/**
 * The service and technology keys a content item may be tagged with (`services`, `technologies`
 * in contracts/content/items.ts), with the names the site's menus give them. The console offers
 * them as choices; the server checks a key's shape only (it cannot read app/content). Kept equal
 * to the site's page table (app/site/pages.ts) by app/content/site-keys.test.ts.
 */
export interface SiteKeyChoice {
  key: string;
  label: string;
}

export const serviceChoices: readonly SiteKeyChoice[] = [
  { key: "mobileapp", label: "Mobile App Development" },
  { key: "webdevlopment", label: "Website Development" },
  { key: "cloud", label: "Cloud Services" },
  { key: "ai", label: "Artificial Intelligence" },
  { key: "migration", label: "Migration Services" },
  { key: "devops", label: "DevOps Solutions" },
  { key: "micro", label: "Microservices Architecture" },
];

export const technologyChoices: readonly SiteKeyChoice[] = [
  { key: "react", label: "React" },
  { key: "python", label: "Python" },
  { key: "laravel", label: "Laravel" },
  { key: "nodejs", label: "Node.js" },
  { key: "aiml", label: "AI/ML" },
  { key: "mlops", label: "MLOps" },
  { key: "spring", label: "Spring" },
];
