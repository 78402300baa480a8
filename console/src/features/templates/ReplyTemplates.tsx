import { FieldMeanings, LastChanged, TemplateEditor, type Outcome } from "../../ui/template-editor";
import { unreadAnswer, api, errorText } from "../../api";
import { replyTemplateAnswer } from "@contracts/reply-answers";
import type { ReplyTemplateAnswer } from "@contracts/reply-answers";
import {
  fillReplyTemplate,
  replyFieldMeanings,
  replyFields,
  replyTemplateKinds,
  type ReplyTemplateKind,
} from "@contracts/replies";
import { useState } from "react";
import { ConfirmBox } from "../../ui/ConfirmBox";

const kindNames: Record<ReplyTemplateKind, string> = {
  contact: "Enquiries",
  feedback: "Feedback",
  both: "Enquiries and feedback",
};

/** What the preview fills the fields with, so the words can be read as a sender would. */
const sample = { firstName: "Maria", reference: "#1042" };

const blank = { name: "", kind: "contact" as ReplyTemplateKind, subject: "", body: "" };

/**
 * Administrators write the replies the console offers for enquiries and feedback (issue 27). A
 * template is a starting point: the person replying edits it into their own words before sending.
 * The server checks each template (only the known fields, a one-line subject, a unique name).
 * The list comes loaded with the page (TemplatesPage's loader); changes are kept here.
 */
export function ReplyTemplates({ loaded }: { loaded: ReplyTemplateAnswer[] }) {
  const [templates, setTemplates] = useState(loaded);
  const [adding, setAdding] = useState(false);
  /** Said outside the forms: an added template's form replaces the one it was written in. */
  const [notice, setNotice] = useState("");

  return (
    <section aria-labelledby="h-reply-templates" className="reply-templates">
      <h2 id="h-reply-templates">Replies to enquiries and feedback</h2>
      <p>
        Sales and administrators start a reply from one of these on an enquiry’s or feedback’s page, edit it and send
        it. The subject and text may use these fields:
      </p>
      <FieldMeanings fields={replyFields} meanings={replyFieldMeanings} />
      {templates.map((t) => (
        <ReplyTemplateForm
          key={t.id}
          template={t}
          onSaved={(saved) => setTemplates(templates.map((x) => (x.id === saved.id ? saved : x)))}
          onDeleted={() => {
            setTemplates(templates.filter((x) => x.id !== t.id));
            setNotice(`“${t.name}” is deleted. Replies already sent from it keep their words.`);
          }}
        />
      ))}
      {adding ? (
        <ReplyTemplateForm
          template={null}
          onSaved={(saved) => {
            setTemplates([...templates, saved]);
            setAdding(false);
            setNotice(`“${saved.name}” is added: it is offered from now on.`);
          }}
          onDeleted={() => setAdding(false)}
        />
      ) : (
        <button
          type="button"
          onClick={() => {
            setAdding(true);
            setNotice("");
          }}
        >
          Add a reply template
        </button>
      )}
      <div role="status" className="reply-templates-notice">
        {notice && <p className="hint">{notice}</p>}
      </div>
    </section>
  );
}

function ReplyTemplateForm(props: {
  template: ReplyTemplateAnswer | null;
  onSaved: (t: ReplyTemplateAnswer) => void;
  onDeleted: () => void;
}) {
  const { template } = props;
  const start = template ?? blank;
  const [name, setName] = useState(start.name);
  const [kind, setKind] = useState<ReplyTemplateKind>(start.kind);
  const [text, setText] = useState({ subject: start.subject, body: start.body });
  const [message, setMessage] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState(false);
  const key = template ? `reply-${template.id}` : "reply-new";
  const preview = fillReplyTemplate(text, sample);

  const save = async () => {
    setMessage(null);
    try {
      const saved = await api("reply-templates", replyTemplateAnswer, {
        ...(template ? { id: template.id } : {}),
        name,
        kind,
        ...text,
      });
      props.onSaved(saved);
      setMessage({ text: `“${saved.name}” is saved. The next reply that starts from it uses it.`, failed: false });
    } catch (error) {
      setMessage({ text: errorText(error), failed: true });
    }
  };
  const remove = async () => {
    if (!template) return;
    try {
      await api(`reply-templates/${template.id}/delete`, unreadAnswer, {});
      props.onDeleted();
    } catch (error) {
      setMessage({ text: errorText(error), failed: true });
    }
  };

  return (
    <section aria-labelledby={`h-${key}`} className="template">
      <h3 id={`h-${key}`}>{template ? template.name : "New reply template"}</h3>
      {template && <LastChanged by={template.updated_by} at={template.updated_at} />}
      <TemplateEditor
        name={key}
        onSubmit={() => void save()}
        leading={
          <>
            <label htmlFor={`name-${key}`}>Name</label>
            <input id={`name-${key}`} value={name} onChange={(e) => setName(e.target.value)} />
            <label htmlFor={`kind-${key}`}>Offered for</label>
            <select id={`kind-${key}`} value={kind} onChange={(e) => setKind(e.target.value as ReplyTemplateKind)}>
              {replyTemplateKinds.map((k) => (
                <option key={k} value={k}>
                  {kindNames[k]}
                </option>
              ))}
            </select>
          </>
        }
        text={text}
        onText={setText}
        rows={12}
        outcome={message}
        actions={
          <>
            <p className="template-actions">
              <button type="submit">{template ? `Save “${template.name}”` : "Add the template"}</button>
              <button type="button" onClick={() => (template ? setConfirming(true) : props.onDeleted())}>
                {template ? `Delete “${template.name}”` : "Cancel"}
              </button>
            </p>
            {confirming && template && (
              <ConfirmBox
                id={`confirm-${key}`}
                danger
                question={`Delete the reply template “${template.name}”? Replies already sent from it keep their words.`}
                action="Delete the template"
                onConfirm={() => void remove()}
                onCancel={() => setConfirming(false)}
              />
            )}
          </>
        }
        preview={preview}
        previewHeading="h4"
      />
    </section>
  );
}
