import type { FaqItem } from "~/content/schemas";
import { SectionHead } from "~/components/sections/section-head";
import { faqPage, jsonLdText } from "~/lib/json-ld";

/**
 * The FAQ: first item open, one open at a time, clicking the open one closes it, answers
 * unfolding in 300 ms. Plain `<details name>` elements (an exclusive accordion) do all of it in
 * the browser, so it works the same before the scripts load and without JavaScript; the 300 ms
 * come from CSS where the browser can animate to an auto height (_sections.scss).
 */
export function FaqAccordion({ items, idPrefix }: { items: readonly FaqItem[]; idPrefix: string }) {
  return (
    <div className="faq-accordion">
      {items.map((item, index) => (
        <details
          key={item.question}
          name={idPrefix}
          open={index === 0}
          id={`${idPrefix}-${index}`}
          className="faq-item"
        >
          <summary className="faq-item__question">
            <h3>{item.question}</h3>
          </summary>
          <div className="faq-item__answer">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}

export function FaqSection({
  id,
  heading,
  text,
  items,
}: {
  id: string;
  heading: string;
  text: string;
  items: readonly FaqItem[];
}) {
  return (
    <section className="section" aria-labelledby={`${id}-heading`}>
      <div className="container narrow">
        <SectionHead id={`${id}-heading`} heading={heading} lead={text} />
        <FaqAccordion items={items} idPrefix={id} />
        {/* The FAQPage structured data sits next to the questions it repeats, not in the head:
            within compression's 32 KB window, so their words cost their bytes once (decision 080). */}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(faqPage(items)) }} />
      </div>
    </section>
  );
}
