import { FieldMeanings, LastChanged, TemplateEditor, type Outcome } from "../../ui/template-editor";
import { decisionTemplateAnswer, type DecisionTemplateAnswer } from "@contracts/console-answers";
import { replyTemplateAnswer } from "@contracts/reply-answers";
import { z } from "zod";
import { templateFields } from "@contracts/careers/decision-templates";
import { fieldMeanings, personalLineField, renderDecision } from "@contracts/careers/decision-text";
import { useState } from "react";
import { useLoaderData } from "react-router";
import { api, errorText, type Staff } from "../../api";
import { ReplyTemplates } from "./ReplyTemplates";
import { useTitle } from "../../ui/useTitle";
import { can } from "@contracts/staff/permissions";

/** What the preview fills the fields with: a candidate as one might be, so the words can be read. */
const sample = {
  firstName: "Priya",
  role: "Senior DevOps Engineer",
  reference: "APP-2026-000123",
  personalLine: "Your write-up of the billing database migration was the clearest we read this year.",
};

const names: Record<string, string> = {
  interview: "Interview",
  offer: "Offer",
  "not selected": "Not selected",
  hired: "Hired",
};

/**
 * HR and administrators edit the e-mails a decision offers (issue 26; HR since issue 44). The server checks a template
 * (only the known fields, one line of subject, the personal line placed once) and says what is
 * wrong; the preview shows the words with sample values as they are typed.
 */
export const templatesLoader = async (_id: number, _search: URLSearchParams, { staff }: { staff: Staff }) => {
  // Each part for those who edit it: HR the decisions' e-mails, admins both (decision 071).
  const [decisions, replies] = await Promise.all([
    can(staff, "decision-templates:edit") ? api("decision-templates", z.array(decisionTemplateAnswer)) : null,
    can(staff, "templates:edit") ? api("reply-templates", z.array(replyTemplateAnswer)) : null,
  ]);
  return { decisions, replies };
};

type Loaded = {
  decisions: DecisionTemplateAnswer[] | null;
  replies: z.infer<typeof replyTemplateAnswer>[] | null;
};

export function TemplatesPage() {
  useTitle("E-mail templates");
  const loaded = useLoaderData() as Loaded;
  // A saved template replaces its loaded one (its "last changed" line follows).
  const [changed, setTemplates] = useState<DecisionTemplateAnswer[] | null>(null);
  const templates = changed ?? loaded.decisions;

  return (
    <>
      <h1 tabIndex={-1}>E-mail templates</h1>
      {templates && (
        <>
          <p>
            The e-mails a decision offers to send. When an application is moved to “interview”, “offer”, “not selected”
            or “hired”, HR sees the e-mail for that candidate, may add a personal line, and sends it by pressing Send:
            nothing is sent otherwise.
          </p>
          <h2 id="h-fields">Fields</h2>
          <FieldMeanings
            fields={[...templateFields, personalLineField] as const}
            meanings={fieldMeanings}
            labelledBy="h-fields"
          />
          <p className="hint">
            The subject may use the first three; the text may use all four and places <code>{"{{personalLine}}"}</code>{" "}
            once.
          </p>
          {templates.map((t) => (
            <TemplateForm
              key={t.status}
              template={t}
              onSaved={(saved) => setTemplates(templates.map((x) => (x.status === saved.status ? saved : x)))}
            />
          ))}
        </>
      )}
      {loaded.replies && <ReplyTemplates loaded={loaded.replies} />}
    </>
  );
}

function TemplateForm(props: { template: DecisionTemplateAnswer; onSaved: (t: DecisionTemplateAnswer) => void }) {
  const { template } = props;
  const [text, setText] = useState({ subject: template.subject, body: template.body });
  const [message, setMessage] = useState<Outcome>(null);
  const key = template.status.replace(/\W+/g, "-");
  const preview = renderDecision(text, sample);

  const save = async () => {
    setMessage(null);
    try {
      const saved = await api("decision-templates", decisionTemplateAnswer, { status: template.status, ...text });
      props.onSaved(saved);
      setMessage({
        text: `The “${template.status}” e-mail is saved. The next preview and Send use it.`,
        failed: false,
      });
    } catch (error) {
      setMessage({ text: errorText(error), failed: true });
    }
  };

  return (
    <section aria-labelledby={`h-${key}`} className="template">
      <h2 id={`h-${key}`}>{names[template.status] ?? template.status}</h2>
      <LastChanged by={template.updated_by} at={template.updated_at} />
      <TemplateEditor
        name={key}
        onSubmit={() => void save()}
        text={text}
        onText={setText}
        rows={16}
        outcome={message}
        actions={<button type="submit">Save the “{template.status}” e-mail</button>}
        preview={preview}
        previewHeading="h3"
      />
    </section>
  );
}
