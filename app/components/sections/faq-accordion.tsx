import { Accordion } from "react-bootstrap";
import type { FaqItem } from "~/content/schemas";

/**
 * The FAQ: first item open, one open at a time, clicking the open one closes it (300 ms, from
 * the theme). Answers are in the prerendered HTML, so they are readable without JavaScript.
 */
export function FaqAccordion({ items, idPrefix }: { items: readonly FaqItem[]; idPrefix: string }) {
  return (
    <Accordion defaultActiveKey="0" className="faq-accordion">
      {items.map((item, index) => (
        <Accordion.Item key={item.question} eventKey={String(index)} id={`${idPrefix}-${index}`}>
          <Accordion.Header as="h3">{item.question}</Accordion.Header>
          <Accordion.Body>{item.answer}</Accordion.Body>
        </Accordion.Item>
      ))}
    </Accordion>
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
        <h2 id={`${id}-heading`} className="section-title text-center">
          {heading}
        </h2>
        <p className="section-lead text-center">{text}</p>
        <FaqAccordion items={items} idPrefix={id} />
      </div>
    </section>
  );
}
