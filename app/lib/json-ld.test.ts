import { describe, expect, it } from "vitest";
import { caseStudyArticle, faqPage, insightArticle, jsonLdText, organization } from "./json-ld";

describe("jsonLdText", () => {
  it("writes no character that could end the script or be read as markup, and parses back to the data", () => {
    const data = faqPage([{ question: "Can an answer hold </script>?", answer: "Tom & Jerry <b>\u2028</b>" }]);
    const text = jsonLdText(data);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe("Article", () => {
  const insight = insightArticle({
    path: "/insights/what-a-platform-team-owes",
    title: "What a platform team owes the product teams it serves",
    description: "Paved roads, not gates.",
    datePublished: "2026-11-20",
    author: { name: "Priya Raman", title: "Chief Executive Officer" },
    keywords: ["Platform engineering", "Kubernetes"],
  });
  const study = caseStudyArticle({
    path: "/case-studies/cloud-migration",
    title: "Moving a logistics platform to AWS",
    excerpt: "Eight weeks, minutes of downtime.",
    date: "2026-06-03",
    industry: "Logistics",
  });

  it("gives insights and case studies the same keys in the same order, apart from author's kind and what each is about", () => {
    const shape = (d: object) => Object.keys(d).filter((k) => k !== "keywords" && k !== "about");
    expect(shape(study)).toEqual(shape(insight));
    expect(insight).toMatchObject({ keywords: "Platform engineering, Kubernetes", author: { "@type": "Person" } });
    expect(study).toMatchObject({ about: "Logistics", author: { "@type": "Organization" } });
  });

  it("dates an unrevised case study as modified when published, with the whole company as its publisher", () => {
    expect(study.dateModified).toBe("2026-06-03");
    expect(study.publisher).toEqual(organization());
    const revised = caseStudyArticle({
      path: "/case-studies/cloud-migration",
      title: "Moving a logistics platform to AWS",
      excerpt: "Eight weeks, minutes of downtime.",
      date: "2026-06-03",
      published: "2026-12-02T10:00:00.000Z",
      industry: "Logistics",
    });
    expect(revised.dateModified).toBe("2026-12-02T10:00:00.000Z");
  });
});
