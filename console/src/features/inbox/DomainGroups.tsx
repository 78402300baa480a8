import type { DomainGroupsAnswer } from "@contracts/console-answers";
import type { Kind } from "../../api";
import { useNavigate } from "react-router";
import { useLocationState, withHidden } from "../../hidden-state";

const nouns: Record<"" | Kind, string> = {
  "": "messages",
  contact: "enquiries",
  application: "applications",
  feedback: "feedback notes",
};

/**
 * Above the inbox's list: the companies that wrote more than once in this view ("3 enquiries from
 * northwindlogistics.com", server/console/domain-groups.ts). Choosing one narrows the inbox to it,
 * from page 1. The chosen domain lives in the history entry's hidden state like the search words,
 * never in the address: a small company's domain can name a person.
 */
export function DomainGroups({
  domains,
  chosen,
  kind,
}: {
  domains: DomainGroupsAnswer;
  chosen: string;
  kind: "" | Kind;
}) {
  const { pathname, search, hidden } = useLocationState();
  const navigate = useNavigate();
  const show = (domain: string) => {
    const params = new URLSearchParams(search);
    params.delete("page");
    const query = params.toString();
    const { domain: _left, ...others } = hidden;
    const next = domain ? { ...others, domain } : others;
    void navigate(`${pathname}${query ? `?${query}` : ""}`, { state: withHidden(next) });
  };

  if (chosen) {
    return (
      <div className="domain-groups" role="status">
        <p>
          Only senders at <strong>{chosen}</strong>.{" "}
          <button type="button" className="link" onClick={() => show("")}>
            Show every sender
          </button>
        </p>
      </div>
    );
  }
  if (!domains.groups.length) return null;
  return (
    <section className="domain-groups" aria-labelledby="domain-groups-title">
      <h2 id="domain-groups-title">
        Companies that wrote more than once{domains.limited ? " (in the newest 250 of this view)" : ""}
      </h2>
      <ul>
        {domains.groups.map((g) => (
          <li key={g.domain}>
            <button type="button" onClick={() => show(g.domain)}>
              {g.count} {nouns[kind]} from {g.domain}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
